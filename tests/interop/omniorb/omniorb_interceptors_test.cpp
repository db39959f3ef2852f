// Portable Interceptors against omniORB: a service context an rtorb client interceptor adds
// reaches an omniORB servant's interceptors (omni_pi_server), and the context omniORB adds
// to its reply reaches the rtorb interceptor's get_reply_service_context.
#include <gtest/gtest.h>
#include <rtorb/corba/orb.hpp>
#include <rtorb/interceptors/portable_interceptor.hpp>

#include <chrono>
#include <string>

#include "child_process.hpp"
#include "echoC.h"

namespace {

namespace PI = PortableInterceptor;
using namespace std::chrono_literals;

constexpr IOP::ServiceId probe_context = 0x52540100;
std::string reply_probe;

class Prober final : public PI::ClientRequestInterceptor {
 public:
  std::string name() override { return "prober"; }
  void send_request(Info ri) override {
    ri->add_request_service_context({probe_context, {'r', 't', 'o', 'r', 'b'}}, false);
  }
  void send_poll(Info) override {}
  void receive_reply(Info ri) override {
    const auto data = ri->get_reply_service_context(probe_context).context_data();
    reply_probe.assign(data.begin(), data.end());
  }
  void receive_exception(Info) override {}
  void receive_other(Info) override {}
};

class Init final : public PI::ORBInitializer {
 public:
  void pre_init(CORBA::object_reference<PI::ORBInitInfo>) override {}
  void post_init(CORBA::object_reference<PI::ORBInitInfo> info) override {
    info->add_client_request_interceptor(CORBA::make_reference<Prober>());
  }
};

TEST(OmniInterceptors, AnRtorbContextReachesOmniOrbAndItsReplyContextComesBack) {
  rtorb::interop::ChildProcess server({std::string(RTORB_BINARY_DIR) + "/bin/omni_pi_server",
                                       "-ORBendPoint", "giop:tcp:127.0.0.1:0"});
  const auto ior = server.value_of("ior ", 10s);
  ASSERT_TRUE(ior);
  PI::register_orb_initializer(CORBA::make_reference<Init>());
  int argc = 1;
  char name[] = "omniorb_interceptors_test";
  char* argv[] = {name, nullptr};
  auto orb = CORBA::ORB_init(argc, argv, "omni-pi");
  auto echo = IDL::traits<rtorb_interop::Echo>::narrow(orb->string_to_object(*ior));
  ASSERT_TRUE(echo);
  EXPECT_EQ(echo->cube_long(3), 27);
  EXPECT_EQ(reply_probe, "brotr|omni");
  server.terminate();
  EXPECT_TRUE(server.wait(10s).has_value());
  orb->destroy();
}

}  // namespace
