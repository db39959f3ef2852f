// A CosEvent channel in a server ORB, and a client ORB (with server threads, to be pushed
// to) holding recording peers: what channel_test.cpp and pull_test.cpp share.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <rtorb/corba/orb.hpp>
#include <rtorb/cosevent/event_channel.hpp>
#include <rtorb/poa/poa.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "CosEventChannelAdminS.h"

namespace cosevent_test {

using namespace std::chrono_literals;
using ChannelRef = IDL::traits<CosEventChannelAdmin::EventChannel>::ref_type;

inline CORBA::object_reference<CORBA::ORB> make_orb(std::vector<std::string> options) {
  static std::atomic<int> counter{0};
  std::vector<std::string> args{"cosevent_test"};
  args.insert(args.end(), options.begin(), options.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  return CORBA::ORB_init(argc, argv.data(), "cosevent-test-" + std::to_string(counter++));
}

inline CORBA::Any ulong_event(std::uint32_t value) {
  CORBA::Any any;
  any.insert(value);
  return any;
}

// Polls `done` until it holds, for at most 20 s: for what no peer is told of (counters).
template <class Predicate>
bool eventually(Predicate done) {
  const auto deadline = std::chrono::steady_clock::now() + 20s;
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(5ms);
  }
  return true;
}

// Waits (bounded: a missing event fails the test, it never hangs it) for a condition
// that other threads make true under `mutex`.
struct Recorder {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::uint32_t> values;  // guarded by mutex
  int disconnects = 0;                // guarded by mutex

  template <class Predicate>
  bool wait_until(Predicate done) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, 20s, done);
  }
  bool wait_for_values(std::size_t n) { return wait_until([&] { return values.size() >= n; }); }
  bool wait_for_disconnect() { return wait_until([&] { return disconnects > 0; }); }
  void record(const CORBA::Any& any) {
    std::uint32_t value = 0;
    EXPECT_TRUE(any.extract(value));
    std::lock_guard lock(mutex);
    values.push_back(value);
    changed.notify_all();
  }
  void disconnected() {
    std::lock_guard lock(mutex);
    ++disconnects;
    changed.notify_all();
  }
  std::vector<std::uint32_t> snapshot() {
    std::lock_guard lock(mutex);
    return values;
  }
};

// A push consumer that records, and on request fails: raises Disconnected, or holds the
// call until released (a consumer that hangs).
class PushConsumer final : public CORBA::servant_traits<CosEventComm::PushConsumer>::base_type,
                           public Recorder {
 public:
  enum class Mode { record, raise_disconnected, hang };
  explicit PushConsumer(Mode mode = Mode::record) : mode_(mode) {}
  void push(const CORBA::Any& data) override {
    record(data);
    if (mode_ == Mode::raise_disconnected) throw CosEventComm::Disconnected();
    if (mode_ == Mode::hang) wait_until([this] { return released_; });
  }
  void disconnect_push_consumer() override { disconnected(); }
  void release() {
    std::lock_guard lock(mutex);
    released_ = true;
    changed.notify_all();
  }

 private:
  const Mode mode_;
  bool released_ = false;  // guarded by mutex
};

class PushSupplier final : public CORBA::servant_traits<CosEventComm::PushSupplier>::base_type,
                           public Recorder {
 public:
  void disconnect_push_supplier() override { disconnected(); }
};

class PullConsumer final : public CORBA::servant_traits<CosEventComm::PullConsumer>::base_type,
                           public Recorder {
 public:
  void disconnect_pull_consumer() override { disconnected(); }
};

// Supplies 1, 2, ... `count` through try_pull, then nothing; pull is not used by the channel.
class PullSupplier final : public CORBA::servant_traits<CosEventComm::PullSupplier>::base_type,
                           public Recorder {
 public:
  explicit PullSupplier(std::uint32_t count) : count_(count) {}
  CORBA::Any pull() override { throw CORBA::NO_IMPLEMENT(); }
  CORBA::Any try_pull(bool& has_event) override {
    std::lock_guard lock(mutex);
    has_event = next_ <= count_;
    return has_event ? ulong_event(next_++) : CORBA::Any();
  }
  void disconnect_pull_supplier() override { disconnected(); }

 private:
  const std::uint32_t count_;
  std::uint32_t next_ = 1;  // guarded by mutex
};

// A port free now, for a server whose corbaloc address the test must spell out.
inline std::uint16_t free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  socklen_t length = sizeof address;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  ::close(fd);
  return ntohs(address.sin_port);
}

struct ChannelFixture : ::testing::Test {
  std::string server_endpoint = "iiop://127.0.0.1:0";
  CORBA::object_reference<CORBA::ORB> server_orb;
  CORBA::object_reference<CORBA::ORB> client_orb;
  std::optional<rtorb::cosevent::EventChannel> channel;
  std::vector<std::string> log;  // the channel's log lines; written by its threads
  std::mutex log_mutex;
  ChannelRef remote;  // the channel as the client ORB sees it

  void start(rtorb::cosevent::ChannelOptions options = {}) {
    server_orb = make_orb({"-ORBServerThreads", "4", "-ORBEndpoint", server_endpoint});
    client_orb = make_orb({"-ORBServerThreads", "4", "-ORBEndpoint", "iiop://127.0.0.1:0"});
    options.log = [this](const std::string& line) {
      std::lock_guard lock(log_mutex);
      log.push_back(line);
    };
    channel.emplace(server_orb, options);
    root(server_orb)->the_POAManager()->activate();
    root(client_orb)->the_POAManager()->activate();
    remote = IDL::traits<CosEventChannelAdmin::EventChannel>::narrow(
        client_orb->string_to_object(server_orb->object_to_string(channel->reference())));
  }
  void TearDown() override {
    channel.reset();
    if (server_orb) server_orb->destroy();
    if (client_orb) client_orb->destroy();
  }
  static IDL::traits<PortableServer::POA>::ref_type root(const CORBA::object_reference<CORBA::ORB>& orb) {
    return IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  }
  // A servant of the client ORB as the reference the channel is given.
  template <class Interface, class Servant>
  typename IDL::traits<Interface>::ref_type serve(const CORBA::servant_reference<Servant>& servant) {
    return IDL::traits<Interface>::narrow(root(client_orb)->servant_to_reference(servant));
  }
  IDL::traits<CosEventChannelAdmin::ProxyPushConsumer>::ref_type connected_supplier() {
    auto proxy = remote->for_suppliers()->obtain_push_consumer();
    proxy->connect_push_supplier(nullptr);
    return proxy;
  }
  IDL::traits<CosEventChannelAdmin::ProxyPushSupplier>::ref_type connect(
      const CORBA::servant_reference<PushConsumer>& consumer) {
    auto proxy = remote->for_consumers()->obtain_push_supplier();
    proxy->connect_push_consumer(serve<CosEventComm::PushConsumer>(consumer));
    return proxy;
  }
};

}  // namespace cosevent_test
