// The channel's pull model over loopback: a pull consumer pulls what suppliers pushed,
// try_pull says when there is nothing, a pull in progress ends with Disconnected when its
// proxy is disconnected; a pull supplier is polled, and one that fails is cut off.
#include <rtorb/cosevent/minor_code.hpp>

#include <thread>

#include "channel_fixture.hpp"

namespace {

using namespace cosevent_test;
namespace minor = rtorb::cosevent::minor;

using ChannelPull = ChannelFixture;

std::uint32_t value_of(const CORBA::Any& any) {
  std::uint32_t value = 0;
  EXPECT_TRUE(any.extract(value));
  return value;
}

TEST_F(ChannelPull, APullConsumerGetsWhatWasPushedAndTryPullSaysWhenNothingIsLeft) {
  start();
  auto proxy = remote->for_consumers()->obtain_pull_supplier();
  proxy->connect_pull_consumer(nullptr);  // nil is allowed for a pull consumer
  auto supplier = connected_supplier();
  supplier->push(ulong_event(1));
  supplier->push(ulong_event(2));
  EXPECT_EQ(value_of(proxy->pull()), 1u);
  bool has_event = false;
  EXPECT_EQ(value_of(proxy->try_pull(has_event)), 2u);
  EXPECT_TRUE(has_event);
  proxy->try_pull(has_event);
  EXPECT_FALSE(has_event);
  EXPECT_EQ(channel->counters().delivered, 2u);
}

TEST_F(ChannelPull, PullWaitsForAnEvent) {
  start();
  auto proxy = remote->for_consumers()->obtain_pull_supplier();
  proxy->connect_pull_consumer(nullptr);
  auto supplier = connected_supplier();
  std::thread later([&] {
    std::this_thread::sleep_for(100ms);
    supplier->push(ulong_event(9));
  });
  EXPECT_EQ(value_of(proxy->pull()), 9u);
  later.join();
}

TEST_F(ChannelPull, APullInProgressEndsWithDisconnectedWhenItsProxyIsDisconnected) {
  start();
  auto proxy = remote->for_consumers()->obtain_pull_supplier();
  proxy->connect_pull_consumer(nullptr);
  auto other = IDL::traits<CosEventChannelAdmin::ProxyPullSupplier>::narrow(
      client_orb->string_to_object(client_orb->object_to_string(proxy)));
  std::thread disconnector([&] {
    std::this_thread::sleep_for(100ms);
    other->disconnect_pull_supplier();
  });
  EXPECT_THROW(proxy->pull(), CosEventComm::Disconnected);
  disconnector.join();
  bool has_event = true;
  EXPECT_THROW(proxy->try_pull(has_event), CosEventComm::Disconnected);
}

TEST_F(ChannelPull, PullingBeforeConnectingRaisesDisconnected) {
  start();
  auto proxy = remote->for_consumers()->obtain_pull_supplier();
  bool has_event = true;
  EXPECT_THROW(proxy->try_pull(has_event), CosEventComm::Disconnected);
  EXPECT_THROW(proxy->pull(), CosEventComm::Disconnected);
  auto consumer = CORBA::make_reference<PullConsumer>();
  proxy->connect_pull_consumer(serve<CosEventComm::PullConsumer>(consumer));
  EXPECT_THROW(proxy->connect_pull_consumer(nullptr), CosEventChannelAdmin::AlreadyConnected);
}

TEST_F(ChannelPull, APolledSupplierReachesPushConsumers) {
  start();
  auto consumer = CORBA::make_reference<PushConsumer>();
  connect(consumer);
  auto supplier = CORBA::make_reference<PullSupplier>(5);
  auto proxy = remote->for_suppliers()->obtain_pull_consumer();
  proxy->connect_pull_supplier(serve<CosEventComm::PullSupplier>(supplier));
  ASSERT_TRUE(consumer->wait_for_values(5));
  EXPECT_EQ(consumer->snapshot(), (std::vector<std::uint32_t>{1, 2, 3, 4, 5}));
  EXPECT_THROW(proxy->connect_pull_supplier(serve<CosEventComm::PullSupplier>(supplier)),
               CosEventChannelAdmin::AlreadyConnected);
  remote->destroy();
  EXPECT_TRUE(supplier->wait_for_disconnect());
}

TEST_F(ChannelPull, ANilPullSupplierIsBadParamWithItsMinorCode) {
  start();
  auto proxy = remote->for_suppliers()->obtain_pull_consumer();
  try {
    proxy->connect_pull_supplier(nullptr);
    FAIL() << "a nil pull supplier was accepted";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), minor::bad_param_nil_pull_supplier);
  }
}

TEST_F(ChannelPull, APullSupplierThatFailsIsCutOffAndCounted) {
  start();
  auto supplier = CORBA::make_reference<PullSupplier>(0);
  auto reference = serve<CosEventComm::PullSupplier>(supplier);
  root(client_orb)->deactivate_object(root(client_orb)->reference_to_id(reference));
  remote->for_suppliers()->obtain_pull_consumer()->connect_pull_supplier(reference);
  EXPECT_TRUE(eventually([this] { return channel->counters().suppliers_failed == 1; }));
  EXPECT_EQ(channel->counters().suppliers, 0u);
}

}  // namespace
