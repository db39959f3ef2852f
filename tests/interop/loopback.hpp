// Loopback TCP for interop tests: a listener on 127.0.0.1 or ::1 with a kernel-chosen port,
// and a connection that moves whole GIOP messages with every wait bounded.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace rtorb::interop {

enum class Family { ipv4, ipv6 };

// Failures of the harness itself (timeouts, socket errors) throw std::runtime_error so a
// test reports them instead of hanging.
class Connection {
 public:
  explicit Connection(int fd) noexcept : fd_(fd) {}
  Connection(Connection&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  Connection& operator=(Connection&&) = delete;
  Connection(const Connection&) = delete;
  ~Connection();

  static Connection connect_to(Family family, std::uint16_t port,
                               std::chrono::milliseconds timeout);

  void write_all(std::span<const std::uint8_t> bytes);
  // One GIOP message (12-byte header plus message_size body bytes, size read in the
  // sender's byte order and capped at 64 MiB). nullopt if the peer closed before sending
  // a byte; throws on timeout, a bad magic, or a close in mid-message.
  std::optional<std::vector<std::uint8_t>> read_message(std::chrono::milliseconds timeout);
  // True when the peer has closed (reads return end of file) within `timeout`.
  bool peer_closed(std::chrono::milliseconds timeout);
  int fd() const noexcept { return fd_; }

 private:
  // false on a clean end of file before the first byte.
  bool read_exact(std::uint8_t* out, std::size_t size,
                  std::chrono::steady_clock::time_point deadline);

  int fd_;
};

class Listener {
 public:
  explicit Listener(Family family);
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;
  ~Listener();

  std::uint16_t port() const noexcept { return port_; }
  // "127.0.0.1" or "[::1]", as written in a corbaloc.
  std::string corbaloc_host() const;
  Connection accept(std::chrono::milliseconds timeout);

 private:
  Family family_;
  int fd_ = -1;
  std::uint16_t port_ = 0;
};

// False when the machine has no loopback address of that family (a container without ::1);
// tests skip rather than fail there.
bool loopback_available(Family family);

// The bytes of a file, or throws std::runtime_error.
std::vector<std::uint8_t> read_file(const std::string& path);
void write_file(const std::string& path, std::span<const std::uint8_t> bytes);

}  // namespace rtorb::interop
