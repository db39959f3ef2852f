// Replaces the global operator new/delete (all forms) with counting versions on malloc.
#include "test_support/allocation_counter.hpp"

#include <execinfo.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <new>

namespace rtorb::test {
namespace {

std::atomic<bool> counting{false};
std::atomic<std::size_t> count{0};
thread_local bool thread_counting = false;
thread_local std::size_t thread_count = 0;
bool trace = false;
thread_local bool in_trace = false;

void print_stack() noexcept {
  if (in_trace) return;  // backtrace itself may allocate the first time
  in_trace = true;
  void* frames[24];
  const int n = ::backtrace(frames, 24);
  static constexpr char rule[] = "---- counted allocation\n";
  [[maybe_unused]] const auto w = ::write(2, rule, sizeof rule - 1);
  ::backtrace_symbols_fd(frames, n, 2);
  in_trace = false;
}

void* allocate(std::size_t size, std::size_t alignment, bool nothrow) {
  if (thread_counting) ++thread_count;
  if (counting.load(std::memory_order_relaxed)) {
    count.fetch_add(1, std::memory_order_relaxed);
    if (trace) print_stack();
  }
  if (size == 0) size = 1;
  void* p = alignment > alignof(std::max_align_t)
                ? std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment)
                : std::malloc(size);
  if (p == nullptr && !nothrow) throw std::bad_alloc();
  return p;
}

}  // namespace

void start_counting_allocations() noexcept {
  const char* env = std::getenv("RTORB_ALLOCATION_TRACE");
  trace = env != nullptr && env[0] == '1';
  count.store(0);
  counting.store(true);
}

std::size_t stop_counting_allocations() noexcept {
  counting.store(false);
  return count.load();
}

void start_counting_thread_allocations() noexcept {
  thread_count = 0;
  thread_counting = true;
}

std::size_t stop_counting_thread_allocations() noexcept {
  thread_counting = false;
  return thread_count;
}

}  // namespace rtorb::test

using rtorb::test::allocate;

void* operator new(std::size_t n) { return allocate(n, 0, false); }
void* operator new[](std::size_t n) { return allocate(n, 0, false); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  return allocate(n, 0, true);
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  return allocate(n, 0, true);
}
void* operator new(std::size_t n, std::align_val_t a) {
  return allocate(n, static_cast<std::size_t>(a), false);
}
void* operator new[](std::size_t n, std::align_val_t a) {
  return allocate(n, static_cast<std::size_t>(a), false);
}
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return allocate(n, static_cast<std::size_t>(a), true);
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return allocate(n, static_cast<std::size_t>(a), true);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  std::free(p);
}
