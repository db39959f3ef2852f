// Request buffering for SYNC_NONE oneways (rtorb's BufferingConstraint) against a real
// messaging-server process that counts what arrives: batches that leave at a count, at a
// number of bytes, after a timeout and on an explicit flush; order kept with twoways and
// out-of-band calls; a server that stops reading; bad policy values.
#include <rtorb/corba/minor_code.hpp>

#include <atomic>
#include <csignal>
#include <thread>
#include <vector>

#include "messaging_test_support.hpp"

namespace messaging_test {
namespace {

rtorb::messaging::BufferingConstraint count_of(std::uint32_t n) {
  return {rtorb::messaging::BUFFER_MESSAGE_COUNT, 0, n, 0};
}

class Buffering : public ::testing::Test {
 protected:
  // What the server has seen, asked over another ORB's connection (a call on the buffered
  // reference's connection would flush the batch first).
  std::int32_t notes() { return observer_.target(server_.ior())->notes(); }
  std::int32_t last_note() { return observer_.target(server_.ior())->last_note(); }

  Server server_;
  Client client_;
  Client observer_;
  TargetRef target_ = client_.target(server_.ior());
  TargetRef buffered(const rtorb::messaging::BufferingConstraint& c) {
    return client_.with(target_, {client_.sync_scope(Messaging::SYNC_NONE), client_.buffering(c)});
  }
};

TEST_F(Buffering, ABatchLeavesAtItsMessageCount) {
  auto batched = buffered(count_of(4));
  for (std::int32_t i = 1; i <= 3; ++i) batched->note(i);
  // Held: not one of them was written (a write would be seen by now or never; the server
  // answers the observer only after reading what came before on its own connection, so
  // this is a snapshot, and a batch written early would usually show).
  EXPECT_EQ(notes(), 0);
  batched->note(4);
  EXPECT_TRUE(eventually([&] { return notes() == 4; }));
  EXPECT_EQ(last_note(), 4);
}

TEST_F(Buffering, ABatchLeavesAtItsBytes) {
  auto batched = buffered({rtorb::messaging::BUFFER_MESSAGE_BYTES, 0, 0, 400});
  batched->note(1);  // about 80 bytes each
  EXPECT_EQ(notes(), 0);
  for (std::int32_t i = 2; i <= 8; ++i) batched->note(i);
  EXPECT_TRUE(eventually([&] { return notes() >= 4; }));
}

// COUNT and BYTES combined: whichever limit is reached first flushes the batch.
TEST_F(Buffering, CombinedLimitsFlushAtTheFirstOneReached) {
  auto by_count = buffered({rtorb::messaging::BUFFER_MESSAGE_COUNT | rtorb::messaging::BUFFER_MESSAGE_BYTES, 0, 3, 1'000'000});
  by_count->note(1);
  by_count->note(2);
  EXPECT_EQ(notes(), 0);
  by_count->note(3);  // the count, long before the bytes
  EXPECT_TRUE(eventually([&] { return notes() == 3; }));

  // More than 100 bytes each: ten reach 300 bytes long before the count of 1000, the only
  // other limit (no timeout), so whatever arrives left by its bytes.
  auto by_bytes = buffered({rtorb::messaging::BUFFER_MESSAGE_COUNT | rtorb::messaging::BUFFER_MESSAGE_BYTES, 0, 1000, 300});
  for (std::int32_t i = 4; i <= 13; ++i) by_bytes->note(i);
  EXPECT_TRUE(eventually([&] { return notes() >= 6; }));
  EXPECT_LT(notes(), 13) << "the last batch, below its bytes, left too";
}

TEST_F(Buffering, ABatchLeavesAfterItsTimeoutWithNoFurtherCall) {
  // A timeout long enough that the observer's call comes back well within it, and a count
  // never reached: what leaves, leaves by the timeout.
  auto batched = buffered({rtorb::messaging::BUFFER_TIMEOUT | rtorb::messaging::BUFFER_MESSAGE_COUNT,
                           2'000 * 10'000 /* 2 s */, 1000, 0});
  batched->note(7);
  batched->note(8);
  EXPECT_EQ(notes(), 0);  // held (a snapshot, as in ABatchLeavesAtItsMessageCount)
  EXPECT_TRUE(eventually([&] { return notes() == 2; }));
  EXPECT_EQ(last_note(), 8);
}

TEST_F(Buffering, ExplicitFlushWritesEveryBatch) {
  auto batched = buffered(count_of(1000));
  for (std::int32_t i = 1; i <= 5; ++i) batched->note(i);
  EXPECT_EQ(notes(), 0);
  rtorb::messaging::flush(client_.orb_ref());
  EXPECT_TRUE(eventually([&] { return notes() == 5; }));
}

TEST_F(Buffering, ATwowayOnTheConnectionGoesAfterTheBufferedOneways) {
  auto batched = buffered(count_of(1000));
  for (std::int32_t i = 1; i <= 10; ++i) batched->note(i);
  // The same reference, the same connection: the twoway flushes the batch first, and the
  // server reads a connection's requests in order.
  EXPECT_EQ(batched->last_note(), 10);
  EXPECT_EQ(batched->notes(), 10);
}

TEST_F(Buffering, AnOutOfBandCallFlushesTheBatchAndGoesAtOnce) {
  auto batched = buffered(count_of(1000));
  auto out_of_band = buffered({rtorb::messaging::BUFFER_FLUSH, 0, 0, 0});
  for (std::int32_t i = 1; i <= 3; ++i) batched->note(i);
  out_of_band->note(99);
  EXPECT_TRUE(eventually([&] { return notes() == 4; }));
  EXPECT_EQ(last_note(), 99);
}

TEST_F(Buffering, TheThreadLevelAndTheOrbLevelBufferToo) {
  auto current = IDL::traits<CORBA::PolicyCurrent>::narrow(
      client_.orb().resolve_initial_references("PolicyCurrent"));
  current->set_policy_overrides({client_.sync_scope(Messaging::SYNC_NONE), client_.buffering(count_of(3))},
                                CORBA::SetOverrideType::SET_OVERRIDE);
  target_->note(1);
  target_->note(2);
  EXPECT_EQ(notes(), 0);
  target_->note(3);
  EXPECT_TRUE(eventually([&] { return notes() == 3; }));
  current->set_policy_overrides({}, CORBA::SetOverrideType::SET_OVERRIDE);

  auto manager = IDL::traits<CORBA::PolicyManager>::narrow(
      client_.orb().resolve_initial_references("ORBPolicyManager"));
  manager->set_policy_overrides({client_.sync_scope(Messaging::SYNC_NONE), client_.buffering(count_of(2))},
                                CORBA::SetOverrideType::SET_OVERRIDE);
  target_->note(4);
  EXPECT_EQ(notes(), 3);
  target_->note(5);
  EXPECT_TRUE(eventually([&] { return notes() == 5; }));
  manager->set_policy_overrides({}, CORBA::SetOverrideType::SET_OVERRIDE);
}

// Four threads send buffered oneways on one reference (each on the connection it leases)
// while two more call rtorb::messaging::flush all the time: every request arrives once.
TEST_F(Buffering, RtorbFlushFromSeveralThreadsWhileOthersBuffer) {
  auto batched = buffered({rtorb::messaging::BUFFER_MESSAGE_COUNT | rtorb::messaging::BUFFER_TIMEOUT, 10'000 /* 1 ms */, 5, 0});
  constexpr int senders = 4;
  constexpr int each = 200;
  std::atomic<bool> done{false};
  std::vector<std::thread> flushes;
  for (int i = 0; i < 2; ++i) {
    flushes.emplace_back([&] {
      while (!done.load()) {
        rtorb::messaging::flush(client_.orb_ref());
        std::this_thread::yield();
      }
    });
  }
  std::vector<std::thread> threads;
  for (int t = 0; t < senders; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 1; i <= each; ++i) batched->note(t * each + i);
    });
  }
  for (auto& t : threads) t.join();
  rtorb::messaging::flush(client_.orb_ref());
  done = true;
  for (auto& t : flushes) t.join();
  EXPECT_TRUE(eventually([&] { return notes() == senders * each; }));
}

// ORB::destroy with oneways still buffered (no limit reached, no flush): the connection's
// last write, which does not wait, sends what the kernel takes: here, all of it.
TEST(BufferingAtShutdown, DestroyWritesWhatIsBufferedWhenThePeerHasRoom) {
  Server server;
  Client observer;
  {
    Client client;
    auto target = client.target(server.ior());
    ASSERT_EQ(target->notes(), 0);  // connected
    auto batched = client.with(target, {client.sync_scope(Messaging::SYNC_NONE),
                                        client.buffering(count_of(1000))});
    for (std::int32_t i = 1; i <= 7; ++i) batched->note(i);
    EXPECT_EQ(observer.target(server.ior())->notes(), 0);
  }  // ~Client: ORB::destroy
  EXPECT_TRUE(eventually([&] { return observer.target(server.ior())->notes() == 7; }));
  EXPECT_EQ(observer.target(server.ior())->last_note(), 7);
}

// The server stops (SIGSTOP): the kernel's buffers fill, the rest is held by the client,
// and no call blocks. While the bound is not reached nothing is lost: after SIGCONT every
// request arrives, with no further call to push them (the ORB's flusher writes the rest).
TEST(BufferingAgainstAStoppedServer, NothingIsLostBelowTheBound) {
  Server server;
  Client client({"-ORBOnewayBufferSize", "67108864"});
  Client observer;
  auto target = client.target(server.ior());
  ASSERT_EQ(target->absorbed(), 0);  // connected, and the server is up
  auto batched = client.with(target, {client.sync_scope(Messaging::SYNC_NONE),
                                      client.buffering({rtorb::messaging::BUFFER_MESSAGE_COUNT, 0, 1, 0})});
  ASSERT_TRUE(server.stop());
  const MessagingTest::Octets chunk(64 * 1024, 0x5a);
  constexpr int sent = 300;  // 19 MiB: more than loopback's socket buffers take
  for (int i = 0; i < sent; ++i) {
    EXPECT_FALSE(bounded([&] { batched->absorb(chunk); }, 20s, "a buffered oneway"));
  }
  server.signal(SIGCONT);
  EXPECT_TRUE(eventually([&] { return observer.target(server.ior())->absorbed() == sent; }));
}

// A peer that never reads: once the bound is reached the call is refused at once with
// TRANSIENT transient_oneway_buffer_full, COMPLETED_NO; no call blocks.
TEST(BufferingAgainstAStoppedServer, TheBoundRefusesWithTransient) {
  rtorb::interop::Listener listener(rtorb::interop::Family::ipv4);  // never accepts
  Client client({"-ORBOnewayBufferSize", "1048576"});
  auto batched = client.with(client.target(raw_ior(client, listener.port(), 2)),
                             {client.sync_scope(Messaging::SYNC_NONE),
                              client.buffering({rtorb::messaging::BUFFER_MESSAGE_COUNT, 0, 1, 0})});
  const MessagingTest::Octets chunk(64 * 1024, 0x5a);
  bool refused = false;
  for (int i = 0; i < 2000 && !refused; ++i) {
    const auto raised = bounded([&] { batched->absorb(chunk); }, 20s, "a buffered oneway");
    if (!raised) continue;
    try {
      std::rethrow_exception(raised);
    } catch (const CORBA::TRANSIENT& e) {
      EXPECT_EQ(e.minor(), rtorb::minor::transient_oneway_buffer_full);
      EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_NO);
      refused = true;
    }
  }
  EXPECT_TRUE(refused) << "2000 requests of 64 KiB all fitted";
}

TEST(BufferingPolicy, BadValuesRaiseBadPolicyValue) {
  Client client;
  const rtorb::messaging::BufferingConstraint bad[] = {
      {0x08, 0, 0, 0},                                   // an unknown mode bit
      {rtorb::messaging::BUFFER_TIMEOUT, 0, 0, 0},                  // timeout 0
      {rtorb::messaging::BUFFER_MESSAGE_COUNT, 0, 0, 0},            // count 0
      {rtorb::messaging::BUFFER_MESSAGE_BYTES, 0, 0, 0},            // bytes 0
  };
  for (const auto& c : bad) {
    try {
      client.buffering(c);
      ADD_FAILURE() << "mode " << c.mode << " accepted";
    } catch (const CORBA::PolicyError& e) {
      EXPECT_EQ(e.reason(), CORBA::BAD_POLICY_VALUE);
    }
  }
  CORBA::Any wrong;
  wrong.insert(std::int16_t{1});
  try {
    client.orb().create_policy(rtorb::messaging::BUFFERING_CONSTRAINT_POLICY_TYPE, wrong);
    ADD_FAILURE() << "a short accepted";
  } catch (const CORBA::PolicyError& e) {
    EXPECT_EQ(e.reason(), CORBA::BAD_POLICY_TYPE);
  }
}

TEST(BufferingPolicy, CarriesItsValueAndIsReadBackAsTheEffectivePolicy) {
  Client client;
  const rtorb::messaging::BufferingConstraint c{rtorb::messaging::BUFFER_TIMEOUT | rtorb::messaging::BUFFER_MESSAGE_BYTES, 5000, 0, 512};
  auto policy = IDL::traits<rtorb::messaging::BufferingConstraintPolicy>::narrow(client.buffering(c));
  ASSERT_TRUE(policy);
  EXPECT_EQ(policy->buffering_constraint(), c);
  EXPECT_EQ(policy->policy_type(), rtorb::messaging::BUFFERING_CONSTRAINT_POLICY_TYPE);
}

}  // namespace
}  // namespace messaging_test
