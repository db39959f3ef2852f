// ChildProcess: fork/exec with a stdout pipe, poll-bounded reads and a SIGKILL backstop.
#include "child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace rtorb::interop {
namespace {

using Clock = std::chrono::steady_clock;

int millis_until(Clock::time_point deadline) {
  const auto left =
      std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return left.count() < 0 ? 0 : static_cast<int>(left.count());
}

[[noreturn]] void exec_child(const std::vector<std::string>& argv, int stdout_fd) {
  // The child must not outlive a crashed or killed test.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  dup2(stdout_fd, STDOUT_FILENO);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  execv(args[0], args.data());
  _exit(127);
}

int decode_status(int raw) {
  if (WIFEXITED(raw)) return WEXITSTATUS(raw);
  return 128 + WTERMSIG(raw);
}

}  // namespace

ChildProcess::ChildProcess(const std::vector<std::string>& argv) {
  if (argv.empty()) throw std::runtime_error("ChildProcess: empty argv");
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
  pid_ = fork();
  if (pid_ < 0) {
    close(fds[0]);
    close(fds[1]);
    throw std::runtime_error("fork failed");
  }
  if (pid_ == 0) exec_child(argv, fds[1]);
  close(fds[1]);
  stdout_fd_ = fds[0];
}

ChildProcess::~ChildProcess() {
  if (!status_) {
    kill(pid_, SIGKILL);
    int raw = 0;
    while (waitpid(pid_, &raw, 0) < 0 && errno == EINTR) {
    }
  }
  if (stdout_fd_ >= 0) close(stdout_fd_);
}

bool ChildProcess::fill(Clock::time_point deadline) {
  if (eof_) return false;
  pollfd p{stdout_fd_, POLLIN, 0};
  const int ready = poll(&p, 1, millis_until(deadline));
  if (ready <= 0) return false;
  char chunk[4096];
  const ssize_t n = read(stdout_fd_, chunk, sizeof chunk);
  if (n <= 0) {
    eof_ = true;
    return false;
  }
  pending_.append(chunk, static_cast<std::size_t>(n));
  return true;
}

std::optional<std::string> ChildProcess::line(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    const auto newline = pending_.find('\n');
    if (newline != std::string::npos) {
      std::string result = pending_.substr(0, newline);
      pending_.erase(0, newline + 1);
      return result;
    }
    if (!fill(deadline)) return std::nullopt;
  }
}

std::optional<std::string> ChildProcess::value_of(const std::string& prefix,
                                                  std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (auto text = line(std::chrono::milliseconds(millis_until(deadline)))) {
    if (text->rfind(prefix, 0) == 0) return text->substr(prefix.size());
  }
  return std::nullopt;
}

std::string ChildProcess::rest_of_output(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (fill(deadline)) {
  }
  std::string result;
  result.swap(pending_);
  return result;
}

bool ChildProcess::exits_within(std::chrono::milliseconds timeout) {
  if (status_) return true;
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    int raw = 0;
    if (waitpid(pid_, &raw, WNOHANG) == pid_) {
      status_ = decode_status(raw);
      return true;
    }
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

std::optional<int> ChildProcess::wait(std::chrono::milliseconds timeout) {
  if (exits_within(timeout)) return status_;
  kill(pid_, SIGKILL);
  int raw = 0;
  waitpid(pid_, &raw, 0);
  status_ = decode_status(raw);
  return std::nullopt;
}

void ChildProcess::terminate() {
  if (!status_) kill(pid_, SIGTERM);
}

}  // namespace rtorb::interop
