// The channel's push model over loopback: every consumer gets every event unchanged and in
// order; the proxies' state rules (nil, second connect, Disconnected); a consumer that
// raises or hangs is cut off, counted and logged while the others keep receiving; destroy
// tells every peer; the corbaloc key.
#include <rtorb/cosevent/minor_code.hpp>

#include "channel_fixture.hpp"

namespace {

using namespace cosevent_test;
using rtorb::cosevent::ChannelOptions;
namespace minor = rtorb::cosevent::minor;

std::vector<std::uint32_t> one_to(std::uint32_t n) {
  std::vector<std::uint32_t> values;
  for (std::uint32_t i = 1; i <= n; ++i) values.push_back(i);
  return values;
}

using ChannelPush = ChannelFixture;

TEST_F(ChannelPush, EveryConsumerGetsEveryEventInOrder) {
  start();
  auto first = CORBA::make_reference<PushConsumer>();
  auto second = CORBA::make_reference<PushConsumer>();
  connect(first);
  connect(second);
  auto supplier = connected_supplier();
  for (std::uint32_t i = 1; i <= 50; ++i) supplier->push(ulong_event(i));
  ASSERT_TRUE(first->wait_for_values(50));
  ASSERT_TRUE(second->wait_for_values(50));
  EXPECT_EQ(first->snapshot(), one_to(50));
  EXPECT_EQ(second->snapshot(), one_to(50));
  const auto counters = channel->counters();
  EXPECT_EQ(counters.events_in, 50u);
  EXPECT_EQ(counters.consumers, 2u);
  EXPECT_EQ(counters.suppliers, 1u);
  EXPECT_EQ(counters.dropped, 0u);
}

TEST_F(ChannelPush, ANilConsumerIsBadParamWithItsMinorCode) {
  start();
  auto proxy = remote->for_consumers()->obtain_push_supplier();
  try {
    proxy->connect_push_consumer(nullptr);
    FAIL() << "a nil consumer was accepted";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), minor::bad_param_nil_push_consumer);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_NO);
  }
  // The proxy is still idle: a real consumer may connect to it.
  auto consumer = CORBA::make_reference<PushConsumer>();
  proxy->connect_push_consumer(serve<CosEventComm::PushConsumer>(consumer));
}

TEST_F(ChannelPush, AQueueLengthOfZeroIsBadParamWithItsMinorCode) {
  ChannelOptions options;
  options.queue_length = 0;
  try {
    start(options);
    FAIL() << "a channel without room for an event was made";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), minor::bad_param_queue_length_zero);
  }
}

TEST_F(ChannelPush, ASecondConnectRaisesAlreadyConnected) {
  start();
  auto consumer = CORBA::make_reference<PushConsumer>();
  auto proxy = connect(consumer);
  EXPECT_THROW(proxy->connect_push_consumer(serve<CosEventComm::PushConsumer>(consumer)),
               CosEventChannelAdmin::AlreadyConnected);
  auto supplier = connected_supplier();
  EXPECT_THROW(supplier->connect_push_supplier(nullptr), CosEventChannelAdmin::AlreadyConnected);
}

TEST_F(ChannelPush, APushToAProxyNotConnectedRaisesDisconnected) {
  start();
  auto proxy = remote->for_suppliers()->obtain_push_consumer();
  EXPECT_THROW(proxy->push(ulong_event(1)), CosEventComm::Disconnected);
  proxy->connect_push_supplier(nullptr);
  proxy->push(ulong_event(2));
  proxy->disconnect_push_consumer();
  EXPECT_THROW(proxy->push(ulong_event(3)), CosEventComm::Disconnected);
  EXPECT_EQ(channel->counters().events_in, 1u);
  // A used proxy takes no second connection.
  try {
    proxy->connect_push_supplier(nullptr);
    FAIL() << "a disconnected proxy took a connection";
  } catch (const CORBA::OBJECT_NOT_EXIST& e) {
    EXPECT_EQ(e.minor(), minor::object_not_exist_proxy_disconnected);
  }
}

TEST_F(ChannelPush, AConsumerThatDisconnectsGetsNoMoreEvents) {
  start();
  auto leaving = CORBA::make_reference<PushConsumer>();
  auto staying = CORBA::make_reference<PushConsumer>();
  auto proxy = connect(leaving);
  connect(staying);
  auto supplier = connected_supplier();
  supplier->push(ulong_event(1));
  ASSERT_TRUE(leaving->wait_for_values(1));
  proxy->disconnect_push_supplier();
  supplier->push(ulong_event(2));
  ASSERT_TRUE(staying->wait_for_values(2));
  EXPECT_EQ(leaving->snapshot(), one_to(1));
  EXPECT_EQ(leaving->disconnects, 0);  // it asked: it is not called back
  EXPECT_EQ(channel->counters().consumers, 1u);
}

TEST_F(ChannelPush, AConsumerRaisingDisconnectedIsCutOffCountedAndLogged) {
  start();
  auto failing = CORBA::make_reference<PushConsumer>(PushConsumer::Mode::raise_disconnected);
  auto healthy = CORBA::make_reference<PushConsumer>();
  connect(failing);
  connect(healthy);
  auto supplier = connected_supplier();
  for (std::uint32_t i = 1; i <= 20; ++i) supplier->push(ulong_event(i));
  ASSERT_TRUE(healthy->wait_for_values(20));
  EXPECT_EQ(healthy->snapshot(), one_to(20));
  EXPECT_EQ(failing->snapshot(), one_to(1));  // never called after its failure
  // The failing consumer's own dispatcher cuts it off (counts, logs, unsubscribes): the
  // healthy one may have had all its events before that thread is done.
  ASSERT_TRUE(eventually([this] {
    std::lock_guard lock(log_mutex);
    return channel->counters().consumers_failed == 1 && !log.empty();
  }));
  EXPECT_TRUE(eventually([this] { return channel->counters().consumers == 1; }));
  std::lock_guard lock(log_mutex);
  ASSERT_EQ(log.size(), 1u);
  EXPECT_NE(log[0].find("Disconnected"), std::string::npos) << log[0];
}

TEST_F(ChannelPush, AHangingConsumerIsCutOffByTheCallTimeoutAndDelaysNoOther) {
  ChannelOptions options;
  options.call_timeout = 300ms;
  start(options);
  auto hanging = CORBA::make_reference<PushConsumer>(PushConsumer::Mode::hang);
  auto healthy = CORBA::make_reference<PushConsumer>();
  connect(hanging);
  connect(healthy);
  auto supplier = connected_supplier();
  for (std::uint32_t i = 1; i <= 20; ++i) supplier->push(ulong_event(i));
  // The healthy consumer has everything while the hanging one still holds its first push.
  ASSERT_TRUE(healthy->wait_for_values(20));
  EXPECT_EQ(hanging->snapshot(), one_to(1));
  const bool cut_off = eventually([this] { return channel->counters().consumers_failed == 1; });
  hanging->release();
  EXPECT_TRUE(cut_off);
  EXPECT_EQ(channel->counters().consumers, 1u);
}

TEST_F(ChannelPush, AFullQueueDropsUnderItsPolicyAndCountsEveryLoss) {
  ChannelOptions options;
  options.queue_length = 2;
  options.full_policy = rtorb::cosevent::FullPolicy::drop_newest;
  start(options);
  auto hanging = CORBA::make_reference<PushConsumer>(PushConsumer::Mode::hang);
  connect(hanging);
  auto supplier = connected_supplier();
  supplier->push(ulong_event(1));
  ASSERT_TRUE(hanging->wait_for_values(1));  // 1 is being pushed: the queue is empty again
  for (std::uint32_t i = 2; i <= 10; ++i) supplier->push(ulong_event(i));
  const auto counters = channel->counters();
  hanging->release();
  EXPECT_EQ(counters.dropped, 7u);  // 2 and 3 queued, 4..10 dropped
  EXPECT_EQ(counters.queue_high_water, 2u);
  ASSERT_TRUE(hanging->wait_for_values(3));
  EXPECT_EQ(hanging->snapshot(), one_to(3));
}

TEST_F(ChannelPush, DestroyTellsEveryPeerAndEndsTheChannel) {
  start();
  auto consumer = CORBA::make_reference<PushConsumer>();
  auto supplier_servant = CORBA::make_reference<PushSupplier>();
  connect(consumer);
  auto proxy = remote->for_suppliers()->obtain_push_consumer();
  proxy->connect_push_supplier(serve<CosEventComm::PushSupplier>(supplier_servant));
  remote->destroy();
  EXPECT_TRUE(consumer->wait_for_disconnect());
  EXPECT_TRUE(supplier_servant->wait_for_disconnect());
  EXPECT_TRUE(channel->destroyed());
  EXPECT_THROW(remote->for_consumers(), CORBA::OBJECT_NOT_EXIST);
  EXPECT_THROW(proxy->push(ulong_event(1)), CORBA::OBJECT_NOT_EXIST);
}

TEST_F(ChannelPush, TheChannelAnswersAtItsCorbalocKey) {
  const std::string port = std::to_string(free_port());
  server_endpoint = "iiop://127.0.0.1:" + port;
  ChannelOptions options;
  options.corbaloc_key = "EventChannel";
  start(options);
  auto by_key = IDL::traits<CosEventChannelAdmin::EventChannel>::narrow(
      client_orb->string_to_object("corbaloc::127.0.0.1:" + port + "/EventChannel"));
  ASSERT_TRUE(by_key);
  auto consumer = CORBA::make_reference<PushConsumer>();
  by_key->for_consumers()->obtain_push_supplier()->connect_push_consumer(
      serve<CosEventComm::PushConsumer>(consumer));
  connected_supplier()->push(ulong_event(7));
  ASSERT_TRUE(consumer->wait_for_values(1));
  EXPECT_EQ(consumer->snapshot(), std::vector<std::uint32_t>{7});
}

}  // namespace
