// rtorb's CosEvent channel and omniEvents (Debian omnievents), each through the other:
// omniORB's supplier and consumer through rtorb-cos-event-channel, rtorb's through an
// omniEvents daemon's channel (made by its eventc), mixed pairs, and omniEvents' rmeventc
// destroying rtorb's channel. Every event is a CORBA::ULong any, as omniEvents' examples
// push; a consumer prints "event ?" for an any that lost its TypeCode on the way.
// A missing peer (omniEvents, eventc, the omniORB programs) is a visible SKIP.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "cosevent_processes.hpp"

namespace {

using namespace cosevent_test;
namespace fs = std::filesystem;

std::string missing_peer() {
  const std::vector<std::pair<std::string, std::string>> peers{
      {"omniEvents", OMNIEVENTS}, {"eventc", EVENTC}, {"rmeventc", RMEVENTC},
      {"omni-cos-supplier", OMNI_COS_SUPPLIER}, {"omni-cos-consumer", OMNI_COS_CONSUMER}};
  for (const auto& [name, path] : peers) {
    if (path.empty() || !fs::exists(path)) return name;
  }
  return {};
}

#define REQUIRE_PEERS()                                                                    \
  if (const std::string missing = missing_peer(); !missing.empty())                        \
  GTEST_SKIP() << missing << " is not installed (Debian omnievents, libomnievents-dev)"

// An omniEvents daemon on a loopback port with a database in a temporary directory, and
// one channel it made through eventc (cycle period 1 ms, reachable by corbaloc as
// EventChannel). The destructor stops it (SIGTERM, SIGKILL after 5 s).
class OmniEventsDaemon {
 public:
  OmniEventsDaemon() : port_(free_port()), dir_(make_dir()) {
    const std::string command = "OMNIORB_USEHOSTNAME=127.0.0.1 exec " + std::string(OMNIEVENTS) +
                                " -f -p " + std::to_string(port_) + " -l " + dir_.string() +
                                " -t " + (dir_ / "trace.log").string();
    daemon_ = std::make_unique<ChildProcess>(std::vector<std::string>{"/bin/sh", "-c", command});
    channel_ior_ = make_channel();
  }
  ~OmniEventsDaemon() {
    daemon_->terminate();
    daemon_->wait(5s);
    fs::remove_all(dir_);
  }
  const std::string& channel_ior() const { return channel_ior_; }
  std::string channel_corbaloc() const {
    return "corbaloc::127.0.0.1:" + std::to_string(port_) + "/EventChannel";
  }

 private:
  static fs::path make_dir() {
    static int counter = 0;
    fs::path dir = fs::temp_directory_path() /
                   ("rtorb-omnievents-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::create_directories(dir);
    return dir;
  }
  // eventc until the daemon answers (it needs a moment to listen): -v prints the IOR.
  std::string make_channel() {
    const std::string factory = "corbaloc::127.0.0.1:" + std::to_string(port_) + "/omniEvents";
    for (int attempt = 0; attempt < 100; ++attempt) {
      ChildProcess eventc({EVENTC, "-i", "EventChannel", "-c", "1000000", "-v", factory,
                           "-ORBendPoint", "giop:tcp:127.0.0.1:"});
      const std::string output = eventc.rest_of_output(10s);
      const auto start = output.find("IOR:");
      if (eventc.wait(5s) == 0 && start != std::string::npos) {
        return output.substr(start, output.find('\n', start) - start);
      }
      std::this_thread::sleep_for(100ms);
    }
    throw std::runtime_error("omniEvents did not answer eventc on port " + std::to_string(port_));
  }

  std::uint16_t port_;
  fs::path dir_;
  std::unique_ptr<ChildProcess> daemon_;
  std::string channel_ior_;
};

std::vector<std::string> omni_consumer_argv(const std::string& channel, std::uint32_t count) {
  return {OMNI_COS_CONSUMER, channel, std::to_string(count), "-ORBendPoint", "giop:tcp:127.0.0.1:"};
}

std::vector<std::string> rtorb_consumer_argv(const std::string& channel, std::uint32_t count,
                                             bool pull = false) {
  std::vector<std::string> argv{bin("cosevent-consumer"), channel, std::to_string(count)};
  if (pull) argv.push_back("--pull");
  for (auto& option : server_orb_options()) argv.push_back(option);
  return argv;
}

void supply(const std::string& program, const std::string& channel, std::uint32_t count) {
  ChildProcess supplier({program, channel, std::to_string(count)});
  EXPECT_EQ(supplier.line(30s), "pushed " + std::to_string(count));
  EXPECT_EQ(supplier.wait(10s), 0);
}

TEST(OmniEventsInterop, OmniOrbsSupplierAndConsumersThroughRtorbsChannel) {
  REQUIRE_PEERS();
  RtorbChannel channel;
  auto by_ior = start_consumer(omni_consumer_argv(channel.ior(), 100));
  auto by_corbaloc = start_consumer(omni_consumer_argv(channel.corbaloc(), 100));
  supply(OMNI_COS_SUPPLIER, channel.corbaloc(), 100);
  EXPECT_EQ(events_of(*by_ior), expected_events(100));
  EXPECT_EQ(events_of(*by_corbaloc), expected_events(100));
}

TEST(OmniEventsInterop, RtorbsSupplierAndConsumersThroughOmniEventsChannel) {
  REQUIRE_PEERS();
  OmniEventsDaemon omnievents;
  auto pushed = start_consumer(rtorb_consumer_argv(omnievents.channel_ior(), 100));
  auto pulling = start_consumer(rtorb_consumer_argv(omnievents.channel_corbaloc(), 100, true));
  supply(bin("cosevent-supplier"), omnievents.channel_ior(), 100);
  EXPECT_EQ(events_of(*pushed), expected_events(100));
  EXPECT_EQ(events_of(*pulling), expected_events(100));
}

TEST(OmniEventsInterop, AnOmniOrbSupplierReachesBothKindsOfConsumerThroughRtorbsChannel) {
  REQUIRE_PEERS();
  RtorbChannel channel;
  auto omni = start_consumer(omni_consumer_argv(channel.ior(), 50));
  auto rtorb = start_consumer(rtorb_consumer_argv(channel.ior(), 50, true));
  supply(OMNI_COS_SUPPLIER, channel.ior(), 50);
  EXPECT_EQ(events_of(*omni), expected_events(50));
  EXPECT_EQ(events_of(*rtorb), expected_events(50));
}

TEST(OmniEventsInterop, AnRtorbSupplierReachesBothKindsOfConsumerThroughOmniEventsChannel) {
  REQUIRE_PEERS();
  OmniEventsDaemon omnievents;
  auto omni = start_consumer(omni_consumer_argv(omnievents.channel_ior(), 50));
  auto rtorb = start_consumer(rtorb_consumer_argv(omnievents.channel_ior(), 50));
  supply(bin("cosevent-supplier"), omnievents.channel_corbaloc(), 50);
  EXPECT_EQ(events_of(*omni), expected_events(50));
  EXPECT_EQ(events_of(*rtorb), expected_events(50));
}

TEST(OmniEventsInterop, OmniEventsRmeventcDestroysRtorbsChannelAndItsConsumerIsTold) {
  REQUIRE_PEERS();
  RtorbChannel channel;
  auto consumer = start_consumer(omni_consumer_argv(channel.ior(), 1000));
  ChildProcess rmeventc({RMEVENTC, channel.corbaloc()});
  EXPECT_EQ(rmeventc.wait(20s), 0);
  EXPECT_EQ(consumer->line(20s), "disconnected");
  EXPECT_EQ(consumer->wait(10s), 0);
}

}  // namespace
