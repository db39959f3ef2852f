// Asynchronous method handling against a real amh-server process (an AMH servant of
// AmhTest::Deferred) and in-process: clients are ordinary synchronous (or AMI) clients,
// and on the wire nothing tells them the servant replied later.
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/messaging/reply_handler.hpp>
#include <rtorb/poa/poa.hpp>

#include <gtest/gtest.h>

#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "amhS.h"
#include "amh_servant.hpp"
#include "messaging_test_support.hpp"

namespace messaging_test {
namespace {

using DeferredRef = IDL::traits<AmhTest::Deferred>::ref_type;
using Holder = IDL::traits<Messaging::ExceptionHolder>::ref_type;

DeferredRef deferred(Client& client, const std::string& ior) {
  return IDL::traits<AmhTest::Deferred>::narrow(client.orb().string_to_object(ior));
}

// The calls every variant answers the same: through a remote server, collocated, ...
void expect_replies(const DeferredRef& d) {
  EXPECT_EQ(d->later(7), 7);
  EXPECT_EQ(d->at_once(5), 5);
  std::int32_t remainder = 0;
  std::string note = "x";
  EXPECT_EQ(d->divide(17, 5, remainder, note), 3);
  EXPECT_EQ(remainder, 2);
  EXPECT_EQ(note, "x!");
  d->value(12);
  EXPECT_EQ(d->value(), 12);
}

void expect_exceptions(const DeferredRef& d) {
  std::int32_t remainder = 0;
  std::string note;
  try {
    d->divide(9, 0, remainder, note);
    ADD_FAILURE() << "divide by 0 raised nothing";
  } catch (const AmhTest::Refused& e) {
    EXPECT_EQ(e.code(), 9);
  }
  try {
    d->system_error(42);
    ADD_FAILURE() << "system_error raised nothing";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), 42u);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_YES);
  }
  EXPECT_THROW(d->thrown(3), AmhTest::Refused);
  try {
    d->thrown_system(8);
    ADD_FAILURE() << "thrown_system raised nothing";
  } catch (const CORBA::NO_PERMISSION& e) {
    EXPECT_EQ(e.minor(), 8u);
  }
  try {
    d->dropped(1);
    ADD_FAILURE() << "dropped raised nothing";
  } catch (const CORBA::NO_RESPONSE& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::no_response_amh_dropped);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_MAYBE);
  }
}

class Amh : public ::testing::Test {
 protected:
  // One server thread: an AMH upcall returns at once, so one thread serves them all.
  Server server_{{"-ORBServerThreads", "1"}, "amh-server"};
  Client client_;
  DeferredRef target_ = deferred(client_, server_.ior());
};

TEST_F(Amh, RepliesComeFromTheWorkerThreadOrInsideTheUpcall) {
  EXPECT_EQ(bounded([&] { expect_replies(target_); }), nullptr);
}

TEST_F(Amh, UserAndSystemExceptionsReachTheClient) {
  EXPECT_EQ(bounded([&] { expect_exceptions(target_); }), nullptr);
}

TEST_F(Amh, ADroppedHandlerLeavesTheConnectionUsable) {
  EXPECT_THROW(target_->dropped(2), CORBA::NO_RESPONSE);
  EXPECT_EQ(target_->later(3), 3);
}

TEST_F(Amh, ASecondReplyRaisesBadInvOrderAndSendsNothing) {
  EXPECT_EQ(target_->twice(4), 4);  // the first reply, not the second (5)
  const std::string expected =
      "BAD_INV_ORDER " + std::to_string(rtorb::minor::bad_inv_order_amh_replied);
  EXPECT_TRUE(eventually([&] { return target_->second_reply() == expected; }))
      << target_->second_reply();
  EXPECT_EQ(target_->later(6), 6);  // no stray reply was taken for this one
}

TEST_F(Amh, AOnewayIsAnsweredToNobody) {
  target_->note(11);
  EXPECT_TRUE(eventually([&] { return target_->last_note() == 11; }));
}

TEST_F(Amh, WithTargetOnewayWaitsForTheHandler) {
  auto with_target = IDL::traits<AmhTest::Deferred>::narrow(target_->_set_policy_overrides(
      {client_.sync_scope(Messaging::SYNC_WITH_TARGET)},
      CORBA::SetOverrideType::ADD_OVERRIDE));
  with_target->note(21);
  // The worker notes the token before the handler replies, and the caller returned only
  // after that reply.
  EXPECT_EQ(target_->last_note(), 21);
}

TEST_F(Amh, SynchronousCallersShareOneConnection) {
  Client multiplexed({"-ORBClientStrategy", "multiplexed"});
  const DeferredRef d = deferred(multiplexed, server_.ior());
  constexpr int callers = 8;
  std::vector<std::thread> threads;
  std::vector<std::int32_t> got(callers, -1);
  for (int i = 0; i < callers; ++i) {
    threads.emplace_back([&, i] {
      try {
        got[static_cast<std::size_t>(i)] = d->gather(i, callers);
      } catch (...) {
      }
    });
  }
  for (auto& t : threads) t.join();
  for (int i = 0; i < callers; ++i) EXPECT_EQ(got[static_cast<std::size_t>(i)], i);
}

// Records the order gather replies arrive in; every other reply is unexpected here.
class GatherHandler final : public CORBA::servant_traits<AmhTest::AMI_DeferredHandler>::base_type {
 public:
  void gather(std::int32_t v) override {
    std::lock_guard lock(mutex_);
    order_.push_back(v);
  }
  void gather_excep(const Holder&) override { unexpected(); }
  void later(std::int32_t) override { unexpected(); }
  void later_excep(const Holder&) override { unexpected(); }
  void at_once(std::int32_t) override { unexpected(); }
  void at_once_excep(const Holder&) override { unexpected(); }
  void divide(std::int32_t, std::int32_t, const std::string&) override { unexpected(); }
  void divide_excep(const Holder&) override { unexpected(); }
  void system_error(std::int32_t) override { unexpected(); }
  void system_error_excep(const Holder&) override { unexpected(); }
  void thrown(std::int32_t) override { unexpected(); }
  void thrown_excep(const Holder&) override { unexpected(); }
  void thrown_system(std::int32_t) override { unexpected(); }
  void thrown_system_excep(const Holder&) override { unexpected(); }
  void dropped(std::int32_t) override { unexpected(); }
  void dropped_excep(const Holder&) override { unexpected(); }
  void twice(std::int32_t) override { unexpected(); }
  void twice_excep(const Holder&) override { unexpected(); }
  void second_reply(const std::string&) override { unexpected(); }
  void second_reply_excep(const Holder&) override { unexpected(); }
  void last_note(std::int32_t) override { unexpected(); }
  void last_note_excep(const Holder&) override { unexpected(); }
  void get_value(std::int32_t) override { unexpected(); }
  void get_value_excep(const Holder&) override { unexpected(); }
  void set_value() override { unexpected(); }
  void set_value_excep(const Holder&) override { unexpected(); }

  std::vector<std::int32_t> order() {
    std::lock_guard lock(mutex_);
    return order_;
  }
  int unexpected_count() {
    std::lock_guard lock(mutex_);
    return unexpected_;
  }

 private:
  void unexpected() {
    std::lock_guard lock(mutex_);
    ++unexpected_;
  }
  std::mutex mutex_;
  std::vector<std::int32_t> order_;
  int unexpected_ = 0;
};

TEST_F(Amh, ManyOutstandingRequestsOnOneConnectionAreRepliedLastFirst) {
  auto root = IDL::traits<PortableServer::POA>::narrow(
      client_.orb().resolve_initial_references("RootPOA"));
  root->the_POAManager()->activate();
  auto servant = CORBA::make_reference<GatherHandler>();
  auto handler =
      IDL::traits<AmhTest::AMI_DeferredHandler>::narrow(root->servant_to_reference(servant));
  constexpr int outstanding = 500;
  for (int i = 0; i < outstanding; ++i) target_->sendc_gather(handler, i, outstanding);
  const bool all = eventually([&] {
    client_.orb().perform_work();
    return servant->order().size() + static_cast<std::size_t>(servant->unexpected_count()) >=
           outstanding;
  });
  ASSERT_TRUE(all) << servant->order().size() << " replies";
  EXPECT_EQ(servant->unexpected_count(), 0);
  const std::vector<std::int32_t> order = servant->order();
  ASSERT_EQ(order.size(), static_cast<std::size_t>(outstanding));
  for (int i = 0; i < outstanding; ++i)
    EXPECT_EQ(order[static_cast<std::size_t>(i)], outstanding - 1 - i);
}

TEST_F(Amh, AClosedConnectionDropsTheLateReplyQuietly) {
  {
    Client gone;
    // Held on the server until a second gather comes: this caller gives up first (its
    // timeout drops its connection), and its ORB goes away.
    const auto impatient = IDL::traits<AmhTest::Deferred>::narrow(
        deferred(gone, server_.ior())
            ->_set_policy_overrides({gone.roundtrip_timeout(std::chrono::milliseconds(300))},
                                    CORBA::SetOverrideType::ADD_OVERRIDE));
    EXPECT_THROW(impatient->gather(1, 2), CORBA::TIMEOUT);
  }
  // The second completes the pair: the first reply goes to a closed connection.
  EXPECT_EQ(bounded([&] { EXPECT_EQ(target_->gather(2, 2), 2); }), nullptr);
  EXPECT_EQ(target_->later(1), 1);  // the server carries on
}

// Collocated: the caller waits for the handler, whichever thread replies.
class AmhCollocated : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    auto root = IDL::traits<PortableServer::POA>::narrow(
        client_.orb().resolve_initial_references("RootPOA"));
    root->the_POAManager()->activate();
    servant_ = CORBA::make_reference<amh_test::DeferredServant>();
    target_ = IDL::traits<AmhTest::Deferred>::narrow(root->servant_to_reference(servant_));
  }

  Client client_{{"-ORBCollocation", GetParam()}};
  CORBA::servant_reference<amh_test::DeferredServant> servant_;
  DeferredRef target_;
};

TEST_P(AmhCollocated, RepliesAndExceptionsAsRemote) {
  EXPECT_EQ(bounded([&] {
              expect_replies(target_);
              expect_exceptions(target_);
            }),
            nullptr);
}

INSTANTIATE_TEST_SUITE_P(Strategies, AmhCollocated, ::testing::Values("thru_poa", "direct"));

}  // namespace
}  // namespace messaging_test
