// The queued dispatching modes: a pool's queue and counters, and priority mode's queue per
// rate group whose thread runs, and pushes, at the group's priority.
#include <rtorb/rt/extensions.hpp>

#include "channel_fixture.hpp"

namespace {

using namespace events_test;
constexpr std::int32_t sentinel = 999;

rtorb::events::DispatchingOptions mode(const char* text) {
  return *rtorb::events::parse_dispatching(text);
}

TEST_F(ChannelTest, APoolDeliversThroughOneCountedQueue) {
  start(mode("pool:2"));
  auto consumer = connect_consumer(qos({{20, 0}, {sentinel, 0}}));
  auto proxy = connect_supplier();
  proxy->push(events({20, 21, 20, sentinel}));
  ASSERT_TRUE(consumer.servant->wait_for_type(sentinel));
  const auto stats = channel_->statistics();
  ASSERT_EQ(stats.queues.size(), 1U);
  EXPECT_FALSE(stats.queues[0].priority);
  EXPECT_EQ(stats.queues[0].in, 3U) << "21 is wanted by no consumer: never queued";
  const auto& q = stats.queues[0];
  EXPECT_EQ(q.in, q.dispatched + q.dropped + q.queued + q.in_progress);
}

TEST_F(ChannelTest, PriorityModeGivesEachRateGroupItsOwnQueue) {
  start(mode("priority"));
  auto fast = connect_consumer(qos({{20, 0, 0, 20000}, {sentinel, 0, 0, 20000}}));
  auto slow = connect_consumer(qos({{21, 0, 0, 5000}, {sentinel, 0, 0, 5000}}));
  auto proxy = connect_supplier();
  proxy->push(events({20, 21, sentinel}));
  ASSERT_TRUE(fast.servant->wait_for_type(sentinel));
  ASSERT_TRUE(slow.servant->wait_for_type(sentinel));
  EXPECT_EQ(fast.servant->types(), (std::vector<std::int32_t>{20, sentinel}));
  EXPECT_EQ(slow.servant->types(), (std::vector<std::int32_t>{21, sentinel}));
  const auto stats = channel_->statistics();
  ASSERT_EQ(stats.queues.size(), 2U);
  EXPECT_EQ(stats.queues[0].priority, 20000);
  EXPECT_EQ(stats.queues[1].priority, 5000);
  EXPECT_EQ(stats.queues[0].in, 2U);
  EXPECT_EQ(stats.queues[1].in, 2U);
}

// A consumer in the channel's own ORB is pushed collocated, on the dispatching thread
// itself: the OS scheduling it sees is that thread's.
TEST_F(ChannelTest, PriorityModePushesOnAThreadAtTheGroupsOsPriority) {
  start(mode("priority"));
  auto consumer = connect_consumer(qos({{20, 0, 0, 20000}}), server_poa_);
  auto proxy = connect_supplier();
  proxy->push(events({20}));
  ASSERT_TRUE(consumer.servant->wait_for_type(20));
  const auto stats = channel_->statistics();
  ASSERT_EQ(stats.queues.size(), 1U);
  EXPECT_EQ(stats.queues[0].os_policy, consumer.servant->os_scheduling().first);
  EXPECT_EQ(stats.queues[0].os_priority, consumer.servant->os_scheduling().second);
  if (!rtorb::rt::real_time_scheduling(*server_orb_)) {
    GTEST_SKIP() << "this process may not use real-time scheduling";
  }
  // What the ORB's mapping makes of 20000, read by taking it on a thread of our own.
  int expected_policy = 0;
  sched_param expected{};
  std::thread([&] {
    auto current = IDL::traits<RTCORBA::Current>::narrow(server_orb_->resolve_initial_references("RTCurrent"));
    current->the_priority(20000);
    pthread_getschedparam(pthread_self(), &expected_policy, &expected);
  }).join();
  EXPECT_NE(expected_policy, SCHED_OTHER);
  EXPECT_EQ(consumer.servant->os_scheduling().first, expected_policy);
  EXPECT_EQ(consumer.servant->os_scheduling().second, expected.sched_priority);
}

}  // namespace

namespace {

// Takes its first push and never returns from it: its ORB's one thread stops reading, the
// socket buffers fill, and the channel's next push to it can only wait.
class HangingConsumer final : public CORBA::servant_traits<RtecEventComm::PushConsumer>::base_type {
 public:
  void push(const RtecEventComm::EventSet&) override {
    std::unique_lock lock(mutex_);
    released_.wait(lock, [this] { return release_; });
  }
  void disconnect_push_consumer() override {}
  void release() {
    {
      std::lock_guard lock(mutex_);
      release_ = true;
    }
    released_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable released_;
  bool release_ = false;
};

// The push timeout is generous so that only the consumer that never reads can reach it.
TEST_F(ChannelTest, AHangingConsumerTimesOutAndTheOthersOfItsGroupGoOn) {
  start(mode("pool:1"), 2s);
  auto hung_orb = make_orb("events-hung", 1);
  auto hung = CORBA::make_reference<HangingConsumer>();
  remote_->for_consumers()->obtain_push_supplier()->connect_push_consumer(
      activate<RtecEventComm::PushConsumer>(active_root_poa(hung_orb), hung), qos({{20, 0}}));
  auto survivor = connect_consumer(qos({{20, 0}, {sentinel, 0}}));
  auto proxy = connect_supplier();
  RtecEventComm::EventSet big(1);
  big[0].header().type(20);
  big[0].data().payload().resize(64 * 1024);
  for (int i = 0; i < 400 && channel_->statistics().failed_consumers == 0; ++i) proxy->push(big);
  proxy->push(events({sentinel}));
  EXPECT_TRUE(survivor.servant->wait_for_type(sentinel));
  EXPECT_EQ(channel_->statistics().failed_consumers, 1U);
  ASSERT_FALSE(log().empty());
  EXPECT_NE(log().front().find("TIMEOUT"), std::string::npos) << log().front();
  hung->release();
  hung_orb->destroy();
}

}  // namespace
