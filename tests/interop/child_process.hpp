// A child process for interop tests: started with its stdout on a pipe, always reaped, and
// SIGKILLed if still running when the guard goes away (or when the test process dies).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace rtorb::interop {

class ChildProcess {
 public:
  // Runs argv[0] (a path) with argv; stdout is read through line(); stderr is inherited.
  // Throws std::runtime_error if the process cannot be started.
  explicit ChildProcess(const std::vector<std::string>& argv);
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess();

  // The next line of stdout without its newline; nullopt on end of output or timeout.
  std::optional<std::string> line(std::chrono::milliseconds timeout);
  // Reads lines until one starts with `prefix`; returns the rest of that line.
  std::optional<std::string> value_of(const std::string& prefix,
                                      std::chrono::milliseconds timeout);
  // Everything left on stdout until the child closes it (bounded by `timeout`).
  std::string rest_of_output(std::chrono::milliseconds timeout);

  // Exit status (0-255) once the child exits; a killed child gives 128 + signal. If it
  // has not exited within `timeout` it is SIGKILLed and nullopt is returned.
  std::optional<int> wait(std::chrono::milliseconds timeout);
  // Whether the child exits within `timeout`; one still running is left running.
  bool exits_within(std::chrono::milliseconds timeout);
  void terminate();  // SIGTERM, for a graceful stop
  pid_t pid() const noexcept { return pid_; }

 private:
  bool fill(std::chrono::steady_clock::time_point deadline);

  pid_t pid_ = -1;
  int stdout_fd_ = -1;
  std::string pending_;
  bool eof_ = false;
  std::optional<int> status_;
};

}  // namespace rtorb::interop
