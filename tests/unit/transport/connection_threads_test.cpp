#include "transport/connection_threads.hpp"

#include <gtest/gtest.h>

#include <condition_variable>
#include <cstring>
#include <optional>
#include <rtorb/corba/exception.hpp>
#include <mutex>
#include <set>
#include <thread>

#include "giop/fragments.hpp"
#include "loopback.hpp"
#include "transport/server_thread_pool.hpp"

namespace rtorb::transport {
namespace {

using namespace test;

// A thread-per-connection server: the reactor (one pool thread) only accepts. Each
// request is echoed back; operation "block" first waits until release().
class PerConnectionServer {
 public:
  PerConnectionServer() {
    auto acceptor = std::make_unique<Acceptor>(Endpoint{"127.0.0.1", 0});
    endpoint_ = acceptor->endpoint();
    reactor_.add(std::make_unique<AcceptHandler>(
        std::move(acceptor),
        [this](Connection& c, std::span<const std::uint8_t> m) { on_message(c, m); },
        ConnectionOptions{}, &threads_));
    pool_.emplace(reactor_, 1);
  }
  ~PerConnectionServer() {
    release();
    threads_.stop();
    pool_.reset();
  }
  const Endpoint& endpoint() const { return endpoint_; }
  ConnectionThreads& threads() { return threads_; }
  void release() {
    {
      std::lock_guard lock(mutex_);
      released_ = true;
    }
    cv_.notify_all();
  }
  bool wait_blocked() {
    std::unique_lock lock(mutex_);
    return cv_.wait_for(lock, 10s, [&] { return blocked_; });
  }
  std::size_t distinct_threads() {
    std::lock_guard lock(mutex_);
    return threads_seen_.size();
  }
  std::size_t largest_message() {
    std::lock_guard lock(mutex_);
    return largest_;
  }

 private:
  void on_message(Connection& connection, std::span<const std::uint8_t> bytes) {
    {
      std::unique_lock lock(mutex_);
      threads_seen_.insert(std::this_thread::get_id());
      largest_ = std::max(largest_, bytes.size());
      if (giop::decode_message(bytes).get<giop::RequestHeader>()->operation == "block") {
        blocked_ = true;
        cv_.notify_all();
        cv_.wait_for(lock, 10s, [&] { return released_; });
      }
    }
    connection.send(bytes);  // echoed whole
  }

  Reactor reactor_;
  Endpoint endpoint_;
  ConnectionThreads threads_;
  std::optional<ServerThreadPool> pool_;
  std::mutex mutex_;
  std::condition_variable cv_;
  bool released_ = false;
  bool blocked_ = false;
  std::size_t largest_ = 0;
  std::set<std::thread::id> threads_seen_;
};

// The request id of an echoed GIOP 1.2 Request.
std::uint32_t request_id_of(std::span<const std::uint8_t> echo) {
  std::uint32_t id = 0;
  std::memcpy(&id, echo.data() + giop::header_size, sizeof id);
  return id;
}

TEST(ConnectionThreads, EachConnectionIsServedByAThreadOfItsOwn) {
  PerConnectionServer server;
  auto a = connect(server.endpoint());
  auto b = connect(server.endpoint());
  for (std::uint32_t id = 1; id <= 3; ++id) {
    a->send(request_bytes(id, "ping"));
    EXPECT_EQ(request_id_of(a->receive_message(10s)), id);
    b->send(request_bytes(id + 10, "ping"));
    EXPECT_EQ(request_id_of(b->receive_message(10s)), id + 10);
  }
  EXPECT_EQ(server.distinct_threads(), 2u);
  EXPECT_EQ(server.threads().size(), 2u);
}

TEST(ConnectionThreads, BlockedUpcallDoesNotDelayAnotherConnection) {
  PerConnectionServer server;
  auto slow = connect(server.endpoint());
  auto fast = connect(server.endpoint());
  slow->send(request_bytes(1, "block"));
  ASSERT_TRUE(server.wait_blocked());
  fast->send(request_bytes(2, "ping"));
  EXPECT_EQ(request_id_of(fast->receive_message(10s)), 2u);
  server.release();
  EXPECT_EQ(request_id_of(slow->receive_message(10s)), 1u);
}

TEST(ConnectionThreads, ThreadOfAClosedConnectionEnds) {
  PerConnectionServer server;
  {
    auto client = connect(server.endpoint());
    client->send(request_bytes(1, "ping"));
    EXPECT_EQ(request_id_of(client->receive_message(10s)), 1u);
  }
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (server.threads().size() != 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(1ms);
  EXPECT_EQ(server.threads().size(), 0u);
}

TEST(ConnectionThreads, StopWakesThreadsBlockedInRecvAndClosesTheirConnections) {
  PerConnectionServer server;
  auto client = connect(server.endpoint());
  client->send(request_bytes(1, "ping"));
  EXPECT_EQ(request_id_of(client->receive_message(10s)), 1u);
  server.threads().stop();  // would hang if a thread stayed in recv
  EXPECT_THROW(client->receive_message(10s), CORBA::COMM_FAILURE);
}

TEST(ConnectionThreads, StopLetsARequestInProgressSendItsReply) {
  PerConnectionServer server;
  auto client = connect(server.endpoint());
  client->send(request_bytes(4, "block"));
  ASSERT_TRUE(server.wait_blocked());
  std::thread stopper([&] { server.threads().stop(); });  // waits for the upcall
  std::this_thread::sleep_for(20ms);
  server.release();
  EXPECT_EQ(request_id_of(client->receive_message(10s)), 4u);
  stopper.join();
  EXPECT_THROW(client->receive_message(10s), CORBA::COMM_FAILURE);  // then closed
}

TEST(ConnectionThreads, FragmentsAreDeliveredAsOneMessage) {
  PerConnectionServer server;
  auto client = connect(server.endpoint());
  const auto whole = request_bytes(7, "big", 20'000);
  for (const auto& fragment : giop::split_message(whole, 4096)) client->send(fragment);
  EXPECT_EQ(request_id_of(client->receive_message(10s)), 7u);
  EXPECT_EQ(server.largest_message(), whole.size());
}

TEST(ConnectionThreads, BadHeaderLosesOnlyThatConnection) {
  PerConnectionServer server;
  auto bad = connect(server.endpoint());
  auto good = connect(server.endpoint());
  const std::uint8_t junk[12] = {'J', 'U', 'N', 'K'};
  bad->send(std::span<const std::uint8_t>(junk));
  const auto answer = bad->receive_message(10s);  // MessageError, then closed
  EXPECT_EQ(giop::decode_header(answer).type, giop::MsgType::message_error);
  good->send(request_bytes(3, "ping"));
  EXPECT_EQ(request_id_of(good->receive_message(10s)), 3u);
}

}  // namespace
}  // namespace rtorb::transport
