// Golden files: the C++ rtorb-idl writes for tests/idl/golden/*.idl must match what is
// checked in under tests/idl/golden/expected/, so every change in output shows in review.
// After a deliberate change run tests/idl/update_golden <build-dir> and review the diff.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(GoldenFiles, GeneratedCodeMatchesTheCheckedInFiles) {
  const fs::path golden = fs::path(RTORB_SOURCE_DIR) / "tests/idl/golden";
  const fs::path out = fs::temp_directory_path() / ("rtorb_golden_" + std::to_string(::getpid()));
  int compared = 0;
  for (const auto& entry : fs::directory_iterator(golden)) {
    if (entry.path().extension() != ".idl") continue;
    const std::string command = std::string(RTORB_BINARY_DIR) + "/bin/rtorb-idl -I " + golden.string() +
                                " -o " + out.string() + " " + entry.path().string();
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    const std::string stem = entry.path().stem().string();
    for (const char* suffix : {"C.h", "C.cpp", "S.h", "S.cpp"}) {
      const std::string name = stem + suffix;
      ASSERT_TRUE(fs::exists(golden / "expected" / name)) << name << " has no golden file";
      EXPECT_EQ(read_file(out / name), read_file(golden / "expected" / name))
          << name << " differs from its golden file; if intended, run tests/idl/update_golden";
      ++compared;
    }
  }
  fs::remove_all(out);
  EXPECT_GE(compared, 16);
}

}  // namespace
