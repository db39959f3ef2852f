// One ORB's log (-ORBDebugLevel, -ORBLogFile; docs/logging.md): lines naming the time, the
// process, its pid and the thread, each written whole with one write(2), so the lines of
// threads, and of processes appending to one file, never interleave.
#pragma once

#include <atomic>
#include <string>
#include <string_view>

namespace rtorb {

class Logger {
 public:
  // Writes to `fd` (stderr by default), closing it at the end when `owns_fd`. `tag` names
  // the writer in each line ("rtorb", "rtorb(orb-id)").
  Logger(int level, std::string tag, int fd = 2, bool owns_fd = false) noexcept;
  ~Logger();
  Logger(const Logger&) = delete;
  Logger& operator=(const Logger&) = delete;

  // What the request path asks before building a line: one relaxed load and a branch.
  bool enabled(int level) const noexcept { return level <= level_.load(std::memory_order_relaxed); }
  int level() const noexcept { return level_.load(std::memory_order_relaxed); }
  void set_level(int level) noexcept { level_.store(level, std::memory_order_relaxed); }

  // `text` as one line, if `level` is enabled. Never throws; a line that cannot be
  // written is lost (logging must not take the process down).
  void log(int level, std::string_view text) const noexcept {
    if (enabled(level)) [[unlikely]] write_line(text);
  }
  // `text` as one line whatever the level: what the user asked for and must hear about.
  void write_line(std::string_view text) const noexcept;

 private:
  std::atomic<int> level_;
  std::string tag_;
  int fd_;
  bool owns_fd_;
};

}  // namespace rtorb
