// Federation: a gateway carries events from one channel to another, only the types the far
// channel's consumers subscribed to, and follows their subscriptions as they change.
#include <rtorb/events/gateway.hpp>

#include <thread>

#include "channel_fixture.hpp"

namespace {

using namespace events_test;
constexpr std::int32_t sentinel = 999;

class GatewayTest : public ChannelTest {
 protected:
  void start_far() {
    far_orb_ = make_orb("events-far", 4);
    far_channel_ = std::make_unique<rtorb::events::EventChannel>(far_orb_, active_root_poa(far_orb_));
    far_ = IDL::traits<RtecEventChannelAdmin::EventChannel>::narrow(
        client_orb_->string_to_object(far_orb_->object_to_string(far_channel_->reference())));
  }
  void TearDown() override {
    gateway_.reset();
    far_channel_.reset();
    if (far_orb_) far_orb_->destroy();
    ChannelTest::TearDown();
  }
  Connected connect_far_consumer(const RtecEventChannelAdmin::ConsumerQOS& q) {
    Connected c{CORBA::make_reference<Consumer>(), far_->for_consumers()->obtain_push_supplier()};
    c.proxy->connect_push_consumer(activate<RtecEventComm::PushConsumer>(client_poa_, c.servant), q);
    return c;
  }
  // Waits (20 s at most) until the gateway's near subscription in force has `n` entries
  // (the far union's), after at least one change.
  bool wait_for_subscription(std::uint64_t n) {
    auto done = [&] {
      const auto s = gateway_->statistics();
      return s.subscription_changes > 0 && s.subscribed_entries == n;
    };
    for (int i = 0; i < 2000 && !done(); ++i) std::this_thread::sleep_for(10ms);
    return done();
  }

  CORBA::object_reference<CORBA::ORB> far_orb_;
  std::unique_ptr<rtorb::events::EventChannel> far_channel_;
  ChannelRef far_;
  std::unique_ptr<rtorb::events::Gateway> gateway_;
};

TEST_F(GatewayTest, CarriesOnlyWhatTheFarSideSubscribedTo) {
  start();
  start_far();
  gateway_ = std::make_unique<rtorb::events::Gateway>(client_poa_, remote_, far_);
  auto far_consumer = connect_far_consumer(qos({{20, 0}, {sentinel, 0}}));
  ASSERT_TRUE(wait_for_subscription(2));
  auto proxy = connect_supplier();
  proxy->push(events({20, 21, 22, sentinel}));
  ASSERT_TRUE(far_consumer.servant->wait_for_type(sentinel));
  EXPECT_EQ(far_consumer.servant->types(), (std::vector<std::int32_t>{20, sentinel}));
  EXPECT_EQ(gateway_->statistics().forwarded, 2U) << "21 and 22 stayed on the near side";
  EXPECT_EQ(gateway_->statistics().failures, 0U);
}

TEST_F(GatewayTest, FollowsTheFarSubscriptionsAsTheyChange) {
  start();
  start_far();
  gateway_ = std::make_unique<rtorb::events::Gateway>(client_poa_, remote_, far_);
  auto first = connect_far_consumer(qos({{20, 0}}));
  ASSERT_TRUE(wait_for_subscription(1));
  auto second = connect_far_consumer(qos({{21, 0}, {sentinel, 0}}));
  ASSERT_TRUE(wait_for_subscription(3));
  first.proxy->disconnect_push_supplier();
  ASSERT_TRUE(wait_for_subscription(2));
  auto proxy = connect_supplier();
  proxy->push(events({20, 21, sentinel}));
  ASSERT_TRUE(second.servant->wait_for_type(sentinel));
  EXPECT_EQ(second.servant->types(), (std::vector<std::int32_t>{21, sentinel}));
  EXPECT_EQ(gateway_->statistics().forwarded, 2U) << "20 lost its far subscriber";
}

}  // namespace
