// The state file of a channel that keeps its proxies (ChannelOptions::state_file): read
// back by a channel started anew, and refused, naming what is wrong, when it cannot be
// read, leaving the POA able to serve a channel started with a good file.
#include <rtorb/events/minor_codes.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "channel_fixture.hpp"

namespace {

using namespace events_test;
namespace fs = std::filesystem;

class ChannelState : public ::testing::Test {
 protected:
  void SetUp() override {
    server_orb_ = make_orb("state-server", 2);
    client_orb_ = make_orb("state-client", 2);
    root_ = active_root_poa(server_orb_);
    client_poa_ = active_root_poa(client_orb_);
    file_ = fs::temp_directory_path() / ("rtorb-events-state-" + std::to_string(::getpid()) + "-" +
                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
  }
  void TearDown() override {
    fs::remove(file_);
    client_orb_->destroy();
    server_orb_->destroy();
  }

  // A PERSISTENT/USER_ID POA, as a channel with a state file needs.
  PoaRef persistent_poa(const std::string& name) {
    CORBA::PolicyList policies{
        root_->create_lifespan_policy(PortableServer::LifespanPolicyValue::PERSISTENT),
        root_->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID)};
    return root_->create_POA(name, root_->the_POAManager(), policies);
  }
  std::unique_ptr<rtorb::events::EventChannel> start(const PoaRef& poa) {
    rtorb::events::ChannelOptions options;
    options.state_file = file_.string();
    options.log = [](const std::string&) {};
    return std::make_unique<rtorb::events::EventChannel>(server_orb_, poa, options);
  }
  // The minor code starting a channel on `content` raises (0: it started).
  std::uint32_t refusal(const std::string& content, const PoaRef& poa) {
    std::ofstream(file_) << content;
    try {
      start(poa);
    } catch (const CORBA::BAD_PARAM& e) {
      return e.minor();
    }
    return 0;
  }

  CORBA::object_reference<CORBA::ORB> server_orb_;
  CORBA::object_reference<CORBA::ORB> client_orb_;
  PoaRef root_;
  PoaRef client_poa_;
  fs::path file_;
};

TEST_F(ChannelState, AChannelStartedAnewServesTheProxiesTheFileHolds) {
  auto poa = persistent_poa("first");
  auto channel = start(poa);
  auto remote = IDL::traits<RtecEventChannelAdmin::EventChannel>::narrow(
      client_orb_->string_to_object(server_orb_->object_to_string(channel->reference())));
  auto consumer = activate<RtecEventComm::PushConsumer>(client_poa_, CORBA::make_reference<Consumer>());
  auto consumer_proxy = remote->for_consumers()->obtain_push_supplier();
  consumer_proxy->connect_push_consumer(consumer, qos({{20, 0}, {21, 0}}));
  consumer_proxy->suspend_connection();
  remote->for_suppliers()->obtain_push_consumer();  // a proxy not connected yet is kept too
  channel.reset();  // the end of the process: the file stays
  ASSERT_TRUE(fs::exists(file_));

  auto again = start(persistent_poa("second"));
  const auto stats = again->statistics();
  EXPECT_EQ(stats.consumers, 1U);
  EXPECT_EQ(stats.suppliers, 0U);
  again->destroy();
  EXPECT_FALSE(fs::exists(file_)) << "destroy forgets the state";
}

TEST_F(ChannelState, AFileItCannotReadIsRefusedWithBadParam) {
  const auto unreadable = rtorb::minor::bad_param_unreadable_channel_state;
  const std::string header = "rtorb-event-channel-state 1\n";
  auto poa = persistent_poa("bad");
  EXPECT_EQ(refusal("something else\n", poa), unreadable);
  EXPECT_EQ(refusal(header, poa), unreadable) << "no next line";
  EXPECT_EQ(refusal(header + "next many\n", poa), unreadable);
  EXPECT_EQ(refusal(header + "next 5\nproxy 2 consumer 1 0 IOR:zz 00\n", poa), unreadable) << "a bad IOR";
  EXPECT_EQ(refusal(header + "next 5\nproxy 2 sideways 0 0 - -\n", poa), unreadable);
  EXPECT_EQ(refusal(header + "next 5\nproxy 7 consumer 0 0 - -\n", poa), unreadable) << "an id past next";
  EXPECT_EQ(refusal(header + "next 5\nproxy 2 consumer 0 0 - -\nproxy 2 supplier 0 0 - -\n", poa), unreadable)
      << "one id twice";
  const std::string client = client_orb_->object_to_string(
      activate<RtecEventComm::PushConsumer>(client_poa_, CORBA::make_reference<Consumer>()));
  EXPECT_EQ(refusal(header + "next 5\nproxy 2 consumer 1 0 " + client + " 0z\n", poa), unreadable) << "not hex";
  EXPECT_EQ(refusal(header + "next 5\nproxy 2 consumer 1 0 " + client + " 01000000ff\n", poa), unreadable)
      << "a QOS cut short";
  EXPECT_EQ(refusal(header + "next 5\nproxy 2 consumer 1 0 " + client + " 0700\n", poa), unreadable)
      << "a byte order that is none";
  // Each refusal left nothing active: a good file starts on the same POA.
  EXPECT_EQ(refusal(header + "next 5\nproxy 2 consumer 0 0 - -\n", poa), 0U);
}

}  // namespace
