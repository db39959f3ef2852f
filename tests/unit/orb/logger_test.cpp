// The ORB's log: levels, the shape of a line, and whole lines from many threads at once.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "base/logger.hpp"

namespace {

class LogFile {
 public:
  LogFile()
      : path_(std::filesystem::temp_directory_path() /
              ("rtorb-logger-test-" + std::to_string(::getpid()) + "-" + std::to_string(next_++))) {}
  ~LogFile() { std::filesystem::remove(path_); }
  int open() const { return ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644); }
  std::vector<std::string> lines() const {
    std::ifstream in(path_);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  }

 private:
  static inline int next_ = 0;
  std::filesystem::path path_;
};

TEST(Logger, WritesOnlyWhatItsLevelEnables) {
  LogFile file;
  {
    rtorb::Logger log(2, "rtorb", file.open(), true);
    EXPECT_FALSE(log.enabled(3));
    EXPECT_TRUE(log.enabled(2));
    log.log(1, "one");
    log.log(2, "two");
    log.log(3, "three");
    log.set_level(0);
    log.log(1, "after");
    log.write_line("always");
  }
  const auto lines = file.lines();
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_TRUE(lines[0].ends_with(" rtorb: one"));
  EXPECT_TRUE(lines[1].ends_with(" rtorb: two"));
  EXPECT_TRUE(lines[2].ends_with(" rtorb: always"));
}

// -ORBLogCategories: a category named is on whatever the level, and only that one.
TEST(Logger, ACategoryNamedIsOnWhateverTheLevel) {
  using rtorb::LogCategory;
  const rtorb::Logger calls_only(0, "rtorb", 2, false,
                                 rtorb::log_category_bit(LogCategory::calls));
  EXPECT_TRUE(calls_only.enabled(LogCategory::calls));
  EXPECT_FALSE(calls_only.enabled(LogCategory::requests));
  EXPECT_FALSE(calls_only.enabled(LogCategory::connections));
  EXPECT_FALSE(calls_only.enabled(1));
  const rtorb::Logger requests_at_one(1, "rtorb", 2, false,
                                      rtorb::log_category_bit(LogCategory::requests));
  EXPECT_TRUE(requests_at_one.enabled(LogCategory::errors));
  EXPECT_TRUE(requests_at_one.enabled(LogCategory::requests));
  EXPECT_FALSE(requests_at_one.enabled(LogCategory::exceptions));
  EXPECT_FALSE(requests_at_one.enabled(LogCategory::calls));
}

TEST(Logger, ALevelTurnsOnEveryCategoryUpToIt) {
  using rtorb::LogCategory;
  rtorb::Logger log(3, "rtorb");
  EXPECT_TRUE(log.enabled(LogCategory::exceptions));
  EXPECT_FALSE(log.enabled(LogCategory::requests));
  EXPECT_FALSE(log.enabled(LogCategory::calls));
  log.set_level(5);
  EXPECT_TRUE(log.enabled(LogCategory::requests));
  EXPECT_TRUE(log.enabled(LogCategory::calls));
  EXPECT_FALSE(log.enabled(6));
  log.set_level(10);
  EXPECT_TRUE(log.enabled(10));
  EXPECT_FALSE(log.enabled(40));  // no level that high, and no undefined shift
}

TEST(Logger, CategoriesHaveTheirNamesOnly) {
  EXPECT_EQ(rtorb::log_category_named("calls"), rtorb::LogCategory::calls);
  EXPECT_EQ(rtorb::log_category_named("requests"), rtorb::LogCategory::requests);
  EXPECT_EQ(rtorb::log_category_named("errors"), rtorb::LogCategory::errors);
  EXPECT_EQ(rtorb::log_category_named("connections"), rtorb::LogCategory::connections);
  EXPECT_EQ(rtorb::log_category_named("exceptions"), rtorb::LogCategory::exceptions);
  EXPECT_FALSE(rtorb::log_category_named("Calls"));
  EXPECT_FALSE(rtorb::log_category_named("invocations"));
  EXPECT_FALSE(rtorb::log_category_named(""));
}

TEST(Logger, ALineNamesTheTimeTheProcessItsPidAndTheThread) {
  LogFile file;
  {
    rtorb::Logger log(1, "rtorb(server)", file.open(), true);
    log.log(1, "hello");
  }
  const auto lines = file.lines();
  ASSERT_EQ(lines.size(), 1u);
  const std::regex shape(R"(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6} )" +
                         std::string(program_invocation_short_name) + R"(\[)" +
                         std::to_string(::getpid()) + R"(:\d+\] rtorb\(server\): hello)");
  EXPECT_TRUE(std::regex_match(lines[0], shape)) << lines[0];
}

TEST(Logger, LinesFromManyThreadsStayWhole) {
  LogFile file;
  constexpr int threads = 8;
  constexpr int per_thread = 200;
  {
    rtorb::Logger log(1, "rtorb", file.open(), true);
    std::vector<std::thread> writers;
    for (int t = 0; t < threads; ++t) {
      writers.emplace_back([&log, t] {
        const std::string text = "thread " + std::to_string(t) + " " + std::string(300, 'x') + " end";
        for (int i = 0; i < per_thread; ++i) log.log(1, text);
      });
    }
    for (auto& w : writers) w.join();
  }
  const auto lines = file.lines();
  ASSERT_EQ(lines.size(), static_cast<std::size_t>(threads * per_thread));
  const std::regex whole(R"(.* rtorb: thread \d x{300} end)");
  for (const auto& line : lines) ASSERT_TRUE(std::regex_match(line, whole)) << line;
}

}  // namespace
