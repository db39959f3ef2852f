// rtorb's asynchronous calls answered by a JacORB 3.9 server, which knows nothing of them:
// on the wire a sendc_/sendp_/async() call is an ordinary twoway. Results, out and inout
// values, a user exception reaching op_excep through the ExceptionHolder, a system
// exception with its minor code, a RelativeRoundtripTimeout reaching op_excep, 1,000 calls
// outstanding on one connection, a poller and a co_await.
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/coro/run.hpp>
#include <rtorb/coro/task.hpp>
#include <rtorb/messaging/messaging.hpp>
#include <rtorb/messaging/poller.hpp>
#include <rtorb/messaging/reply_handler.hpp>
#include <rtorb/poa/poa.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "jacorbS.h"
#include "jacorb_peer.hpp"

namespace {

using namespace std::chrono_literals;
using rtorb::interop::JacOrbPeer;
using rtorb::interop::OrbArgs;
using Holder = IDL::traits<Messaging::ExceptionHolder>::ref_type;
using ProbeRef = IDL::traits<JacOrbInterop::Probe>::ref_type;

// Counts each reply as a line ("cube 27", "add 12 14 12 inout!", "exception Refused 42").
class ProbeHandler final
    : public CORBA::servant_traits<JacOrbInterop::AMI_ProbeHandler>::base_type {
 public:
  void cube(std::int32_t r) override { add_line("cube " + std::to_string(r)); }
  void cube_excep(const Holder& h) override { fail(h); }
  void echo_string(const std::string& r) override { add_line("echo_string " + r); }
  void echo_string_excep(const Holder& h) override { fail(h); }
  void add(std::int32_t r, std::int32_t b, std::int32_t sum, const std::string& text) override {
    add_line("add " + std::to_string(r) + " " + std::to_string(b) + " " + std::to_string(sum) +
             " " + text);
  }
  void add_excep(const Holder& h) override { fail(h); }
  void refuse() override { add_line("refuse returned"); }
  void refuse_excep(const Holder& h) override { fail(h); }
  void fail() override { add_line("fail returned"); }
  void fail_excep(const Holder& h) override { fail(h); }
  void held(std::int32_t r) override { add_line("held " + std::to_string(r)); }
  void held_excep(const Holder& h) override { fail(h); }
  void holds_done(std::int32_t r) override { add_line("holds_done " + std::to_string(r)); }
  void holds_done_excep(const Holder& h) override { fail(h); }
  void release() override { add_line("release"); }
  void release_excep(const Holder& h) override { fail(h); }
  void notes(std::int32_t r) override { add_line("notes " + std::to_string(r)); }
  void notes_excep(const Holder& h) override { fail(h); }
  void notes_in_order(bool r) override {
    add_line(std::string("notes_in_order ") + (r ? "1" : "0"));
  }
  void notes_in_order_excep(const Holder& h) override { fail(h); }
  void last_note(std::int32_t r) override { add_line("last_note " + std::to_string(r)); }
  void last_note_excep(const Holder& h) override { fail(h); }
  void sleep_ms(std::int32_t r) override { add_line("sleep_ms " + std::to_string(r)); }
  void sleep_ms_excep(const Holder& h) override { fail(h); }

  std::map<std::string, int> seen() {
    std::lock_guard lock(mutex_);
    return seen_;
  }
  int count() {
    std::lock_guard lock(mutex_);
    return total_;
  }

 private:
  void add_line(const std::string& line) {
    std::lock_guard lock(mutex_);
    ++seen_[line];
    ++total_;
  }
  void fail(const Holder& h) {
    try {
      h->raise_exception();
    } catch (const JacOrbInterop::Refused& e) {
      add_line("exception Refused " + std::to_string(e.code()) + " " + e.reason());
    } catch (const CORBA::SystemException& e) {
      add_line(std::string("exception ") + e._name() + " " + std::to_string(e.minor()) + " " +
               std::to_string(static_cast<int>(e.completed())));
    } catch (const CORBA::Exception& e) {
      add_line(std::string("exception other ") + e._name());
    }
  }
  std::mutex mutex_;
  std::map<std::string, int> seen_;
  int total_ = 0;
};

class JacOrbAmi : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { peer_ = std::make_unique<JacOrbPeer>(); }
  static void TearDownTestSuite() { peer_.reset(); }

  void SetUp() override {
    orb_ = CORBA::ORB_init(args_.argc(), args_.argv(), "jacorb-ami");
    auto root =
        IDL::traits<PortableServer::POA>::narrow(orb_->resolve_initial_references("RootPOA"));
    root->the_POAManager()->activate();
    servant_ = CORBA::make_reference<ProbeHandler>();
    handler_ = IDL::traits<JacOrbInterop::AMI_ProbeHandler>::narrow(
        root->servant_to_reference(servant_));
    probe_ = IDL::traits<JacOrbInterop::Probe>::narrow(orb_->string_to_object(peer_->ior()));
    ASSERT_TRUE(probe_ && handler_);
  }
  void TearDown() override {
    probe_ = nullptr;
    handler_ = nullptr;
    servant_ = nullptr;
    orb_->destroy();
  }

  // Drives the ORB's event loop until `n` replies reached the handler (at most 30 s).
  void await_replies(int n) {
    const auto end = std::chrono::steady_clock::now() + 30s;
    while (servant_->count() < n && std::chrono::steady_clock::now() < end) {
      orb_->perform_work();
    }
  }

  static std::unique_ptr<JacOrbPeer> peer_;
  OrbArgs args_;
  IDL::traits<CORBA::ORB>::ref_type orb_;
  CORBA::servant_reference<ProbeHandler> servant_;
  IDL::traits<JacOrbInterop::AMI_ProbeHandler>::ref_type handler_;
  ProbeRef probe_;
};

std::unique_ptr<JacOrbPeer> JacOrbAmi::peer_;

TEST_F(JacOrbAmi, RepliesAndExceptionsReachTheHandler) {
  probe_->sendc_cube(handler_, 3);
  probe_->sendc_echo_string(handler_, "async hello");
  probe_->sendc_add(handler_, 7, 5, "inout");
  probe_->sendc_refuse(handler_, 42);
  probe_->sendc_fail(handler_, 0x4a414307u);
  probe_->sendc_notes_in_order(handler_);
  await_replies(6);
  const auto seen = servant_->seen();
  EXPECT_EQ(seen.count("cube 27"), 1u);
  EXPECT_EQ(seen.count("echo_string async hello"), 1u);
  EXPECT_EQ(seen.count("add 12 14 12 inout!"), 1u);
  EXPECT_EQ(seen.count("exception Refused 42 refused 42"), 1u);
  EXPECT_EQ(seen.count("exception NO_PERMISSION " + std::to_string(0x4a414307u) + " 0"), 1u)
      << "minor and COMPLETED_YES";
  EXPECT_EQ(seen.count("notes_in_order 1"), 1u);
  EXPECT_EQ(servant_->count(), 6);
}

TEST_F(JacOrbAmi, AThousandOutstandingCallsOnOneConnectionAreAllAnswered) {
  for (std::int32_t i = 0; i < 1000; ++i) probe_->sendc_cube(handler_, i % 10);
  await_replies(1000);
  const auto seen = servant_->seen();
  for (std::int32_t v = 0; v < 10; ++v) {
    EXPECT_EQ(seen.at("cube " + std::to_string(v * v * v)), 100) << v;
  }
  EXPECT_EQ(servant_->count(), 1000);
  for (const auto& [line, n] : seen) {
    if (line.rfind("cube ", 0) != 0) ADD_FAILURE() << n << " x " << line;
  }
}

// The servant sleeps a minute; the 300 ms RelativeRoundtripTimeout reaches sleep_ms_excep.
TEST_F(JacOrbAmi, ARoundtripTimeoutReachesExcepAsTimeout) {
  CORBA::Any limit;
  limit.insert(TimeBase::TimeT{300'000 * 10});
  auto bounded = IDL::traits<JacOrbInterop::Probe>::narrow(probe_->_set_policy_overrides(
      {orb_->create_policy(Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, limit)},
      CORBA::SetOverrideType::ADD_OVERRIDE));
  bounded->sendc_sleep_ms(handler_, 60'000);
  probe_->sendc_cube(handler_, 2);  // answered meanwhile: JacORB serves them concurrently
  await_replies(2);
  const auto seen = servant_->seen();
  const std::string timeout =
      "exception TIMEOUT " + std::to_string(rtorb::minor::timeout_reply_wait) + " 2";
  EXPECT_EQ(seen.count(timeout), 1u) << "TIMEOUT timeout_reply_wait, COMPLETED_MAYBE";
  EXPECT_EQ(seen.count("cube 8"), 1u);
}

TEST_F(JacOrbAmi, APollerHandsOverTheResultAndTheException) {
  constexpr std::uint32_t twenty_seconds = 20'000;  // a bound, never reached when all is well
  std::int32_t result = 0;
  std::int32_t b = 0;
  std::int32_t sum = 0;
  std::string text;
  probe_->sendp_add(1, 2, "poll")->add(twenty_seconds, result, b, sum, text);
  EXPECT_EQ(result, 3);
  EXPECT_EQ(b, 2);
  EXPECT_EQ(sum, 3);
  EXPECT_EQ(text, "poll!");
  auto poller = probe_->sendp_refuse(7);
  try {
    poller->refuse(twenty_seconds);
    FAIL() << "no exception";
  } catch (const JacOrbInterop::Refused& e) {
    EXPECT_EQ(e.code(), 7);
  }
}

rtorb::coro::task<std::int32_t> cube_then_add(ProbeRef probe) {
  const std::int32_t c = co_await probe->async().cube(4);
  auto [r, b, sum, text] = co_await probe->async().add(c, 1, "co");
  co_return r + b + static_cast<std::int32_t>(text.size());  // 65 + 128 + 3
}

rtorb::coro::task<std::int32_t> refused(ProbeRef probe) {
  try {
    co_await probe->async().refuse(11);
  } catch (const JacOrbInterop::Refused& e) {
    co_return e.code();
  }
  co_return -1;
}

TEST_F(JacOrbAmi, CoAwaitGetsResultsAndExceptions) {
  EXPECT_EQ(rtorb::coro::run_until_done(*orb_, cube_then_add(probe_)), 65 + 128 + 3);
  EXPECT_EQ(rtorb::coro::run_until_done(*orb_, refused(probe_)), 11);
}

}  // namespace
