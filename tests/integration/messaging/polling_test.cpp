// Polling AMI (sendp_ and AMI_TargetPoller) against a real messaging-server process:
// results and out arguments through the poller, exceptions raised by the poll, a poll that
// times out and is asked again, the reply handed over once, a poller asked for another
// operation, many pollers outstanding on one connection, a client whose ORB has a pool
// reading its replies, and a server that dies.
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/messaging/poller.hpp>
#include <rtorb/poa/poa.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "messagingC.h"
#include "messaging_test_support.hpp"

namespace messaging_test {
namespace {

constexpr std::uint32_t forever = CORBA::Pollable::wait_forever;
constexpr std::uint32_t twenty_seconds = 20'000;  // a bound, never reached when all is well

class Polling : public ::testing::Test {
 protected:
  void SetUp() override { target_ = client_.target(server_.ior()); }

  Server server_;
  Client client_;
  TargetRef target_;
};

TEST_F(Polling, ThePollerHandsTheResultOver) {
  auto poller = target_->sendp_echo(42);
  std::int32_t result = 0;
  poller->echo(twenty_seconds, result);
  EXPECT_EQ(result, 42);
  EXPECT_EQ(poller->operation_name(), "echo");
  EXPECT_TRUE(poller->operation_target()->_is_equivalent(target_));
  EXPECT_FALSE(poller->is_from_poller());
  EXPECT_EQ(poller->associated_handler(), nullptr);
}

TEST_F(Polling, OutArgumentsAndAttributesComeThroughThePoller) {
  std::int32_t quotient = 0;
  std::int32_t remainder = 0;
  target_->sendp_divide(17, 5)->divide(twenty_seconds, quotient, remainder);
  EXPECT_EQ(quotient, 3);
  EXPECT_EQ(remainder, 2);

  target_->sendp_set_value(7)->set_value(twenty_seconds);
  std::int32_t value = 0;
  target_->sendp_get_value()->get_value(twenty_seconds, value);
  EXPECT_EQ(value, 7);
}

TEST_F(Polling, ThePollRaisesWhatTheCallRaised) {
  auto poller = target_->sendp_divide(9, 0);
  std::int32_t q = 0;
  std::int32_t r = 0;
  try {
    poller->divide(twenty_seconds, q, r);
    FAIL() << "no exception";
  } catch (const MessagingTest::DivideByZero& e) {
    EXPECT_EQ(e.dividend(), 9);
  }
}

TEST_F(Polling, NoReplyYetIsTimeoutAndThePollerMayBeAskedAgain) {
  auto poller = target_->sendp_sleep_ms(300);
  EXPECT_FALSE(poller->is_ready(0));
  try {
    poller->sleep_ms(0);
    FAIL() << "the reply came before the server slept";
  } catch (const CORBA::TIMEOUT& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::timeout_poll_not_ready);
  }
  EXPECT_TRUE(poller->is_ready(twenty_seconds));
  poller->sleep_ms(0);  // ready now: no wait at all
}

TEST_F(Polling, TheReplyIsHandedOverOnce) {
  auto poller = target_->sendp_echo(1);
  std::int32_t result = 0;
  poller->echo(forever, result);
  try {
    poller->echo(forever, result);
    FAIL() << "a second poll succeeded";
  } catch (const CORBA::OBJECT_NOT_EXIST& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::object_not_exist_poller_done);
  }
  EXPECT_THROW(poller->is_ready(0), CORBA::OBJECT_NOT_EXIST);
}

TEST_F(Polling, APollerAnswersOnlyForTheOperationThatMadeIt) {
  auto poller = target_->sendp_echo(5);
  std::int32_t value = 0;
  try {
    poller->get_value(twenty_seconds, value);
    FAIL() << "a poller of echo answered get_value";
  } catch (const CORBA::BAD_OPERATION& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::bad_operation_poller_mismatch);
  }
  poller->echo(twenty_seconds, value);  // the reply was kept
  EXPECT_EQ(value, 5);
}

TEST_F(Polling, ManyPollersOutstandingOnOneConnectionEachGetTheirOwnReply) {
  std::vector<IDL::traits<MessagingTest::AMI_TargetPoller>::ref_type> pollers;
  for (std::int32_t i = 0; i < 200; ++i) pollers.push_back(target_->sendp_echo(i));
  for (std::int32_t i = 199; i >= 0; --i) {
    std::int32_t result = -1;
    pollers[static_cast<std::size_t>(i)]->echo(twenty_seconds, result);
    EXPECT_EQ(result, i);
  }
}

TEST_F(Polling, APollerIsLocalToItsProcess) {
  auto poller = target_->sendp_echo(3);
  try {
    (void)poller->_copy_value();
    FAIL() << "a poller was copied";
  } catch (const CORBA::NO_IMPLEMENT& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::no_implement_poller_copy);
  }
  rtorb::cdr::OutputStream os;
  try {
    poller->rtorb_write_state(os);
    FAIL() << "a poller was marshaled";
  } catch (const CORBA::MARSHAL& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::marshal_local_poller);
  }
  EXPECT_THROW(poller->associated_handler(nullptr), CORBA::NO_IMPLEMENT);
  std::int32_t result = 0;
  poller->echo(twenty_seconds, result);
  EXPECT_EQ(result, 3);
}

TEST_F(Polling, APollableSetHandsOverItsReadyMembersOneAtATime) {
  // One connection's requests are served in order: the echoes are answered before the
  // server starts sleeping.
  auto one = target_->sendp_echo(1);
  auto two = target_->sendp_echo(2);
  auto slow = target_->sendp_sleep_ms(300);
  auto set = slow->create_pollable_set();
  EXPECT_EQ(set->number_left(), 0);
  set->add_pollable(slow);
  set->add_pollable(one);
  set->add_pollable(two);
  EXPECT_EQ(set->number_left(), 3);
  std::vector<CORBA::valuetype_reference<CORBA::Pollable>> order;
  for (int i = 0; i < 3; ++i) order.push_back(set->get_ready_pollable(twenty_seconds));
  EXPECT_EQ(set->number_left(), 0);
  EXPECT_TRUE((order[0] == one && order[1] == two) || (order[0] == two && order[1] == one));
  EXPECT_TRUE(order[2] == slow);
  std::int32_t result = 0;
  one->echo(0, result);  // each member still hands its reply over
  EXPECT_EQ(result, 1);
  EXPECT_THROW(set->get_ready_pollable(0), CORBA::PollableSet::NoPossiblePollable);
}

TEST_F(Polling, APollableSetWithNothingReadyTimesOutAndRefusesWhatItCannotHold) {
  auto slow = target_->sendp_sleep_ms(300);
  auto set = slow->create_pollable_set();
  set->add_pollable(slow);
  try {
    (void)set->get_ready_pollable(0);
    FAIL() << "the reply came before the server slept";
  } catch (const CORBA::TIMEOUT& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::timeout_poll_not_ready);
  }
  EXPECT_EQ(set->number_left(), 1);
  EXPECT_THROW(set->remove(target_->sendp_echo(3)), CORBA::PollableSet::UnknownPollable);
  try {
    set->add_pollable(nullptr);
    FAIL() << "a nil pollable was added";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::bad_param_nil_pollable);
  }
  try {
    (void)set->create_dii_pollable();
    FAIL() << "a DII pollable without a DII";
  } catch (const CORBA::NO_IMPLEMENT& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::no_implement_dii);
  }
  set->remove(slow);
  EXPECT_EQ(set->number_left(), 0);
}

TEST(PollingWithAPool, AThreadOfTheClientsPoolDeliversTheReplyThePollWaitsFor) {
  Server server;
  Client client({"-ORBServerThreads", "2"});
  auto root = IDL::traits<PortableServer::POA>::narrow(
      client.orb().resolve_initial_references("RootPOA"));
  root->the_POAManager()->activate();
  // The pool's threads start with the client's endpoints, opened for its first reference.
  root->servant_to_reference(CORBA::make_reference<LocalTarget>());
  ASSERT_FALSE(client.orb().work_pending());  // the poll waits: it cannot read replies
  auto target = client.target(server.ior());
  std::int32_t result = 0;
  target->sendp_echo(11)->echo(twenty_seconds, result);
  EXPECT_EQ(result, 11);
}

TEST(PollingACollocatedTarget, ThePollerIsReadyWhenSendpReturns) {
  Client client;
  auto root = IDL::traits<PortableServer::POA>::narrow(
      client.orb().resolve_initial_references("RootPOA"));
  root->the_POAManager()->activate();
  auto local = IDL::traits<MessagingTest::Target>::narrow(
      root->servant_to_reference(CORBA::make_reference<LocalTarget>()));
  auto poller = local->sendp_divide(43, 2);
  EXPECT_TRUE(poller->is_ready(0));
  std::int32_t q = 0;
  std::int32_t r = 0;
  poller->divide(0, q, r);
  EXPECT_EQ(q, 21);
  EXPECT_EQ(r, 1);
}

TEST(PollingAServerThatDies, ThePollRaisesTheLostConnection) {
  Server server;
  Client client;
  auto target = client.target(server.ior());
  std::int32_t result = 0;
  target->sendp_echo(1)->echo(twenty_seconds, result);  // connected
  auto poller = target->sendp_sleep_ms(10'000);
  server.kill();
  try {
    poller->sleep_ms(twenty_seconds);
    FAIL() << "the poll succeeded";
  } catch (const CORBA::COMM_FAILURE&) {
  } catch (const CORBA::TRANSIENT&) {
  }
}

}  // namespace
}  // namespace messaging_test
