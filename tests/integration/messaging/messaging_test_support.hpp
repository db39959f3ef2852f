// What the messaging tests share: the messaging-server process, a client ORB, Messaging
// policies by value, and a bound on every call that could hang.
#pragma once

#include <rtorb/corba/orb.hpp>
#include <rtorb/messaging/buffering_constraint.hpp>
#include <rtorb/messaging/messaging.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "child_process.hpp"
#include "loopback.hpp"
#include "messagingS.h"

namespace messaging_test {

using namespace std::chrono_literals;
using TargetRef = IDL::traits<MessagingTest::Target>::ref_type;

// A messaging-server process (or `program`, another server of build/bin taking the same
// arguments), with -ORBServerThreads 4 unless `options` says otherwise, SIGKILLed by the
// destructor if still running.
class Server {
 public:
  explicit Server(std::vector<std::string> options = {"-ORBServerThreads", "4"},
                  const std::string& program = "messaging-server");
  ~Server();
  const std::string& ior() const { return ior_; }
  void kill();                      // SIGKILL, then reaped
  void signal(int number) const;    // e.g. SIGCONT
  // SIGSTOP, returning once the process is stopped (a signal is delivered asynchronously:
  // a stopping process may still answer a call or two). False if it never stopped.
  bool stop() const;

 private:
  std::filesystem::path ior_file_;
  std::unique_ptr<rtorb::interop::ChildProcess> process_;
  std::string ior_;
};

// A Target served in the client's own process.
class LocalTarget final : public CORBA::servant_traits<MessagingTest::Target>::base_type {
 public:
  std::int32_t echo(std::int32_t v) override { return v; }
  void sleep_ms(std::uint32_t) override {}
  std::uint32_t size_of(const MessagingTest::Octets& o) override { return static_cast<std::uint32_t>(o.size()); }
  void hold() override {}
  std::int32_t holding() override { return 0; }
  void release() override {}
  void note(std::int32_t) override {}
  std::int32_t last_note() override { return 0; }
  void absorb(const MessagingTest::Octets&) override {}
  std::int32_t notes() override { return 0; }
  std::int32_t absorbed() override { return 0; }
  std::int32_t divide(std::int32_t a, std::int32_t b, std::int32_t& r) override {
    if (b == 0) throw MessagingTest::DivideByZero(a);
    r = a % b;
    return a / b;
  }
  std::int32_t value() override { return 0; }
  void value(std::int32_t) override {}
};

// A LocalTarget served by `orb`'s RootPOA (activated first): a collocated target. Serving
// it also opens a client's endpoints, which starts the pool of -ORBServerThreads N.
TargetRef serve_local_target(CORBA::ORB& orb);

// A client ORB of its own, destroyed with the object.
class Client {
 public:
  explicit Client(std::vector<std::string> options = {});
  ~Client();
  CORBA::ORB& orb() { return *orb_; }
  const IDL::traits<CORBA::ORB>::ref_type& orb_ref() const { return orb_; }
  TargetRef target(const std::string& ior);
  // `target` with `policies` as its object-level overrides.
  TargetRef with(const TargetRef& target, const CORBA::PolicyList& policies);

  CORBA::object_reference<CORBA::Policy> sync_scope(Messaging::SyncScope scope);
  CORBA::object_reference<CORBA::Policy> rebind(Messaging::RebindMode mode);
  CORBA::object_reference<CORBA::Policy> roundtrip_timeout(std::chrono::microseconds t);
  CORBA::object_reference<CORBA::Policy> request_timeout(std::chrono::microseconds t);
  CORBA::object_reference<CORBA::Policy> buffering(const rtorb::messaging::BufferingConstraint& c);

 private:
  IDL::traits<CORBA::ORB>::ref_type orb_;
};

// A stringified reference of type MessagingTest::Target to 127.0.0.1:`port` speaking GIOP
// 1.`minor` (object key "raw"): for the raw-socket servers, so narrow asks nothing.
std::string raw_ior(Client& client, std::uint16_t port, int minor);

// A GIOP server on a raw socket, one connection at a time, on its own thread: it records
// each Request (operation and response flags, raw and decoded) and answers those that
// expect a reply with `answer` (by default NO_EXCEPTION with a boolean TRUE body, which
// also satisfies _is_a).
class RawServer {
 public:
  struct Seen {
    std::string operation;
    int version_minor = 2;
    std::uint8_t flags_octet = 0;  // the octet as sent (1.2: response_flags; 1.0/1.1:
                                   // response_expected)
  };
  // Writes the reply to a request (id, version) into a whole message.
  using Answer = std::function<std::vector<std::uint8_t>(std::uint32_t id, int version_minor)>;
  explicit RawServer(Answer answer = {});
  ~RawServer();
  std::uint16_t port() const noexcept;
  // The requests seen so far for `operation`, once there are at least `count` (bounded).
  std::vector<Seen> requests(const std::string& operation, std::size_t count = 1);

 private:
  struct State;
  std::shared_ptr<State> state_;
  std::thread thread_;
};

// Answers every request with LOCATION_FORWARD to the stringified reference `to`.
RawServer::Answer forward_to(const std::string& to);

// Runs `call` on another thread and waits at most `bound` for it: a call that hangs ends
// the test process (a hung thread cannot be taken back), with a message saying which.
// Returns what `call` raised (nullptr if nothing).
std::exception_ptr bounded(const std::function<void()>& call, std::chrono::seconds bound = 20s,
                           const char* what = "call");

// `call` raises CORBA::TIMEOUT with `minor` and `completed`, and returns within `bound`.
void expect_timeout(const std::function<void()>& call, std::uint32_t minor,
                    CORBA::CompletionStatus completed);

// Waits (bounded) until `condition` holds; false if it never did.
bool eventually(const std::function<bool()>& condition, std::chrono::seconds bound = 20s);

}  // namespace messaging_test
