// raw-pingpong: the no-ORB baseline. Sends exactly an operation's request bytes and
// answers with exactly its reply bytes over TCP (TCP_NODELAY) or a Unix socket, so an ORB's
// latency can be divided by what the kernel alone costs.
//
//   raw-pingpong server (--tcp HOST:PORT | --unix PATH) [--port-file F] [--read-bytes B]
//   raw-pingpong client (--tcp HOST:PORT | --unix PATH) --request-bytes N --reply-bytes M
//                [--calls N] [--oneway] [--extra-work-ns W] [--label NAME] [--json]
//
// Each connection starts with 8 bytes (request size, reply size, native order); then the
// client writes N bytes and (twoway) reads M, the way a GIOP client does with one write and
// one read per call. --oneway writes only, closed by one twoway exchange. It uses send and
// recv, the cheapest calls for one buffer (write and sendmsg cost ~170 ns more per message
// on loopback TCP here), which are also what rtorb uses for a one-segment message.
//
// Two knobs exist only to explain oneway rates on one CPU (docs/bench.md), where the
// scheduler, not the work, sets the rate: --extra-work-ns spins that long in the client
// before each send, standing in for an ORB's marshalling, and --read-bytes lets the server
// take up to B bytes per recv, as an ORB's buffered reader does, instead of one request.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "latency_stats.hpp"

namespace {

struct Address {
  bool unix_socket = false;
  std::string host_or_path;
  std::uint16_t port = 0;
};

[[noreturn]] void fail(const std::string& what) {
  throw std::runtime_error(what + ": " + std::strerror(errno));
}

Address parse_address(const std::string& kind, const std::string& value) {
  Address a;
  if (kind == "--unix") {
    a.unix_socket = true;
    a.host_or_path = value;
    return a;
  }
  const auto colon = value.rfind(':');
  if (colon == std::string::npos) throw std::runtime_error("--tcp wants HOST:PORT");
  a.host_or_path = value.substr(0, colon);
  a.port = static_cast<std::uint16_t>(std::stoul(value.substr(colon + 1)));
  return a;
}

int open_socket(const Address& a, bool listening, std::uint16_t* bound_port = nullptr) {
  if (a.unix_socket) {
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", a.host_or_path.c_str());
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0) fail("socket");
    if (listening) {
      ::unlink(addr.sun_path);
      if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) fail("bind");
      if (::listen(fd, 16) != 0) fail("listen");
    } else if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
      fail("connect");
    }
    return fd;
  }
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(a.port);
  if (::inet_pton(AF_INET, a.host_or_path.c_str(), &addr.sin_addr) != 1) {
    throw std::runtime_error("not an IPv4 address: " + a.host_or_path);
  }
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) fail("socket");
  const int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  if (listening) {
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) fail("bind");
    if (::listen(fd, 16) != 0) fail("listen");
    socklen_t len = sizeof addr;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
    if (bound_port != nullptr) *bound_port = ntohs(addr.sin_port);
  } else if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    fail("connect");
  }
  return fd;
}

bool read_exact(int fd, std::uint8_t* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::recv(fd, data, size, 0);
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

void write_exact(int fd, const std::uint8_t* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::send(fd, data, size, MSG_NOSIGNAL);
    if (n <= 0) fail("send");
    data += n;
    size -= static_cast<std::size_t>(n);
  }
}

// Reads up to read_bytes per recv (0: exactly one request) and answers every request whose
// first byte is non-zero: the client's mark for one that wants a reply.
void serve(int fd, std::size_t read_bytes) {
  std::uint32_t sizes[2];
  // A request of no bytes could not carry the mark: such a peer is not served.
  if (!read_exact(fd, reinterpret_cast<std::uint8_t*>(sizes), sizeof sizes) || sizes[0] == 0) {
    return ::close(fd), void();
  }
  const std::size_t request_bytes = sizes[0];
  std::vector<std::uint8_t> buffer(std::max(read_bytes, request_bytes)), reply(sizes[1]);
  if (read_bytes == 0) {
    while (read_exact(fd, buffer.data(), request_bytes)) {
      if (buffer[0] != 0) write_exact(fd, reply.data(), reply.size());
    }
    return ::close(fd), void();
  }
  std::size_t offset = 0;  // bytes of the current request already read
  for (;;) {
    const ssize_t n = ::recv(fd, buffer.data(), buffer.size(), 0);
    if (n <= 0) break;
    for (ssize_t i = 0; i < n;) {
      const std::size_t take = std::min<std::size_t>(request_bytes - offset, static_cast<std::size_t>(n - i));
      if (offset == 0 && buffer[i] != 0) write_exact(fd, reply.data(), reply.size());
      offset = (offset + take) % request_bytes;
      i += static_cast<ssize_t>(take);
    }
  }
  ::close(fd);
}

int run_server(const Address& address, const std::string& port_file, std::size_t read_bytes) {
  std::uint16_t port = 0;
  const int listener = open_socket(address, true, &port);
  if (!port_file.empty()) {
    std::ofstream(port_file + ".partial") << (address.unix_socket ? address.host_or_path : std::to_string(port)) << '\n';
    std::rename((port_file + ".partial").c_str(), port_file.c_str());
  } else {
    std::cout << "listening " << port << std::endl;
  }
  for (;;) {
    const int fd = ::accept(listener, nullptr, nullptr);
    if (fd < 0) fail("accept");
    const int one = 1;
    if (!address.unix_socket) ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    std::thread(serve, fd, read_bytes).detach();
  }
}

// User-space work standing in for an ORB's per-message cost: a dependent multiply-add chain
// the compiler cannot drop, calibrated against the clock once.
class Spinner {
 public:
  explicit Spinner(std::chrono::nanoseconds work) {
    if (work.count() <= 0) return;
    constexpr std::uint64_t probe = 20'000'000;
    const auto start = std::chrono::steady_clock::now();
    spin(probe);
    const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
    iterations_ = static_cast<std::uint64_t>(static_cast<double>(work.count()) * probe / took.count());
  }

  void operator()() const { spin(iterations_); }

 private:
  static void spin(std::uint64_t n) {
    std::uint64_t x = 1;
    for (std::uint64_t i = 0; i < n; ++i) {
      x = x * 3 + 1;
      asm volatile("" : "+r"(x));
    }
  }

  std::uint64_t iterations_ = 0;
};

int run_client(const Address& address, std::uint32_t request_bytes, std::uint32_t reply_bytes,
               std::size_t calls, bool oneway, const Spinner& extra_work, const std::string& label,
               bool json) {
  if (request_bytes == 0) throw std::runtime_error("--request-bytes must be > 0");
  const int fd = open_socket(address, false);
  const std::uint32_t sizes[2] = {request_bytes, reply_bytes};
  write_exact(fd, reinterpret_cast<const std::uint8_t*>(sizes), sizeof sizes);
  std::vector<std::uint8_t> twoway(request_bytes, 0x11), one(request_bytes, 0x00), reply(reply_bytes);
  auto exchange = [&] {
    write_exact(fd, twoway.data(), twoway.size());
    if (!read_exact(fd, reply.data(), reply.size())) throw std::runtime_error("server closed");
  };
  auto call = [&] {
    extra_work();
    if (oneway) {
      write_exact(fd, one.data(), one.size());
    } else {
      exchange();
    }
  };
  using Clock = std::chrono::steady_clock;
  for (std::size_t i = 0; i < std::max<std::size_t>(calls / 10, 100); ++i) call();
  if (oneway) exchange();
  std::vector<std::chrono::nanoseconds> samples(calls);
  const auto start = Clock::now();
  for (auto& sample : samples) {
    const auto before = Clock::now();
    call();
    sample = Clock::now() - before;
  }
  if (oneway) exchange();
  const auto summary = cubit::summarize(label, std::move(samples), Clock::now() - start);
  if (json) {
    std::cout << "[" << cubit::to_json(summary) << "]\n";
  } else {
    cubit::print_header();
    cubit::print_row(summary);
  }
  ::close(fd);
  return 0;
}

[[noreturn]] void usage() {
  std::cerr << "usage: raw-pingpong server (--tcp HOST:PORT | --unix PATH) [--port-file F] "
               "[--read-bytes B]\n"
               "       raw-pingpong client (--tcp HOST:PORT | --unix PATH) --request-bytes N "
               "--reply-bytes M [--calls N] [--oneway] [--extra-work-ns W] [--label NAME] [--json]\n";
  std::exit(2);
}

}  // namespace

int main(int argc, char* argv[]) {
  if (argc < 2) usage();
  const std::string mode = argv[1];
  Address address;
  bool have_address = false;
  std::string port_file, label = "raw";
  std::uint32_t request_bytes = 0, reply_bytes = 0;
  std::size_t calls = 10'000, read_bytes = 0;
  long extra_work_ns = 0;
  bool oneway = false, json = false;
  try {
    for (int i = 2; i < argc; ++i) {
      const std::string arg = argv[i];
      auto value = [&]() -> std::string {
        if (i + 1 >= argc) usage();
        return argv[++i];
      };
      if (arg == "--tcp" || arg == "--unix") {
        address = parse_address(arg, value());
        have_address = true;
      } else if (arg == "--port-file") {
        port_file = value();
      } else if (arg == "--request-bytes") {
        request_bytes = static_cast<std::uint32_t>(std::stoul(value()));
      } else if (arg == "--reply-bytes") {
        reply_bytes = static_cast<std::uint32_t>(std::stoul(value()));
      } else if (arg == "--calls") {
        calls = std::stoul(value());
      } else if (arg == "--read-bytes") {
        read_bytes = std::stoul(value());
      } else if (arg == "--extra-work-ns") {
        extra_work_ns = std::stol(value());
      } else if (arg == "--oneway") {
        oneway = true;
      } else if (arg == "--label") {
        label = value();
      } else if (arg == "--json") {
        json = true;
      } else {
        usage();
      }
    }
    if (!have_address || calls == 0) usage();
    if (mode == "server") return run_server(address, port_file, read_bytes);
    if (mode == "client") {
      const Spinner extra_work{std::chrono::nanoseconds(extra_work_ns)};
      return run_client(address, request_bytes, reply_bytes, calls, oneway, extra_work, label, json);
    }
    usage();
  } catch (const std::exception& e) {
    std::cerr << "raw-pingpong: " << e.what() << '\n';
    return 1;
  }
}
