// Helpers for transport tests: GIOP messages and connected pairs on real loopback sockets.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <rtorb/cdr/output_stream.hpp>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "giop/message_codec.hpp"
#include "transport/acceptor.hpp"
#include "transport/connector.hpp"

namespace rtorb::transport::test {

using namespace std::chrono_literals;

// A GIOP 1.2 Request for operation `op` whose body is `body_bytes` octets of 'x'.
inline std::vector<std::uint8_t> request_bytes(std::uint32_t id, std::string op = "echo",
                                               std::size_t body_bytes = 0) {
  cdr::OutputStream os;
  giop::RequestHeader header;
  header.request_id = id;
  header.operation = op;
  static constexpr std::uint8_t key[] = {'k', 'e', 'y'};
  header.target = giop::KeyAddr{key};
  const auto start = giop::encode_request(os, giop::giop_1_2, header);
  const std::vector<std::uint8_t> body(body_bytes, 'x');
  os.write_raw(body.data(), body.size());
  giop::end_message(os, start);
  return os.to_bytes();
}

// Accepts one connection with a bounded wait.
inline std::unique_ptr<Connection> accept_within(Acceptor& acceptor,
                                                 std::chrono::milliseconds limit = 5s) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    if (auto c = acceptor.accept()) return c;
    std::this_thread::sleep_for(1ms);
  }
  return nullptr;
}

struct Pair {
  std::unique_ptr<Acceptor> acceptor;
  std::unique_ptr<Connection> client;
  std::unique_ptr<Connection> server;
};

inline Pair connected_pair(const std::string& host = "127.0.0.1") {
  Pair p;
  p.acceptor = std::make_unique<Acceptor>(Endpoint{host, 0});
  p.client = connect(p.acceptor->endpoint());
  p.server = accept_within(*p.acceptor);
  return p;
}

// Reads with read_available until `count` messages have arrived or `limit` passes.
inline std::vector<std::vector<std::uint8_t>> read_messages(
    Connection& c, std::size_t count, std::chrono::milliseconds limit = 5s) {
  std::vector<std::vector<std::uint8_t>> out;
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (out.size() < count && !c.closed() && std::chrono::steady_clock::now() < deadline) {
    for (auto m : c.read_available()) out.emplace_back(m.begin(), m.end());
    if (out.size() < count) std::this_thread::sleep_for(1ms);
  }
  return out;
}

}  // namespace rtorb::transport::test
