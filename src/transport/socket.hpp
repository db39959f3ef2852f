// An owned socket descriptor and the few option helpers the transport needs.
#pragma once

#include <string>
#include <utility>

namespace rtorb::transport {

class Socket {
 public:
  Socket() noexcept = default;
  explicit Socket(int fd) noexcept : fd_(fd) {}
  Socket(const Socket&) = delete;
  Socket& operator=(const Socket&) = delete;
  Socket(Socket&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  Socket& operator=(Socket&& other) noexcept {
    if (this != &other) reset(std::exchange(other.fd_, -1));
    return *this;
  }
  ~Socket() { reset(); }

  int fd() const noexcept { return fd_; }
  bool valid() const noexcept { return fd_ >= 0; }
  explicit operator bool() const noexcept { return valid(); }
  void reset(int fd = -1) noexcept;
  // Stops both directions without closing the descriptor (wakes a peer's reads).
  void shutdown() noexcept;

 private:
  int fd_ = -1;
};

// "what: strerror(err)": the detail text of exceptions raised for system calls.
std::string errno_text(const char* what, int err);

// Each returns false (errno set) on failure.
bool set_non_blocking(int fd) noexcept;
bool set_blocking(int fd) noexcept;
bool set_no_delay(int fd, bool on) noexcept;

}  // namespace rtorb::transport
