// The event service as real processes on loopback: rtorb-event-service, suppliers and
// consumers (events-test-peer), and rtorb-naming for --naming.
#include <gtest/gtest.h>
#include <signal.h>

#include <rtorb/events/filter.hpp>
#include <rtorb/events/minor_codes.hpp>
#include <rtorb/events/push_consumer_servant.hpp>
#include <rtorb/poa/poa.hpp>

#include <chrono>
#include <filesystem>
#include <algorithm>
#include <atomic>
#include <functional>
#include <fstream>
#include <iterator>
#include <sstream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <rtorb/rt/extensions.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <sched.h>
#include <sys/socket.h>
#include <unistd.h>

#include "RtecEventChannelAdminS.h"
#include "child_process.hpp"

namespace {

using namespace std::chrono_literals;
using rtorb::interop::ChildProcess;
namespace fs = std::filesystem;

std::string bin(const std::string& program) { return std::string(RTORB_BINARY_DIR) + "/bin/" + program; }

fs::path temp_file(const std::string& name) {
  static int counter = 0;
  return fs::temp_directory_path() /
         ("rtorb-events-it-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" + name);
}

// rtorb-event-service with --ior-file; the constructor waits (20 s at most) for the file.
class EventService {
 public:
  explicit EventService(std::vector<std::string> extra = {}) : ior_file_(temp_file("ec.ior")) {
    std::vector<std::string> argv{bin("rtorb-event-service"), "--ior-file", ior_file_.string()};
    if (std::find(extra.begin(), extra.end(), "-ORBEndpoint") == extra.end()) {
      argv.insert(argv.end(), {"-ORBEndpoint", "iiop://127.0.0.1:0"});  // unless the test names one
    }
    argv.insert(argv.end(), extra.begin(), extra.end());
    process_ = std::make_unique<ChildProcess>(argv);
    for (int i = 0; i < 400 && !fs::exists(ior_file_); ++i) std::this_thread::sleep_for(50ms);
    std::ifstream(ior_file_) >> ior_;
    if (ior_.rfind("IOR:", 0) != 0) throw std::runtime_error("rtorb-event-service wrote no IOR");
  }
  ~EventService() {
    if (process_) stop();
    std::error_code ignored;
    fs::remove(ior_file_, ignored);
  }
  const std::string& ior() const { return ior_; }
  pid_t pid() const { return process_->pid(); }
  // The exit status once it ends by itself (20 s at most, then killed: nullopt).
  std::optional<int> wait_for_exit() {
    auto status = process_->wait(20s);
    process_.reset();
    return status;
  }
  std::optional<int> stop() {
    process_->terminate();
    auto status = process_->wait(10s);
    process_.reset();
    return status;
  }

 private:
  fs::path ior_file_;
  std::unique_ptr<ChildProcess> process_;
  std::string ior_;
};

// A consumer process; the constructor waits for its READY line.
std::unique_ptr<ChildProcess> consumer(const std::string& channel, std::vector<std::string> args) {
  std::vector<std::string> argv{bin("events-test-peer"), "consumer", channel};
  argv.insert(argv.end(), args.begin(), args.end());
  auto process = std::make_unique<ChildProcess>(argv);
  const auto line = process->line(20s);
  if (line != "READY") throw std::runtime_error("consumer did not connect");
  return process;
}

int supply(const std::string& channel, const std::string& types, int repeat = 1) {
  ChildProcess supplier({bin("events-test-peer"), "supplier", channel, types, "--repeat", std::to_string(repeat)});
  return supplier.wait(60s).value_or(-1);
}

// The PUSH lines up to and including the first that holds `last`.
std::vector<std::string> pushes_until(ChildProcess& process, const std::string& last) {
  std::vector<std::string> lines;
  while (auto line = process.line(20s)) {
    lines.push_back(*line);
    if (line->find(last) != std::string::npos) break;
  }
  return lines;
}

TEST(EventServiceProcess, DeliversSubscribedTypesWildcardsAndConjunctions) {
  EventService service;
  auto typed = consumer(service.ior(), {"--types", "20,999"});
  auto wildcard = consumer(service.ior(), {"--types", "0"});
  auto both = consumer(service.ior(), {"--conjunction", "20,21", "--types", "999"});
  ASSERT_EQ(supply(service.ior(), "20,21,22,999"), 0);
  EXPECT_EQ(pushes_until(*typed, "999"), (std::vector<std::string>{"PUSH 20", "PUSH 999"}));
  EXPECT_EQ(pushes_until(*wildcard, "999"),
            (std::vector<std::string>{"PUSH 20", "PUSH 21", "PUSH 22", "PUSH 999"}));
  EXPECT_EQ(pushes_until(*both, "999"), (std::vector<std::string>{"PUSH 20 21", "PUSH 999"}));
  EXPECT_EQ(service.stop(), 0);
}

TEST(EventServiceProcess, AConsumerThatDiesIsDroppedAndOthersKeepReceiving) {
  EventService service({"--dispatching", "pool:2"});
  auto doomed = consumer(service.ior(), {"--types", "20"});
  auto survivor = consumer(service.ior(), {"--types", "20,999"});
  ::kill(doomed->pid(), SIGKILL);
  (void)doomed->wait(5s);
  ASSERT_EQ(supply(service.ior(), "20", 100), 0);
  ASSERT_EQ(supply(service.ior(), "999"), 0);
  const auto lines = pushes_until(*survivor, "999");
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "PUSH 999");
  EXPECT_EQ(lines.size(), 101U) << "every event reached the survivor";
  EXPECT_EQ(service.stop(), 0) << "the service survived the dead consumer";
}

// (policy, rt_priority) of every thread of a process, from /proc/PID/task/TID/stat.
std::vector<std::pair<int, int>> thread_scheduling(pid_t pid) {
  std::vector<std::pair<int, int>> out;
  for (const auto& task : fs::directory_iterator("/proc/" + std::to_string(pid) + "/task")) {
    std::ifstream in(task.path() / "stat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::istringstream fields(text.substr(text.rfind(')') + 2));  // from field 3 on
    std::vector<std::string> f{std::istream_iterator<std::string>(fields), {}};
    if (f.size() >= 39) out.emplace_back(std::stoi(f[38]), std::stoi(f[37]));  // fields 41, 40
  }
  return out;
}

// The OS (policy, priority) the default mapping gives a CORBA priority, as a thread of this
// process taking it through RTCurrent sees it.
std::pair<int, int> native_of(const CORBA::object_reference<CORBA::ORB>& orb, RTCORBA::Priority p) {
  std::pair<int, int> result;
  std::thread([&] {
    IDL::traits<RTCORBA::Current>::narrow(orb->resolve_initial_references("RTCurrent"))->the_priority(p);
    sched_param param{};
    pthread_getschedparam(pthread_self(), &result.first, &param);
    result.second = param.sched_priority;
  }).join();
  return result;
}

TEST(EventServiceProcess, PriorityModeDeliversEachRateGroupFromAThreadAtItsOsPriority) {
  EventService service({"--dispatching", "priority"});
  auto fast = consumer(service.ior(), {"--types", "20,999", "--rt-info", "20000"});
  auto slow = consumer(service.ior(), {"--types", "21,999", "--rt-info", "5000"});
  ASSERT_EQ(supply(service.ior(), "20,21,999"), 0);
  EXPECT_EQ(pushes_until(*fast, "999"), (std::vector<std::string>{"PUSH 20", "PUSH 999"}));
  EXPECT_EQ(pushes_until(*slow, "999"), (std::vector<std::string>{"PUSH 21", "PUSH 999"}));
  int argc = 1;
  char name[] = "events_process_test";
  char* argv[] = {name, nullptr};
  auto orb = CORBA::ORB_init(argc, argv, "events-process-priority");
  const bool real_time = rtorb::rt::real_time_scheduling(*orb);
  const auto fast_native = native_of(orb, 20000);
  const auto slow_native = native_of(orb, 5000);
  orb->destroy();
  if (!real_time) GTEST_SKIP() << "this machine gives no real-time scheduling to check";
  const auto threads = thread_scheduling(service.pid());
  auto has = [&](std::pair<int, int> wanted) {
    return std::find(threads.begin(), threads.end(), wanted) != threads.end();
  };
  EXPECT_TRUE(has(fast_native)) << "no thread of the service runs at " << fast_native.second;
  EXPECT_TRUE(has(slow_native)) << "no thread of the service runs at " << slow_native.second;
  EXPECT_NE(fast_native, slow_native);
}

TEST(EventServiceProcess, AnswersBadInputWithTheIdlsExceptions) {
  EventService service;
  ChildProcess probe({bin("events-test-peer"), "probe", service.ior()});
  const std::string out = probe.rest_of_output(30s);
  EXPECT_EQ(probe.wait(5s), 0);
  auto hex = [](std::uint32_t v) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%x", v);
    return std::string(text);
  };
  EXPECT_NE(out.find("nil_consumer BAD_PARAM " + hex(rtorb::minor::bad_param_nil_rtec_consumer)), std::string::npos) << out;
  EXPECT_NE(out.find("malformed_qos BAD_PARAM " + hex(rtorb::minor::bad_param_malformed_qos)), std::string::npos) << out;
  EXPECT_NE(out.find("second_connect AlreadyConnected"), std::string::npos) << out;
}

TEST(EventServiceProcess, BindsEventServiceInNaming) {
  ChildProcess naming({bin("rtorb-naming"), "-ORBEndpoint", "iiop://127.0.0.1:0"});
  const auto naming_ior = naming.line(20s);
  ASSERT_TRUE(naming_ior && naming_ior->rfind("IOR:", 0) == 0);
  EventService service({"--naming", "-ORBInitRef", "NameService=" + *naming_ior});
  ChildProcess resolve({bin("rtorb-nsadmin"), "-ORBInitRef", "NameService=" + *naming_ior, "resolve", "EventService"});
  const std::string out = resolve.rest_of_output(30s);
  EXPECT_EQ(resolve.wait(5s), 0);
  EXPECT_NE(out.find("IOR:"), std::string::npos) << out;
  naming.terminate();
  (void)naming.wait(5s);
}

// A loopback port nothing listens on now (the kernel's pick, released at once).
std::uint16_t free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
    throw std::runtime_error("no free loopback port");
  }
  ::close(fd);
  return ntohs(address.sin_port);
}

TEST(EventServiceProcess, AnswersAtItsCorbalocKey) {
  const std::string port = std::to_string(free_port());
  EventService service({"-ORBEndpoint", "iiop://127.0.0.1:" + port});
  const std::string corbaloc = "corbaloc::127.0.0.1:" + port + "/EventService";
  auto typed = consumer(corbaloc, {"--types", "20"});
  ASSERT_EQ(supply(corbaloc, "20"), 0);
  EXPECT_EQ(pushes_until(*typed, "20"), (std::vector<std::string>{"PUSH 20"}));
}

// A consumer in the test's own process: counts events and the channel's heartbeats.
class Watching final : public rtorb::events::PushConsumerServant {
 public:
  void push(const RtecEventComm::EventSet& events) override {
    for (const auto& e : events) {
      (e.header().type() == rtorb::events::event_type::interval_timeout ? heartbeats : received).fetch_add(1);
    }
  }
  void disconnect_push_consumer() override {}
  std::atomic<int> heartbeats{0};
  std::atomic<int> received{0};
};

// True once `condition` holds, polled for 20 s at most.
bool eventually(const std::function<bool()>& condition) {
  for (int i = 0; i < 400; ++i) {
    if (condition()) return true;
    std::this_thread::sleep_for(50ms);
  }
  return condition();
}

// An ORB served by a thread of its own until the end of the scope, then destroyed,
// whatever the test raised.
class ServedOrb {
 public:
  explicit ServedOrb(CORBA::object_reference<CORBA::ORB> orb) : orb_(std::move(orb)), thread_([this] { orb_->run(); }) {}
  ServedOrb(const ServedOrb&) = delete;
  ServedOrb& operator=(const ServedOrb&) = delete;
  ~ServedOrb() {
    orb_->shutdown(false);
    thread_.join();
    orb_->destroy();
  }

 private:
  CORBA::object_reference<CORBA::ORB> orb_;
  std::thread thread_;
};

// docs/events.md, "Restarts": what a consumer does when the channel restarts at the same
// address, since the channel keeps no proxies.
TEST(EventServiceProcess, AfterARestartTheOldProxyIsGoneAndTheCorbalocKeyConnectsAgain) {
  const std::string port = std::to_string(free_port());
  const std::vector<std::string> fixed{"-ORBEndpoint", "iiop://127.0.0.1:" + port};
  const std::string corbaloc = "corbaloc::127.0.0.1:" + port + "/EventService";
  int argc = 1;
  char name[] = "events_process_test";
  char* argv[] = {name, nullptr};
  auto orb = CORBA::ORB_init(argc, argv, "events-process-restart");
  auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  root->the_POAManager()->activate();
  const ServedOrb served(orb);
  auto watching = CORBA::make_reference<Watching>();
  auto consumer = IDL::traits<RtecEventComm::PushConsumer>::narrow(root->servant_to_reference(watching));
  RtecEventChannelAdmin::ConsumerQOS qos;
  qos.dependencies().resize(2);
  qos.dependencies()[0].event().header().type(20);
  qos.dependencies()[1].event().header().type(rtorb::events::event_type::interval_timeout);
  qos.dependencies()[1].event().header().creation_time(100'000);  // 10 ms
  auto connect = [&] {
    auto channel = IDL::traits<RtecEventChannelAdmin::EventChannel>::narrow(orb->string_to_object(corbaloc));
    auto proxy = channel->for_consumers()->obtain_push_supplier();
    proxy->connect_push_consumer(consumer, qos);
    return proxy;
  };

  auto service = std::make_unique<EventService>(fixed);
  auto old_proxy = connect();
  EXPECT_TRUE(eventually([&] { return watching->heartbeats.load() > 0; })) << "no heartbeat";
  EXPECT_FALSE(old_proxy->_non_existent());
  EXPECT_EQ(service->stop(), 0);
  service = std::make_unique<EventService>(fixed);
  EXPECT_TRUE(old_proxy->_non_existent()) << "the restarted channel knows no proxy of the old one";

  auto proxy = connect();
  watching->heartbeats = 0;
  EXPECT_TRUE(eventually([&] { return watching->heartbeats.load() > 0; })) << "no heartbeat after reconnecting";
  ASSERT_EQ(supply(corbaloc, "20"), 0);
  EXPECT_TRUE(eventually([&] { return watching->received.load() == 1; })) << "the event after the restart";
  proxy->disconnect_push_supplier();
}

class QuietSupplier final : public CORBA::servant_traits<RtecEventComm::PushSupplier>::base_type {
 public:
  void disconnect_push_supplier() override { told.store(true); }
  std::atomic<bool> told{false};
};

// docs/events.md, "Restarts": with --state-file the restarted channel serves the same
// proxies, connected to the same clients, and destroy() forgets the state.
TEST(EventServiceProcess, WithAStateFileARestartedChannelKeepsItsProxies) {
  const fs::path state = temp_file("state");
  const std::string port = std::to_string(free_port());
  const std::vector<std::string> args{"-ORBEndpoint", "iiop://127.0.0.1:" + port, "--state-file", state.string()};
  const std::string corbaloc = "corbaloc::127.0.0.1:" + port + "/EventService";
  int argc = 1;
  char name[] = "events_process_test";
  char* argv[] = {name, nullptr};
  auto orb = CORBA::ORB_init(argc, argv, "events-process-state");
  auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  root->the_POAManager()->activate();
  const ServedOrb served(orb);
  auto quiet = CORBA::make_reference<QuietSupplier>();
  auto supplier = IDL::traits<RtecEventComm::PushSupplier>::narrow(root->servant_to_reference(quiet));

  auto service = std::make_unique<EventService>(args);
  auto listening = consumer(corbaloc, {"--types", "20,999"});
  auto channel = IDL::traits<RtecEventChannelAdmin::EventChannel>::narrow(orb->string_to_object(service->ior()));
  auto proxy = channel->for_suppliers()->obtain_push_consumer();
  proxy->connect_push_supplier(supplier, {});
  EXPECT_EQ(service->stop(), 0);
  EXPECT_FALSE(quiet->told.load()) << "a stop with a state file does not disconnect the clients";
  ASSERT_TRUE(fs::exists(state));

  service = std::make_unique<EventService>(args);
  EXPECT_FALSE(channel->_non_existent()) << "the channel's IOR of the last run still answers";
  EXPECT_FALSE(proxy->_non_existent()) << "the supplier's proxy is back";
  RtecEventComm::EventSet set(3);
  set[0].header().type(20);
  set[1].header().type(21);
  set[2].header().type(999);
  proxy->push(set);  // the consumer, still connected with its QOS, gets what it asked for
  EXPECT_EQ(pushes_until(*listening, "999"), (std::vector<std::string>{"PUSH 20", "PUSH 999"}));
  EXPECT_THROW(proxy->connect_push_supplier(supplier, {}), RtecEventChannelAdmin::AlreadyConnected);

  channel->destroy();
  EXPECT_EQ(service->wait_for_exit(), 0);
  EXPECT_TRUE(quiet->told.load()) << "destroy disconnects the clients";
  EXPECT_FALSE(fs::exists(state)) << "destroy forgets the state";
}

TEST(EventServiceProcess, AStateFileItCannotReadStopsItWithStatusOne) {
  const fs::path state = temp_file("state");
  std::ofstream(state) << "rtorb-event-channel-state 1\nnext 3\nproxy 9 sideways 1 0 - -\n";
  ChildProcess service({bin("rtorb-event-service"), "--state-file", state.string(), "-ORBEndpoint", "iiop://127.0.0.1:0"});
  EXPECT_EQ(service.wait(20s), 1);
  fs::remove(state);
}

std::string hex_of(const std::string& text) {
  std::string out;
  char digits[3];
  for (unsigned char c : text) {
    std::snprintf(digits, sizeof digits, "%02x", c);
    out += digits;
  }
  return out;
}

TEST(EventServiceProcess, WritesTheCosEventChannelsIorBeforeItsOwn) {
  const fs::path cos_file = temp_file("cos.ior");
  EventService service({"--cos-ior-file", cos_file.string()});
  std::string cos_ior;
  std::ifstream(cos_file) >> cos_ior;  // present already: written before the --ior-file
  fs::remove(cos_file);
  ASSERT_EQ(cos_ior.rfind("IOR:", 0), 0U);
  EXPECT_NE(cos_ior.find(hex_of("IDL:omg.org/CosEventChannelAdmin/EventChannel:1.0")), std::string::npos);
  EXPECT_NE(service.ior().find(hex_of("IDL:RtecEventChannelAdmin/EventChannel:1.0")), std::string::npos);
  EXPECT_EQ(service.stop(), 0);
}

TEST(EventServiceProcess, DestroyThroughTheIdlEndsTheProgram) {
  EventService service;
  auto watching = consumer(service.ior(), {"--types", "20"});
  ChildProcess destroy({bin("events-test-peer"), "destroy", service.ior()});
  EXPECT_EQ(destroy.wait(20s), 0);
  EXPECT_EQ(service.wait_for_exit(), 0);
}

TEST(EventServiceProcess, HelpExitsZeroAndUnknownArgumentsExitTwo) {
  ChildProcess help({bin("rtorb-event-service"), "--help"});
  EXPECT_NE(help.rest_of_output(20s).find("usage: rtorb-event-service"), std::string::npos);
  EXPECT_EQ(help.wait(5s), 0);
  ChildProcess bad({bin("rtorb-event-service"), "--frobnicate"});
  EXPECT_EQ(bad.wait(20s), 2);
  ChildProcess bad_mode({bin("rtorb-event-service"), "--dispatching", "pool:0"});
  EXPECT_EQ(bad_mode.wait(20s), 2);
}

}  // namespace
