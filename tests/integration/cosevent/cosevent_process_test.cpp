// The CosEvent channel as real processes on loopback: an rtorb supplier through
// rtorb-cos-event-channel to two rtorb consumers, push and pull; a consumer that dies or
// hangs is cut off (logged) and delays no other; bad input from a client in another
// process gets the IDL's exceptions and the documented minor codes.
#include <gtest/gtest.h>
#include <signal.h>

#include <rtorb/corba/orb.hpp>
#include <rtorb/cosevent/minor_code.hpp>

#include "CosEventChannelAdminC.h"
#include "cosevent_processes.hpp"

namespace {

using namespace cosevent_test;

std::vector<std::string> consumer_argv(const std::string& channel, std::uint32_t count, bool pull = false) {
  std::vector<std::string> argv{bin("cosevent-consumer"), channel, std::to_string(count)};
  if (pull) argv.push_back("--pull");
  for (auto& option : server_orb_options()) argv.push_back(option);
  return argv;
}

void supply(const std::string& channel, std::uint32_t count) {
  ChildProcess supplier({bin("cosevent-supplier"), channel, std::to_string(count)});
  EXPECT_EQ(supplier.line(30s), "pushed " + std::to_string(count));
  EXPECT_EQ(supplier.wait(10s), 0);
}

TEST(CosEventProcesses, ASupplierReachesTwoPushConsumers) {
  RtorbChannel channel;
  auto first = start_consumer(consumer_argv(channel.ior(), 200));
  auto second = start_consumer(consumer_argv(channel.corbaloc(), 200));
  supply(channel.ior(), 200);
  EXPECT_EQ(events_of(*first), expected_events(200));
  EXPECT_EQ(events_of(*second), expected_events(200));
}

TEST(CosEventProcesses, ASupplierReachesAPullConsumerAndAPushConsumer) {
  RtorbChannel channel;
  auto pulling = start_consumer(consumer_argv(channel.ior(), 100, true));
  auto pushed = start_consumer(consumer_argv(channel.ior(), 100));
  supply(channel.corbaloc(), 100);
  EXPECT_EQ(events_of(*pulling), expected_events(100));
  EXPECT_EQ(events_of(*pushed), expected_events(100));
}

TEST(CosEventProcesses, AConsumerThatDiesIsCutOffAndLoggedWhileTheOtherGetsEverything) {
  RtorbChannel channel;
  auto dying = start_consumer(consumer_argv(channel.ior(), 1000));
  auto living = start_consumer(consumer_argv(channel.ior(), 100));
  ::kill(dying->pid(), SIGKILL);
  ASSERT_TRUE(dying->wait(10s).has_value());
  supply(channel.ior(), 100);
  EXPECT_EQ(events_of(*living), expected_events(100));
  EXPECT_TRUE(channel.line_with("push consumer disconnected"));
}

TEST(CosEventProcesses, AConsumerThatHangsIsCutOffByTheCallTimeoutWhileTheOtherGetsEverything) {
  RtorbChannel channel({"--call-timeout-ms", "500"});
  auto hanging = start_consumer(consumer_argv(channel.ior(), 1000));
  auto living = start_consumer(consumer_argv(channel.ior(), 100));
  ::kill(hanging->pid(), SIGSTOP);
  supply(channel.ior(), 100);
  EXPECT_EQ(events_of(*living), expected_events(100));
  const auto cut_off = channel.line_with("push consumer disconnected");
  ::kill(hanging->pid(), SIGKILL);
  ::kill(hanging->pid(), SIGCONT);
  hanging->wait(10s);
  ASSERT_TRUE(cut_off);
  EXPECT_NE(cut_off->find("TIMEOUT"), std::string::npos) << *cut_off;
}

TEST(CosEventProcesses, TheChannelBindsItselfInNamingAsEventChannel) {
  const std::string naming_port = std::to_string(free_port());
  ChildProcess naming({bin("rtorb-naming"), "-ORBEndpoint", "iiop://127.0.0.1:" + naming_port});
  ASSERT_TRUE(naming.line(20s));  // its IOR: it answers
  RtorbChannel channel({"--naming", "-ORBInitRef",
                        "NameService=corbaloc::127.0.0.1:" + naming_port + "/NameService"});
  const std::string by_name = "corbaname::127.0.0.1:" + naming_port + "#EventChannel";
  auto consumer = start_consumer(consumer_argv(by_name, 10));
  supply(by_name, 10);
  EXPECT_EQ(events_of(*consumer), expected_events(10));
  naming.terminate();
  naming.wait(5s);
}

// A client ORB in this process, against the channel process.
struct ChannelClient {
  CORBA::object_reference<CORBA::ORB> orb = [] {
    int argc = 1;
    char name[] = "cosevent_process_test";
    char* argv[] = {name, nullptr};
    return CORBA::ORB_init(argc, argv, "cosevent-process-client");
  }();
  ~ChannelClient() { orb->destroy(); }
  IDL::traits<CosEventChannelAdmin::EventChannel>::ref_type channel(const std::string& uri) {
    return IDL::traits<CosEventChannelAdmin::EventChannel>::narrow(orb->string_to_object(uri));
  }
};

TEST(CosEventProcesses, BadInputGetsTheIdlsExceptionsAndTheDocumentedMinorCodes) {
  RtorbChannel channel;
  ChannelClient client;
  auto remote = client.channel(channel.corbaloc());
  auto push_supplier = remote->for_consumers()->obtain_push_supplier();
  try {
    push_supplier->connect_push_consumer(nullptr);
    FAIL() << "a nil push consumer was accepted";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), rtorb::cosevent::minor::bad_param_nil_push_consumer);
  }
  try {
    remote->for_suppliers()->obtain_pull_consumer()->connect_pull_supplier(nullptr);
    FAIL() << "a nil pull supplier was accepted";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), rtorb::cosevent::minor::bad_param_nil_pull_supplier);
  }
  auto push_consumer = remote->for_suppliers()->obtain_push_consumer();
  EXPECT_THROW(push_consumer->push(CORBA::Any()), CosEventComm::Disconnected);
  push_consumer->connect_push_supplier(nullptr);
  EXPECT_THROW(push_consumer->connect_push_supplier(nullptr), CosEventChannelAdmin::AlreadyConnected);
  auto pull_supplier = remote->for_consumers()->obtain_pull_supplier();
  pull_supplier->connect_pull_consumer(nullptr);
  EXPECT_THROW(pull_supplier->connect_pull_consumer(nullptr), CosEventChannelAdmin::AlreadyConnected);
  bool has_event = true;
  pull_supplier->try_pull(has_event);
  EXPECT_FALSE(has_event);
}

}  // namespace
