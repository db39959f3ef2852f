// One ORB's log (-ORBDebugLevel, -ORBLogCategories, -ORBLogFile; docs/logging.md): lines
// naming the time, the process, its pid and the thread, each written whole with one
// write(2), so the lines of threads, and of processes appending to one file, never
// interleave.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rtorb {

// What a line is about. -ORBDebugLevel n turns on every category whose level is n or less;
// -ORBLogCategories turns on the ones it names as well, whatever the level. The numbers are
// the levels (`calls` shares level 5 with `requests`, on a bit of its own).
enum class LogCategory : unsigned {
  errors = 1,       // endpoints, shutdown, bad messages, handlers that raised
  connections = 2,  // connections opened and closed, CloseConnection, forwards followed
  exceptions = 3,   // system exceptions sent to peers, refused requests
  requests = 5,     // every request served and LocateRequest answered (server)
  calls = 11,       // every call made (client): synchronous and asynchronous
};

// "errors", "connections", "exceptions", "requests", "calls"; nothing for another name.
std::optional<LogCategory> log_category_named(std::string_view name) noexcept;
// The set of one category, for Logger's `categories`.
constexpr std::uint32_t log_category_bit(LogCategory c) noexcept {
  return 1u << static_cast<unsigned>(c);
}

class Logger {
 public:
  // Writes to `fd` (stderr by default), closing it at the end when `owns_fd`. `tag` names
  // the writer in each line ("rtorb", "rtorb(orb-id)"). `categories`: log_category_bit of
  // each category on whatever `level` says.
  Logger(int level, std::string tag, int fd = 2, bool owns_fd = false,
         std::uint32_t categories = 0) noexcept;
  ~Logger();
  Logger(const Logger&) = delete;
  Logger& operator=(const Logger&) = delete;

  // What the request path asks before building a line: one relaxed load and a branch.
  // A level stands for the category of that number.
  bool enabled(int level) const noexcept {
    return static_cast<unsigned>(level) < 32 &&
           ((on_.load(std::memory_order_relaxed) >> level) & 1u) != 0;
  }
  bool enabled(LogCategory c) const noexcept { return enabled(static_cast<int>(c)); }
  int level() const noexcept { return level_.load(std::memory_order_relaxed); }
  // A new -ORBDebugLevel; the categories named apart stay on.
  void set_level(int level) noexcept;

  // `text` as one line, if `level` is enabled. Never throws; a line that cannot be
  // written is lost (logging must not take the process down).
  void log(int level, std::string_view text) const noexcept {
    if (enabled(level)) [[unlikely]] write_line(text);
  }
  void log(LogCategory c, std::string_view text) const noexcept {
    log(static_cast<int>(c), text);
  }
  // `text` as one line whatever the level: what the user asked for and must hear about.
  void write_line(std::string_view text) const noexcept;

 private:
  std::atomic<int> level_;
  const std::uint32_t categories_;  // named apart (-ORBLogCategories)
  std::atomic<std::uint32_t> on_;   // bit n: level or category n is logged
  std::string tag_;
  int fd_;
  bool owns_fd_;
};

}  // namespace rtorb
