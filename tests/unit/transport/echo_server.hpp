// A tiny GIOP echo server built from the reactor: each Request is answered with a Reply
// (same request id) whose body is the operation name. Operation "block" waits until
// release() (bounded) before answering.
#pragma once

#include <condition_variable>
#include <mutex>
#include <set>
#include <thread>

#include "giop/message_codec.hpp"
#include "loopback.hpp"
#include "transport/reactor.hpp"
#include "transport/server_handlers.hpp"
#include "transport/server_thread_pool.hpp"

namespace rtorb::transport::test {

class EchoServer {
 public:
  EchoServer(const std::string& host, std::size_t threads) {
    endpoint_ =
        listen(reactor_, {host, 0},
               [this](Connection& c, std::span<const std::uint8_t> m) { on_message(c, m); });
    pool_.emplace(reactor_, threads);
  }
  ~EchoServer() {
    release();
    pool_.reset();
  }

  const Endpoint& endpoint() const { return endpoint_; }
  Reactor& reactor() { return reactor_; }

  // Lets every "block" upcall finish.
  void release() {
    {
      std::lock_guard lock(mutex_);
      released_ = true;
    }
    cv_.notify_all();
  }
  // Waits (bounded) until `n` "block" upcalls are waiting.
  bool wait_blocked(int n) {
    std::unique_lock lock(mutex_);
    return cv_.wait_for(lock, 10s, [&] { return blocked_ >= n; });
  }
  std::size_t distinct_threads() {
    std::lock_guard lock(mutex_);
    return threads_.size();
  }

 private:
  void on_message(Connection& connection, std::span<const std::uint8_t> bytes) {
    const auto message = giop::decode_message(bytes);
    const auto* request = message.get<giop::RequestHeader>();
    if (request == nullptr) return;
    {
      std::unique_lock lock(mutex_);
      threads_.insert(std::this_thread::get_id());
      if (request->operation == "block") {
        ++blocked_;
        cv_.notify_all();
        cv_.wait_for(lock, 10s, [&] { return released_; });
      }
    }
    cdr::OutputStream os;
    giop::ReplyHeader reply;
    reply.request_id = request->request_id;
    const auto start = giop::encode_reply(os, message.header.version, reply);
    os.write_string(request->operation);
    giop::end_message(os, start);
    connection.send(os);
  }

  Reactor reactor_;
  Endpoint endpoint_;
  std::optional<ServerThreadPool> pool_;
  std::mutex mutex_;
  std::condition_variable cv_;
  bool released_ = false;
  int blocked_ = 0;
  std::set<std::thread::id> threads_;
};

struct EchoReply {
  std::uint32_t request_id = 0;
  std::string operation;
};

inline EchoReply decode_echo_reply(std::span<const std::uint8_t> bytes) {
  const auto message = giop::decode_message(bytes);
  const auto* reply = message.get<giop::ReplyHeader>();
  if (reply == nullptr) return {};
  auto body = giop::body_stream(message);
  return {reply->request_id, body.read_string()};
}

}  // namespace rtorb::transport::test
