// Loopback listener and connection: poll-bounded, whole GIOP messages.
#include "loopback.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace rtorb::interop {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::uint32_t max_message_body = 64u * 1024 * 1024;

int millis_until(Clock::time_point deadline) {
  const auto left =
      std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return left.count() < 0 ? 0 : static_cast<int>(left.count());
}

void wait_for(int fd, short events, Clock::time_point deadline, const char* what) {
  for (;;) {
    pollfd p{fd, events, 0};
    const int ready = poll(&p, 1, millis_until(deadline));
    if (ready > 0) return;
    if (ready == 0) throw std::runtime_error(std::string("timed out waiting to ") + what);
    if (errno != EINTR)
      throw std::runtime_error(std::string("poll failed: ") + std::strerror(errno));
  }
}

// sockaddr for the loopback address of `family` at `port`.
socklen_t loopback_address(Family family, std::uint16_t port, sockaddr_storage& out) {
  std::memset(&out, 0, sizeof out);
  if (family == Family::ipv4) {
    auto* a = reinterpret_cast<sockaddr_in*>(&out);
    a->sin_family = AF_INET;
    a->sin_port = htons(port);
    a->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return sizeof(sockaddr_in);
  }
  auto* a = reinterpret_cast<sockaddr_in6*>(&out);
  a->sin6_family = AF_INET6;
  a->sin6_port = htons(port);
  a->sin6_addr = in6addr_loopback;
  return sizeof(sockaddr_in6);
}

int make_socket(Family family) {
  const int fd =
      socket(family == Family::ipv4 ? AF_INET : AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw std::runtime_error(std::string("socket failed: ") + std::strerror(errno));
  return fd;
}

std::uint32_t message_size(const std::uint8_t* header) {
  const bool little = (header[6] & 1) != 0;
  std::uint32_t size = 0;
  for (int i = 0; i < 4; ++i) {
    const int index = little ? 11 - i : 8 + i;
    size = (size << 8) | header[index];
  }
  return size;
}

}  // namespace

Connection::~Connection() {
  if (fd_ >= 0) close(fd_);
}

Connection Connection::connect_to(Family family, std::uint16_t port,
                                  std::chrono::milliseconds timeout) {
  Connection c(make_socket(family));
  sockaddr_storage address;
  const socklen_t length = loopback_address(family, port, address);
  // Loopback connects complete or fail at once; the timeout guards the odd slow case.
  if (connect(c.fd_, reinterpret_cast<sockaddr*>(&address), length) != 0) {
    throw std::runtime_error(std::string("connect failed: ") + std::strerror(errno));
  }
  wait_for(c.fd_, POLLOUT, Clock::now() + timeout, "connect");
  const int one = 1;
  setsockopt(c.fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return c;
}

void Connection::write_all(std::span<const std::uint8_t> bytes) {
  const auto deadline = Clock::now() + std::chrono::seconds(10);
  std::size_t done = 0;
  while (done < bytes.size()) {
    wait_for(fd_, POLLOUT, deadline, "write");
    const ssize_t n = send(fd_, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno != EINTR)
      throw std::runtime_error(std::string("send failed: ") + std::strerror(errno));
    if (n > 0) done += static_cast<std::size_t>(n);
  }
}

bool Connection::read_exact(std::uint8_t* out, std::size_t size, Clock::time_point deadline) {
  std::size_t done = 0;
  while (done < size) {
    wait_for(fd_, POLLIN, deadline, "read");
    const ssize_t n = recv(fd_, out + done, size - done, 0);
    if (n == 0) {
      if (done == 0) return false;
      throw std::runtime_error("peer closed in the middle of a message");
    }
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == ECONNRESET && done == 0) return false;
      throw std::runtime_error(std::string("recv failed: ") + std::strerror(errno));
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

std::optional<std::vector<std::uint8_t>> Connection::read_message(
    std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  std::vector<std::uint8_t> message(12);
  if (!read_exact(message.data(), 12, deadline)) return std::nullopt;
  if (std::memcmp(message.data(), "GIOP", 4) != 0)
    throw std::runtime_error("not a GIOP message");
  const std::uint32_t size = message_size(message.data());
  if (size > max_message_body) throw std::runtime_error("GIOP message larger than 64 MiB");
  message.resize(12 + static_cast<std::size_t>(size));
  if (size > 0 && !read_exact(message.data() + 12, size, deadline)) {
    throw std::runtime_error("peer closed after a GIOP header");
  }
  return message;
}

bool Connection::peer_closed(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    pollfd p{fd_, POLLIN, 0};
    if (poll(&p, 1, millis_until(deadline)) <= 0) return false;
    std::uint8_t byte;
    const ssize_t n = recv(fd_, &byte, 1, 0);
    if (n == 0 || (n < 0 && errno == ECONNRESET)) return true;
    if (n < 0 && errno != EINTR) return true;
  }
}

Listener::Listener(Family family) : family_(family), fd_(make_socket(family)) {
  sockaddr_storage address;
  socklen_t length = loopback_address(family, 0, address);
  if (bind(fd_, reinterpret_cast<sockaddr*>(&address), length) != 0 || listen(fd_, 8) != 0) {
    close(fd_);
    throw std::runtime_error(std::string("bind/listen failed: ") + std::strerror(errno));
  }
  getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length);
  port_ = ntohs(family == Family::ipv4 ? reinterpret_cast<sockaddr_in*>(&address)->sin_port
                                       : reinterpret_cast<sockaddr_in6*>(&address)->sin6_port);
}

Listener::~Listener() { close(fd_); }

std::string Listener::corbaloc_host() const {
  return family_ == Family::ipv4 ? "127.0.0.1" : "[::1]";
}

Connection Listener::accept(std::chrono::milliseconds timeout) {
  wait_for(fd_, POLLIN, Clock::now() + timeout, "accept");
  const int fd = accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
  if (fd < 0) throw std::runtime_error(std::string("accept failed: ") + std::strerror(errno));
  return Connection(fd);
}

bool loopback_available(Family family) {
  try {
    Listener probe(family);
    return true;
  } catch (const std::runtime_error&) {
    return false;
  }
}

std::vector<std::uint8_t> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_file(const std::string& path, std::span<const std::uint8_t> bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace rtorb::interop
