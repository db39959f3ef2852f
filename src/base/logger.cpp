// Formatting and writing log lines.
#include "base/logger.hpp"

#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <ctime>

namespace rtorb {
namespace {

// "2025-06-01 12:00:00.123456 " in local time.
void append_time(std::string& line) {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto micros =
      std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count() %
      1'000'000;
  std::tm local{};
  localtime_r(&seconds, &local);
  char text[48];
  const std::size_t n = std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &local);
  std::snprintf(text + n, sizeof text - n, ".%06lld ", static_cast<long long>(micros));
  line += text;
}

// "name[pid:tid] ": read at each line, so a forked child names itself.
void append_process(std::string& line) {
  char text[64];
  std::snprintf(text, sizeof text, "[%ld:%ld] ", static_cast<long>(::getpid()),
                static_cast<long>(::syscall(SYS_gettid)));
  line += program_invocation_short_name;
  line += text;
}

// Bits 0..level, and the categories (whose level is above `level`, and `calls` at 5).
std::uint32_t enabled_bits(int level, std::uint32_t categories) noexcept {
  const int top = level < 0 ? -1 : level > 10 ? 10 : level;
  std::uint32_t bits = top < 0 ? 0 : (2u << top) - 1;
  if (level >= static_cast<int>(LogCategory::requests)) bits |= log_category_bit(LogCategory::calls);
  return bits | categories;
}

}  // namespace

std::optional<LogCategory> log_category_named(std::string_view name) noexcept {
  if (name == "errors") return LogCategory::errors;
  if (name == "connections") return LogCategory::connections;
  if (name == "exceptions") return LogCategory::exceptions;
  if (name == "requests") return LogCategory::requests;
  if (name == "calls") return LogCategory::calls;
  return std::nullopt;
}

Logger::Logger(int level, std::string tag, int fd, bool owns_fd,
               std::uint32_t categories) noexcept
    : level_(level),
      categories_(categories),
      on_(enabled_bits(level, categories)),
      tag_(std::move(tag)),
      fd_(fd),
      owns_fd_(owns_fd) {}

void Logger::set_level(int level) noexcept {
  level_.store(level, std::memory_order_relaxed);
  on_.store(enabled_bits(level, categories_), std::memory_order_relaxed);
}

Logger::~Logger() {
  if (owns_fd_) ::close(fd_);
}

void Logger::write_line(std::string_view text) const noexcept {
  try {
    std::string line;
    line.reserve(96 + text.size());
    append_time(line);
    append_process(line);
    line += tag_;
    line += ": ";
    line += text;
    line += '\n';
    // One write (another only if the kernel took part of it): with O_APPEND the line lands
    // whole at the end of a file other processes append to as well.
    for (std::size_t done = 0; done < line.size();) {
      const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return;
      done += static_cast<std::size_t>(n);
    }
  } catch (...) {
    // std::bad_alloc: the line is lost, the caller goes on.
  }
}

}  // namespace rtorb
