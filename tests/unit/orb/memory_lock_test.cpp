#include "orb/memory_lock.hpp"

#include <gtest/gtest.h>
#include <malloc.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#include "orb/orb_core.hpp"

namespace rtorb::orb {
namespace {

// Locked kilobytes (VmLck in /proc/self/status), or -1 if unknown.
long locked_kib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmLck:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
  }
  return -1;
}

bool sanitized() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  return true;  // the sanitizers keep their own heap and terabytes of shadow mappings
#else
  return false;
#endif
}

// Each TEST runs in a process of its own (gtest_discover_tests), so these process-wide
// settings do not leak into other tests.
TEST(LockMemory, FreedLargeBlocksStayInTheHeapAndTouchedPagesAreLocked) {
  if (sanitized()) GTEST_SKIP() << "the sanitizers replace the heap";
  const std::string problems = lock_process_memory();
  const auto before = ::mallinfo2();
  constexpr std::size_t large = 1024 * 1024;  // far above glibc's default mmap threshold
  void* block = std::malloc(large);
  ASSERT_NE(block, nullptr);
  std::memset(block, 1, large);
  const auto during = ::mallinfo2();
  EXPECT_EQ(during.hblks, before.hblks) << "a large block was still mmapped";
  std::free(block);
  const auto after = ::mallinfo2();
  EXPECT_EQ(after.arena, during.arena) << "the heap was trimmed after a free";
  if (problems.empty()) {
    EXPECT_GE(locked_kib(), static_cast<long>(large / 1024));
  } else {
    EXPECT_NE(problems.find("mlockall"), std::string::npos) << problems;
  }
}

TEST(LockMemory, OrbInitWithTheOptionSetsTheHeapUp) {
  if (sanitized()) GTEST_SKIP() << "the sanitizers replace the heap";
  OrbOptions options;
  options.orb_id = "lock-memory";
  options.lock_memory = true;
  auto orb = OrbCore::create(std::move(options));
  const auto before = ::mallinfo2();
  void* block = std::malloc(512 * 1024);
  ASSERT_NE(block, nullptr);
  EXPECT_EQ(::mallinfo2().hblks, before.hblks);
  std::free(block);
  orb->destroy();
}

}  // namespace
}  // namespace rtorb::orb
