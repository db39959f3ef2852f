// The channel through its IDL from another ORB: filtering, the connect rules, suspend and
// resume, disconnect, destroy, observers, and a consumer whose push fails.
#include <rtorb/events/filter.hpp>
#include <rtorb/events/minor_codes.hpp>

#include <thread>

#include "channel_fixture.hpp"

namespace {

using namespace events_test;
namespace t = rtorb::events::event_type;
constexpr std::int32_t sentinel = 999;

TEST_F(ChannelTest, DeliversSubscribedTypesAndNoOthers) {
  start();
  auto consumer = connect_consumer(qos({{20, 0}, {sentinel, 0}}));
  auto proxy = connect_supplier();
  proxy->push(events({20, 21, 20, 22, sentinel}));
  ASSERT_TRUE(consumer.servant->wait_for_type(sentinel));
  EXPECT_EQ(consumer.servant->types(), (std::vector<std::int32_t>{20, 20, sentinel}));
}

TEST_F(ChannelTest, StampsWhenItReceivedAndSentEachEvent) {
  for (const char* dispatching : {"reactive", "pool:1"}) {
    start(*rtorb::events::parse_dispatching(dispatching));
    auto consumer = connect_consumer(qos({{20, 0}}));
    auto proxy = connect_supplier();
    proxy->push(events({20}));
    ASSERT_TRUE(consumer.servant->wait_for_type(20));
    const auto header = consumer.servant->sets().at(0).at(0).header();  // sets() is a copy
    EXPECT_GT(header.ec_recv_time(), 0x01B21DD213814000ULL) << dispatching;  // after 1970
    EXPECT_GE(header.ec_send_time(), header.ec_recv_time()) << dispatching;
    TearDown();
    channel_.reset();
    client_orb_ = nullptr;
    server_orb_ = nullptr;
  }
}

TEST_F(ChannelTest, ATypeWildcardReceivesEveryType) {
  start();
  auto consumer = connect_consumer(qos({{0, 1}}));
  auto proxy = connect_supplier();
  proxy->push(events({20, 21, sentinel}));
  ASSERT_TRUE(consumer.servant->wait_for_type(sentinel));
  EXPECT_EQ(consumer.servant->types(), (std::vector<std::int32_t>{20, 21, sentinel}));
}

TEST_F(ChannelTest, AConjunctionArrivesAsOneSetOfItsEvents) {
  start();
  auto consumer = connect_consumer(qos({{t::conjunction_designator, 2}, {20, 0}, {21, 0}}));
  auto proxy = connect_supplier();
  proxy->push(events({20, 22, 21}));
  ASSERT_TRUE(consumer.servant->wait_for_type(21));
  const auto sets = consumer.servant->sets();
  ASSERT_EQ(sets.size(), 1U);
  ASSERT_EQ(sets[0].size(), 2U);
  EXPECT_EQ(sets[0][0].header().type(), 20);
  EXPECT_EQ(sets[0][1].header().type(), 21);
}

TEST_F(ChannelTest, RefusesANilConsumerWithBadParam) {
  start();
  auto proxy = remote_->for_consumers()->obtain_push_supplier();
  try {
    proxy->connect_push_consumer(nullptr, qos({{20, 0}}));
    FAIL() << "a nil consumer was accepted";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::bad_param_nil_rtec_consumer);
  }
}

TEST_F(ChannelTest, RefusesANilSupplierWithBadParam) {
  start();
  auto proxy = remote_->for_suppliers()->obtain_push_consumer();
  try {
    proxy->connect_push_supplier(nullptr, supplier_qos());
    FAIL() << "a nil supplier was accepted";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::bad_param_nil_rtec_supplier);
  }
}

TEST_F(ChannelTest, RefusesAMalformedQosAtConnect) {
  start();
  auto proxy = remote_->for_consumers()->obtain_push_supplier();
  auto servant = CORBA::make_reference<Consumer>();
  auto consumer = activate<RtecEventComm::PushConsumer>(client_poa_, servant);
  try {
    proxy->connect_push_consumer(consumer, qos({{t::conjunction_designator, 5}, {20, 0}}));
    FAIL() << "a malformed QOS was accepted";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::bad_param_malformed_qos);
  }
  // The proxy is still unconnected: a good QOS connects it.
  proxy->connect_push_consumer(consumer, qos({{20, 0}}));
  EXPECT_EQ(channel_->statistics().consumers, 1U);
}

TEST_F(ChannelTest, RefusesASecondConnectWithAlreadyConnected) {
  start();
  auto consumer = connect_consumer(qos({{20, 0}}));
  auto other = activate<RtecEventComm::PushConsumer>(client_poa_, CORBA::make_reference<Consumer>());
  EXPECT_THROW(consumer.proxy->connect_push_consumer(other, qos({{20, 0}})),
               RtecEventChannelAdmin::AlreadyConnected);
  auto proxy = connect_supplier();
  auto supplier = activate<RtecEventComm::PushSupplier>(client_poa_, CORBA::make_reference<Supplier>());
  EXPECT_THROW(proxy->connect_push_supplier(supplier, supplier_qos()), RtecEventChannelAdmin::AlreadyConnected);
}

TEST_F(ChannelTest, ASuspendedConsumerMissesEventsUntilResumed) {
  start();
  auto paused = connect_consumer(qos({{20, 0}, {sentinel, 0}}));
  auto watcher = connect_consumer(qos({{sentinel, 0}}));
  auto proxy = connect_supplier();
  paused.proxy->suspend_connection();
  proxy->push(events({20, sentinel}));
  ASSERT_TRUE(watcher.servant->wait_for_type(sentinel));
  EXPECT_TRUE(paused.servant->types().empty());
  paused.proxy->resume_connection();
  proxy->push(events({20}));
  EXPECT_TRUE(paused.servant->wait_for_type(20));
}

TEST_F(ChannelTest, ADisconnectedConsumerGetsNothingAndItsProxyIsGone) {
  start();
  auto leaving = connect_consumer(qos({{20, 0}}));
  auto watcher = connect_consumer(qos({{20, 0}}));
  leaving.proxy->disconnect_push_supplier();
  auto proxy = connect_supplier();
  proxy->push(events({20}));
  ASSERT_TRUE(watcher.servant->wait_for_type(20));
  EXPECT_TRUE(leaving.servant->types().empty());
  EXPECT_FALSE(leaving.servant->disconnected) << "no callback to a consumer that left itself";
  EXPECT_THROW(leaving.proxy->suspend_connection(), CORBA::OBJECT_NOT_EXIST);
}

TEST_F(ChannelTest, CountsPushesToAProxyWithNoSupplier) {
  start();
  auto proxy = remote_->for_suppliers()->obtain_push_consumer();
  proxy->push(events({20, 21}));
  auto consumer = connect_consumer(qos({{sentinel, 0}}));
  auto connected = connect_supplier();
  connected->push(events({sentinel}));  // the same client connection: after the first push
  ASSERT_TRUE(consumer.servant->wait_for_type(sentinel));
  EXPECT_EQ(channel_->statistics().unconnected_pushes, 2U);
}

TEST_F(ChannelTest, DestroyTellsEveryClientAndEndsTheChannel) {
  start();
  auto consumer = connect_consumer(qos({{20, 0}}));
  connect_supplier();
  remote_->destroy();
  EXPECT_TRUE(consumer.servant->disconnected);
  EXPECT_TRUE(supplier_->disconnected);
  try {
    remote_->for_consumers();
    FAIL() << "a destroyed channel answered";
  } catch (const CORBA::OBJECT_NOT_EXIST&) {
  }
}

class Observer final : public CORBA::servant_traits<RtecEventChannelAdmin::Observer>::base_type {
 public:
  void update_consumer(const RtecEventChannelAdmin::ConsumerQOS& sub) override {
    last_size = static_cast<int>(sub.dependencies().size());
    ++updates;
  }
  void update_supplier(const RtecEventChannelAdmin::SupplierQOS& pub) override {
    publications = static_cast<int>(pub.publications().size());
  }
  std::atomic<int> updates{0};
  std::atomic<int> publications{-1};
  std::atomic<int> last_size{-1};
};

TEST_F(ChannelTest, ObserversSeeTheUnionOfSubscriptionsAndPublications) {
  start();
  auto servant = CORBA::make_reference<Observer>();
  const auto handle = remote_->append_observer(activate<RtecEventChannelAdmin::Observer>(client_poa_, servant));
  EXPECT_EQ(servant->last_size, 0);
  auto a = connect_consumer(qos({{20, 0}}));
  auto b = connect_consumer(qos({{21, 0}, {22, 0}}));
  EXPECT_EQ(servant->last_size, 3);
  auto supplier_proxy = remote_->for_suppliers()->obtain_push_consumer();
  RtecEventChannelAdmin::SupplierQOS publishing;
  publishing.publications().resize(2);
  supplier_proxy->connect_push_supplier(
      activate<RtecEventComm::PushSupplier>(client_poa_, CORBA::make_reference<Supplier>()), publishing);
  EXPECT_EQ(servant->publications, 2);
  remote_->remove_observer(handle);
  EXPECT_THROW(remote_->remove_observer(handle), RtecEventChannelAdmin::EventChannel::CANT_REMOVE_OBSERVER);
  EXPECT_THROW(remote_->append_observer(nullptr), RtecEventChannelAdmin::EventChannel::CANT_APPEND_OBSERVER);
}

TEST_F(ChannelTest, AConsumerWhosePushFailsIsDisconnectedCountedAndLogged) {
  start();
  auto doomed_orb = make_orb("events-doomed", 1);
  auto doomed_poa = active_root_poa(doomed_orb);
  auto doomed = connect_consumer(qos({{20, 0}}), doomed_poa);
  auto survivor = connect_consumer(qos({{20, 0}}));
  doomed_orb->destroy();
  auto proxy = connect_supplier();
  // Oneways to a closed endpoint fail once the channel notices: push until it has.
  for (int i = 0; i < 2000 && channel_->statistics().failed_consumers == 0; ++i) {
    proxy->push(events({20}));
    std::this_thread::sleep_for(5ms);
  }
  const auto stats = channel_->statistics();
  EXPECT_EQ(stats.failed_consumers, 1U);
  ASSERT_FALSE(log().empty());
  EXPECT_NE(log().front().find("push failed"), std::string::npos);
  EXPECT_TRUE(survivor.servant->wait_for_type(20));
  for (int i = 0; i < 400 && channel_->statistics().consumers != 1; ++i) std::this_thread::sleep_for(5ms);
  EXPECT_EQ(channel_->statistics().consumers, 1U) << "maintenance removed the failed one";
}

}  // namespace
