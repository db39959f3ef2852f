// rtorb's four SyncScopes received by a JacORB 3.9 server, each checked by what the servant
// saw rather than by time: WITH_SERVER returns while the servant is still blocked in the
// upcall; WITH_TARGET returns only after the upcall ran; NONE and WITH_TRANSPORT get no
// reply and every oneway arrives, in order (counted by a servant in a SINGLE_THREAD_MODEL
// POA). A 20 s RelativeRoundtripTimeout on every reference turns a missing reply into a
// failure, never a hang; it is never reached when all is well.
#include <rtorb/corba/orb.hpp>
#include <rtorb/messaging/messaging.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "jacorbC.h"
#include "jacorb_peer.hpp"

namespace {

using namespace std::chrono_literals;
using rtorb::interop::JacOrbPeer;
using rtorb::interop::OrbArgs;
using ProbeRef = IDL::traits<JacOrbInterop::Probe>::ref_type;

// Asks `probe` until `ask` returns `expected`, at most 2,000 times 10 ms apart; returns
// the last answer. A bound on a wait for the server's threads, not a timing check.
template <class Ask>
std::int32_t eventually(Ask ask, std::int32_t expected) {
  std::int32_t seen = ask();
  for (int i = 0; i < 2000 && seen != expected; ++i) {
    std::this_thread::sleep_for(10ms);
    seen = ask();
  }
  return seen;
}

class JacOrbSyncScope : public ::testing::TestWithParam<const char*> {
 protected:
  static void SetUpTestSuite() { peer_ = std::make_unique<JacOrbPeer>(); }
  static void TearDownTestSuite() { peer_.reset(); }

  void SetUp() override {
    orb_ = CORBA::ORB_init(args_.argc(), args_.argv(),
                           std::string("jacorb-sync-scope-") + GetParam());
    probe_ = narrow(rtorb::interop::corbaloc_for(peer_->ior(), GetParam()));
    ordered_ = narrow(rtorb::interop::corbaloc_for(peer_->ordered_ior(), GetParam()));
    ASSERT_TRUE(probe_ && ordered_);
  }
  void TearDown() override {
    if (probe_) probe_->release();  // a failed check must not leave holds blocked
    probe_ = ordered_ = nullptr;
    orb_->destroy();
  }

  ProbeRef narrow(const std::string& ior) {
    return IDL::traits<JacOrbInterop::Probe>::narrow(orb_->string_to_object(ior));
  }
  // `probe` with `scope` and the 20 s bound on every call.
  ProbeRef scoped(const ProbeRef& probe, Messaging::SyncScope scope) {
    CORBA::Any value;
    value.insert(scope);
    CORBA::Any limit;
    limit.insert(TimeBase::TimeT{20'000'000 * 10});
    return IDL::traits<JacOrbInterop::Probe>::narrow(probe->_set_policy_overrides(
        {orb_->create_policy(Messaging::SYNC_SCOPE_POLICY_TYPE, value),
         orb_->create_policy(Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, limit)},
        CORBA::SetOverrideType::ADD_OVERRIDE));
  }

  static std::unique_ptr<JacOrbPeer> peer_;
  OrbArgs args_;
  IDL::traits<CORBA::ORB>::ref_type orb_;
  ProbeRef probe_;
  ProbeRef ordered_;
};

std::unique_ptr<JacOrbPeer> JacOrbSyncScope::peer_;

// WITH_SERVER's own answer exists in GIOP 1.2 only (1.0/1.1 have only response_expected):
// its test runs at 1.2 alone, rather than being skipped at the others.
class JacOrbSyncScopeGiop12 : public JacOrbSyncScope {};

// Over GIOP 1.2 JacORB answers a response_flags 0x01 oneway once it has found the servant,
// before the upcall. (For 1.0/1.1 see WithTargetReturnsAfterTheUpcall below.)
TEST_P(JacOrbSyncScopeGiop12, WithServerReturnsWhileTheServantIsStillBlocked) {
  const std::int32_t done_before = probe_->holds_done();
  scoped(probe_, Messaging::SYNC_WITH_SERVER)->hold();
  EXPECT_EQ(probe_->holds_done(), done_before)
      << "the upcall cannot have ended: nothing released it";
  EXPECT_EQ(eventually([&] { return probe_->held(); }, 1), 1);
  probe_->release();
  EXPECT_EQ(eventually([&] { return probe_->holds_done(); }, done_before + 1), done_before + 1);
}

// WITH_TARGET (and, over 1.0/1.1, WITH_SERVER too: both are response_expected TRUE) returns
// only after the upcall: the hold is released from this thread while another waits in it.
TEST_P(JacOrbSyncScope, WithTargetReturnsAfterTheUpcall) {
  const Messaging::SyncScope scopes[] = {Messaging::SYNC_WITH_SERVER, Messaging::SYNC_WITH_TARGET};
  for (const auto scope : scopes) {
    if (scope == Messaging::SYNC_WITH_SERVER && std::string(GetParam()) == "1.2") continue;
    const std::int32_t done_before = probe_->holds_done();
    auto target = scoped(probe_, scope);
    std::atomic<bool> returned{false};
    std::int32_t done_at_return = -1;
    std::thread caller([&] {
      target->hold();
      done_at_return = probe_->holds_done();
      returned = true;
    });
    EXPECT_EQ(eventually([&] { return probe_->held(); }, 1), 1);
    EXPECT_FALSE(returned) << "returned while the servant was blocked (scope " << scope << ")";
    probe_->release();
    caller.join();
    EXPECT_EQ(done_at_return, done_before + 1) << "scope " << scope;
  }
}

TEST_P(JacOrbSyncScope, WithTargetNoteIsVisibleAtOnce) {
  auto target = scoped(probe_, Messaging::SYNC_WITH_TARGET);
  for (std::int32_t token = 1; token <= 20; ++token) {
    target->note(9000 + token);
    EXPECT_EQ(probe_->last_note(), 9000 + token) << "answered after the upcall";
  }
}

// NONE and WITH_TRANSPORT (response_flags 0x00): no reply, and all 1,000 arrive in order.
TEST_P(JacOrbSyncScope, NoneAndWithTransportDeliverEveryOnewayInOrder) {
  const Messaging::SyncScope scopes[] = {Messaging::SYNC_NONE, Messaging::SYNC_WITH_TRANSPORT};
  for (const auto scope : scopes) {
    auto oneway = scoped(ordered_, scope);
    const std::int32_t before = ordered_->notes();
    const std::int32_t first = ordered_->last_note() + 1;
    for (std::int32_t i = 0; i < 1000; ++i) {
      // SYNC_NONE may find the socket buffer full (TRANSIENT): that one was not sent, so send
      // it again; nothing is lost silently.
      for (int attempt = 0;; ++attempt) {
        try {
          oneway->note(first + i);
          break;
        } catch (const CORBA::TRANSIENT&) {
          ASSERT_LT(attempt, 10000) << "the socket never drained";
          std::this_thread::sleep_for(1ms);
        }
      }
    }
    EXPECT_EQ(eventually([&] { return ordered_->notes(); }, before + 1000), before + 1000)
        << "scope " << scope;
    EXPECT_TRUE(ordered_->notes_in_order()) << "scope " << scope;
    EXPECT_EQ(ordered_->last_note(), first + 999);
  }
}

std::string giop_name(const ::testing::TestParamInfo<const char*>& info) {
  std::string name = std::string("Giop") + info.param;
  name.erase(name.find('.'), 1);
  return name;
}

INSTANTIATE_TEST_SUITE_P(Giop, JacOrbSyncScope, ::testing::Values("1.2", "1.1", "1.0"), giop_name);
INSTANTIATE_TEST_SUITE_P(Giop, JacOrbSyncScopeGiop12, ::testing::Values("1.2"), giop_name);

}  // namespace
