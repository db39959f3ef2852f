// Portable Interceptors end to end: every client and server interception point, the flow
// rules (which points still run when one raises or forwards), service contexts from a
// client interceptor to pi-server's and back, and bad input (a context added twice, one
// too large, one asked for that is not there). The interceptors of this process record
// what they see; its own server side runs SA and SB for collocated calls.
#include <gtest/gtest.h>
#include <rtorb/corba/orb.hpp>
#include <rtorb/interceptors/portable_interceptor.hpp>
#include <rtorb/poa/poa.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "child_process.hpp"
#include "interceptorsC.h"
#include "interceptorsS.h"
#include "pi_test_ids.hpp"

namespace {

namespace PI = PortableInterceptor;
using namespace std::chrono_literals;

// What every test sets up: the points recorded, and where an interceptor misbehaves.
struct Script {
  std::mutex mutex;
  std::vector<std::string> log;  // "A.send_request" ...
  std::string raise_at;          // "B.send_request": raises NO_PERMISSION there
  std::string forward_at;        // raises ForwardRequest(forward_to) there, once
  CORBA::object_reference<CORBA::Object> forward_to;
  std::vector<std::uint8_t> probe;  // A adds it as probe_context when not empty
  char control = '\0';              // A adds it as control_context when set
  bool add_twice = false;           // A adds the probe a second time without replace
  std::string reply_probe;          // what A's receive_reply or receive_exception read
  std::string exception_id;         // what A's receive_exception read
  std::string server_exception;     // pi-server's exception_context, as A read it
  std::int16_t other_status = -1;   // reply_status at A's receive_other
  bool forward_seen = false;        // A's receive_other could read forward_reference
  bool ask_badly = false;           // A's send_request asks what it may not
  std::vector<std::uint32_t> minors;  // the minor codes those questions raised
};
Script script;

void record(const std::string& point) {
  std::lock_guard lock(script.mutex);
  script.log.push_back(point);
}

// Raises what the script asks of `point`.
void misbehave(const std::string& point) {
  if (script.raise_at == point) throw CORBA::NO_PERMISSION(0x77, CORBA::CompletionStatus::COMPLETED_NO);
  if (script.forward_at == point) {
    script.forward_at.clear();
    throw PI::ForwardRequest(script.forward_to);
  }
}

bool probe_operation(const std::string& op) { return op == "echo" || op == "refuse" || op == "note"; }

std::string context_text(PI::RequestInfo& ri, std::uint32_t id) {
  try {
    const auto data = ri.get_reply_service_context(id).context_data();
    return {data.begin(), data.end()};
  } catch (const CORBA::BAD_PARAM&) {
    return "(none)";
  }
}

class ClientRecorder final : public PI::ClientRequestInterceptor {
 public:
  explicit ClientRecorder(std::string name) : name_(std::move(name)) {}
  std::string name() override { return name_; }
  void send_request(Info ri) override {
    if (!probe_operation(ri->operation())) return;
    point("send_request");
    if (name_ == "A" && !script.probe.empty()) {
      ri->add_request_service_context({pi_test::probe_context, script.probe}, false);
      if (script.add_twice) ri->add_request_service_context({pi_test::probe_context, {1}}, false);
    }
    if (name_ == "A" && script.control != '\0') {
      ri->add_request_service_context(
          {pi_test::control_context, {static_cast<std::uint8_t>(script.control)}}, true);
    }
    if (name_ == "A" && script.ask_badly) ask_badly(*ri);
    misbehave(name_ + ".send_request");
  }
  void send_poll(Info) override { point("send_poll"); }
  void receive_reply(Info ri) override {
    if (!probe_operation(ri->operation())) return;
    point("receive_reply");
    if (name_ == "A") script.reply_probe = context_text(*ri, pi_test::probe_context);
    misbehave(name_ + ".receive_reply");
  }
  void receive_exception(Info ri) override {
    if (!probe_operation(ri->operation())) return;
    point("receive_exception");
    if (name_ == "A") {
      script.exception_id = ri->received_exception_id();
      script.reply_probe = context_text(*ri, pi_test::probe_context);
      script.server_exception = context_text(*ri, pi_test::exception_context);
    }
    misbehave(name_ + ".receive_exception");
  }
  void receive_other(Info ri) override {
    if (!probe_operation(ri->operation())) return;
    point("receive_other");
    if (name_ == "A") {
      script.other_status = ri->reply_status();
      try {
        script.forward_seen = static_cast<bool>(ri->forward_reference());
      } catch (const CORBA::BAD_INV_ORDER&) {
        script.forward_seen = false;
      }
    }
    misbehave(name_ + ".receive_other");
  }

 private:
  // Each question is refused with its standard minor code.
  static void ask_badly(PI::ClientRequestInfo& ri) {
    try {
      ri.reply_status();  // no reply yet: BAD_INV_ORDER 14
    } catch (const CORBA::BAD_INV_ORDER& e) {
      script.minors.push_back(e.minor());
    }
    try {
      ri.arguments();  // no typecodes: NO_RESOURCES 1
    } catch (const CORBA::NO_RESOURCES& e) {
      script.minors.push_back(e.minor());
    }
    try {
      ri.get_request_service_context(0x1234);  // not there: BAD_PARAM 26
    } catch (const CORBA::BAD_PARAM& e) {
      script.minors.push_back(e.minor());
    }
    try {
      ri.get_slot(5);  // one slot was allocated
    } catch (const PI::InvalidSlot&) {
      script.minors.push_back(0);
    }
  }
  void point(const char* what) { record(name_ + "." + what); }
  std::string name_;
};

class ServerRecorder final : public PI::ServerRequestInterceptor {
 public:
  explicit ServerRecorder(std::string name) : name_(std::move(name)) {}
  std::string name() override { return name_; }
  void receive_request_service_contexts(Info ri) override { point(*ri, "receive_request_service_contexts"); }
  void receive_request(Info ri) override { point(*ri, "receive_request"); }
  void send_reply(Info ri) override { point(*ri, "send_reply"); }
  void send_exception(Info ri) override { point(*ri, "send_exception"); }
  void send_other(Info ri) override { point(*ri, "send_other"); }

 private:
  void point(PI::ServerRequestInfo& ri, const char* what) {
    if (!probe_operation(ri.operation())) return;
    record(name_ + "." + what);
    misbehave(name_ + "." + what);
  }
  std::string name_;
};

// Checks what ORBInitInfo offers, then adds A and B (client) and SA and SB (server).
class Initializer final : public PI::ORBInitializer {
 public:
  void pre_init(CORBA::object_reference<PI::ORBInitInfo> info) override {
    slot = info->allocate_slot_id();
    orb_id = info->orb_id();
    arguments = info->arguments();
  }
  void post_init(CORBA::object_reference<PI::ORBInitInfo> info) override {
    info->add_client_request_interceptor(CORBA::make_reference<ClientRecorder>("A"));
    info->add_client_request_interceptor(CORBA::make_reference<ClientRecorder>("B"));
    try {
      info->add_client_request_interceptor(CORBA::make_reference<ClientRecorder>("A"));
    } catch (const PI::ORBInitInfo::DuplicateName& e) {
      duplicate_refused = e.name() == "A";
    }
    info->add_server_request_interceptor(CORBA::make_reference<ServerRecorder>("SA"));
    info->add_server_request_interceptor(CORBA::make_reference<ServerRecorder>("SB"));
    root_poa_found = static_cast<bool>(info->resolve_initial_references("RootPOA"));
    try {
      info->register_initial_reference("Nothing", nullptr);
    } catch (const CORBA::BAD_PARAM& e) {
      nil_reference_minor = e.minor();
    }
    kept = info;
  }
  PI::SlotId slot = 99;
  std::string orb_id;
  std::vector<std::string> arguments;
  bool duplicate_refused = false;
  bool root_poa_found = false;
  std::uint32_t nil_reference_minor = 0;
  CORBA::object_reference<PI::ORBInitInfo> kept;
};

class ProbeServant final : public CORBA::servant_traits<PiTest::Probe>::base_type {
 public:
  std::int32_t echo(std::int32_t v) override {
    record("servant.echo");
    return v;
  }
  void refuse(std::int32_t code) override { throw PiTest::Refused(code); }
  void note(std::int32_t) override { record("servant.note"); }
  std::int32_t notes() override { return 0; }
  void shutdown() override {}
};

std::string wait_for_ior(const std::filesystem::path& file) {
  for (int i = 0; i < 200; ++i) {
    std::ifstream in(file);
    std::string ior;
    if (std::getline(in, ior) && !ior.empty()) return ior;
    std::this_thread::sleep_for(50ms);
  }
  throw std::runtime_error("pi-server wrote no IOR");
}

// One ORB for every test (the interceptors are fixed at ORB_init), its collocated Probe,
// and pi-server's.
class Interceptors : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    initializer = CORBA::make_reference<Initializer>();
    PI::register_orb_initializer(initializer);
    std::vector<std::string> args{"interceptors_test", "-ORBEndpoint", "iiop://127.0.0.1:0",
                                  "-ORBMaxMessageSize", "65536", "--keep-me"};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    int argc = static_cast<int>(argv.size());
    argv.push_back(nullptr);
    orb = CORBA::ORB_init(argc, argv.data(), "pi-test");
    auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    root->the_POAManager()->activate();
    local = IDL::traits<PiTest::Probe>::narrow(
        root->servant_to_reference(CORBA::make_reference<ProbeServant>()));
    ior_dir = std::filesystem::temp_directory_path() / ("rtorb-pi-" + std::to_string(::getpid()));
    std::filesystem::create_directories(ior_dir);
    server = std::make_unique<rtorb::interop::ChildProcess>(std::vector<std::string>{
        std::string(RTORB_BINARY_DIR) + "/bin/pi-server", "--ior-file",
        (ior_dir / "pi.ior").string(), "-ORBEndpoint", "iiop://127.0.0.1:0"});
    remote = IDL::traits<PiTest::Probe>::narrow(
        orb->string_to_object(wait_for_ior(ior_dir / "pi.ior")));
  }
  static void TearDownTestSuite() {
    if (remote) remote->shutdown();
    server->wait(10s);
    server.reset();
    orb->destroy();
    std::filesystem::remove_all(ior_dir);
  }
  void SetUp() override {
    std::lock_guard lock(script.mutex);
    script.log.clear();
    script.raise_at.clear();
    script.forward_at.clear();
    script.forward_to = {};
    script.probe.clear();
    script.control = '\0';
    script.add_twice = false;
    script.reply_probe.clear();
    script.exception_id.clear();
    script.server_exception.clear();
    script.other_status = -1;
    script.forward_seen = false;
    script.ask_badly = false;
    script.minors.clear();
  }
  static std::vector<std::string> log() {
    std::lock_guard lock(script.mutex);
    return script.log;
  }

  static inline CORBA::object_reference<Initializer> initializer;
  static inline IDL::traits<CORBA::ORB>::ref_type orb;
  static inline IDL::traits<PiTest::Probe>::ref_type local;
  static inline IDL::traits<PiTest::Probe>::ref_type remote;
  static inline std::filesystem::path ior_dir;
  static inline std::unique_ptr<rtorb::interop::ChildProcess> server;
};

using Log = std::vector<std::string>;

TEST_F(Interceptors, OrbInitInfoGivesTheOrbIdArgumentsSlotsAndInitialReferences) {
  EXPECT_EQ(initializer->orb_id, "pi-test");
  EXPECT_EQ(initializer->slot, 0U);
  EXPECT_NE(std::find(initializer->arguments.begin(), initializer->arguments.end(), "--keep-me"),
            initializer->arguments.end());
  EXPECT_TRUE(initializer->duplicate_refused);
  EXPECT_TRUE(initializer->root_poa_found);
  // A nil initial reference is the OMG's BAD_PARAM 27.
  EXPECT_EQ(initializer->nil_reference_minor, rtorb::minor::omg_vmcid | 27);
  // Once ORB_init has returned, the info is dead (OMG minor 6).
  try {
    initializer->kept->allocate_slot_id();
    FAIL() << "ORBInitInfo still usable after ORB_init";
  } catch (const CORBA::OBJECT_NOT_EXIST& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::omg_vmcid | 6);
  }
}

TEST_F(Interceptors, ACollocatedTwowayRunsEveryPointInTheSpecsOrder) {
  EXPECT_EQ(local->echo(7), 7);
  EXPECT_EQ(log(), (Log{"A.send_request", "B.send_request", "SA.receive_request_service_contexts",
                        "SB.receive_request_service_contexts", "SA.receive_request",
                        "SB.receive_request", "servant.echo", "SB.send_reply", "SA.send_reply",
                        "B.receive_reply", "A.receive_reply"}));
}

TEST_F(Interceptors, ASendRequestThatRaisesEndsTheInterceptorsBeforeItAndSendsNothing) {
  script.raise_at = "B.send_request";
  try {
    local->echo(1);
    FAIL() << "no exception";
  } catch (const CORBA::NO_PERMISSION& e) {
    EXPECT_EQ(e.minor(), 0x77U);
  }
  EXPECT_EQ(log(), (Log{"A.send_request", "B.send_request", "A.receive_exception"}));
  EXPECT_EQ(script.exception_id, "IDL:omg.org/CORBA/NO_PERMISSION:1.0");
}

TEST_F(Interceptors, AReceiveReplyThatRaisesTurnsTheRestIntoReceiveException) {
  script.raise_at = "B.receive_reply";
  EXPECT_THROW(local->echo(1), CORBA::NO_PERMISSION);
  const Log l = log();
  ASSERT_GE(l.size(), 2U);
  EXPECT_EQ(l[l.size() - 2], "B.receive_reply");
  EXPECT_EQ(l.back(), "A.receive_exception");
}

TEST_F(Interceptors, AServerInterceptorRaisingAtReceiveRequestSkipsTheUpcall) {
  script.raise_at = "SB.receive_request";
  EXPECT_THROW(local->echo(1), CORBA::NO_PERMISSION);
  EXPECT_EQ(log(), (Log{"A.send_request", "B.send_request", "SA.receive_request_service_contexts",
                        "SB.receive_request_service_contexts", "SA.receive_request",
                        "SB.receive_request", "SB.send_exception", "SA.send_exception",
                        "B.receive_exception", "A.receive_exception"}));
}

TEST_F(Interceptors, AServerInterceptorRaisingAtItsFirstPointIsNotStacked) {
  script.raise_at = "SB.receive_request_service_contexts";
  EXPECT_THROW(local->echo(1), CORBA::NO_PERMISSION);
  EXPECT_EQ(log(), (Log{"A.send_request", "B.send_request", "SA.receive_request_service_contexts",
                        "SB.receive_request_service_contexts", "SA.send_exception",
                        "B.receive_exception", "A.receive_exception"}));
}

TEST_F(Interceptors, AUserExceptionReachesSendExceptionAndReceiveExceptionWithItsId) {
  EXPECT_THROW(local->refuse(3), PiTest::Refused);
  EXPECT_EQ(log(), (Log{"A.send_request", "B.send_request", "SA.receive_request_service_contexts",
                        "SB.receive_request_service_contexts", "SA.receive_request",
                        "SB.receive_request", "SB.send_exception", "SA.send_exception",
                        "B.receive_exception", "A.receive_exception"}));
  EXPECT_EQ(script.exception_id, "IDL:PiTest/Refused:1.0");
}

TEST_F(Interceptors, AOnewayEndsInReceiveOtherWithSuccessful) {
  local->note(1);
  const Log l = log();
  ASSERT_GE(l.size(), 2U);
  EXPECT_EQ(l[0], "A.send_request");
  EXPECT_EQ(l.back(), "A.receive_other");
  EXPECT_EQ(script.other_status, PI::SUCCESSFUL);
}

TEST_F(Interceptors, AForwardRequestFromSendRequestIsFollowedAndTheEarlierSeeReceiveOther) {
  script.forward_at = "B.send_request";
  script.forward_to = remote;
  EXPECT_EQ(local->echo(5), 5);
  const Log l = log();
  ASSERT_GE(l.size(), 3U);
  EXPECT_EQ((Log{l[0], l[1], l[2]}), (Log{"A.send_request", "B.send_request", "A.receive_other"}));
  EXPECT_TRUE(script.forward_seen);
  EXPECT_EQ(script.other_status, PI::LOCATION_FORWARD);
  EXPECT_EQ(l.back(), "A.receive_reply");
  // The forward sticks to the reference: later calls go to pi-server, whose interceptor
  // answers the probe.
  script.probe = {'x', 'y'};
  EXPECT_EQ(local->echo(6), 6);
  EXPECT_EQ(script.reply_probe, "yx|echo");
}

TEST_F(Interceptors, AForwardRequestFromReceiveExceptionSendsTheCallAgainElsewhere) {
  script.forward_at = "A.receive_exception";
  script.forward_to = remote;
  script.probe = {'f'};
  auto probe = IDL::traits<PiTest::Probe>::narrow(orb->string_to_object(orb->object_to_string(local)));
  EXPECT_THROW(probe->refuse(4), PiTest::Refused);
  const Log l = log();
  EXPECT_EQ(std::count(l.begin(), l.end(), "A.receive_exception"), 2);
  // The second attempt went to pi-server, whose send_exception answered the probe.
  EXPECT_EQ(script.reply_probe, "f|refuse");
}

TEST_F(Interceptors, AClientContextReachesTheServerProcessAndItsReplyContextComesBack) {
  script.probe = {'a', 'b', 'c'};
  EXPECT_EQ(remote->echo(9), 9);
  EXPECT_EQ(script.reply_probe, "cba|echo");
  EXPECT_EQ(log(), (Log{"A.send_request", "B.send_request", "B.receive_reply", "A.receive_reply"}));
}

// pi-server has one interceptor: raising at its starting point leaves it off the flow
// stack (no send_exception: no exception context, no probe answer); raising at
// receive_request, it is on the stack and its send_exception runs; raising at send_reply,
// its ending point has run (it answered the probe first, and that context is sent with
// the exception).
TEST_F(Interceptors, TheServerProcessRaisingAtEachPointReachesTheClientsReceiveException) {
  script.probe = {'p'};
  const std::string no = "(none)";
  const std::string id = "IDL:omg.org/CORBA/NO_PERMISSION:1.0";
  struct Case {
    char control;
    std::uint32_t minor;
    std::string server_exception;
    std::string reply_probe;
  };
  const Case cases[] = {{'r', pi_test::minor_at_contexts, no, no},
                        {'q', pi_test::minor_at_request, id, "p|echo"},
                        {'s', pi_test::minor_at_reply, no, "p|echo"}};
  for (const Case& c : cases) {
    script.control = c.control;
    try {
      remote->echo(1);
      ADD_FAILURE() << "no exception for " << c.control;
    } catch (const CORBA::NO_PERMISSION& e) {
      EXPECT_EQ(e.minor(), c.minor) << c.control;
    }
    EXPECT_EQ(script.exception_id, id) << c.control;
    EXPECT_EQ(script.server_exception, c.server_exception) << c.control;
    EXPECT_EQ(script.reply_probe, c.reply_probe) << c.control;
  }
}

TEST_F(Interceptors, TheServerProcessSaysWhichUserExceptionItSends) {
  script.probe = {'u'};
  EXPECT_THROW(remote->refuse(2), PiTest::Refused);
  EXPECT_EQ(script.exception_id, "IDL:PiTest/Refused:1.0");
  EXPECT_EQ(script.server_exception, "IDL:PiTest/Refused:1.0");
  EXPECT_EQ(script.reply_probe, "u|refuse");
}

TEST_F(Interceptors, AContextAddedTwiceWithoutReplaceIsBadInvOrder15) {
  script.probe = {'d'};
  script.add_twice = true;
  try {
    remote->echo(1);
    FAIL() << "no exception";
  } catch (const CORBA::BAD_INV_ORDER& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::omg_vmcid | 15);
  }
  EXPECT_EQ(log(), (Log{"A.send_request"}));
}

TEST_F(Interceptors, AContextLargerThanAMessageIsRefusedWhenAdded) {
  script.probe.assign(70000, 0x42);
  try {
    remote->echo(1);
    FAIL() << "no exception";
  } catch (const CORBA::IMP_LIMIT& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::imp_limit_message_too_large);
  }
  EXPECT_EQ(log(), (Log{"A.send_request"}));
}

TEST_F(Interceptors, AContextThatMakesTheRequestTooLargeEndsInReceiveException) {
  script.probe.assign(65530, 0x42);  // fits alone; not with the request's header
  EXPECT_THROW(remote->echo(1), CORBA::IMP_LIMIT);
  EXPECT_EQ(log(), (Log{"A.send_request", "B.send_request", "B.receive_exception",
                        "A.receive_exception"}));
  EXPECT_EQ(script.exception_id, "IDL:omg.org/CORBA/IMP_LIMIT:1.0");
  // The next call, without it, goes through.
  script.probe = {'o', 'k'};
  EXPECT_EQ(remote->echo(2), 2);
  EXPECT_EQ(script.reply_probe, "ko|echo");
}

TEST_F(Interceptors, WhatAPointMayNotAskIsRefusedWithTheStandardMinorCodes) {
  script.ask_badly = true;
  EXPECT_EQ(remote->echo(1), 1);
  const std::uint32_t omg = rtorb::minor::omg_vmcid;
  EXPECT_EQ(script.minors, (std::vector<std::uint32_t>{omg | 14, omg | 1, omg | 26, 0}));
  // A reply context the reply lacks: BAD_PARAM too (context_text says "(none)").
  EXPECT_EQ(script.reply_probe, "(none)");
}

}  // namespace
