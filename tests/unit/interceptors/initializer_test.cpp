// register_orb_initializer: a nil one is refused; an ORB made before an initializer is
// registered has no interception at all (its seam stays empty), one made after has it.
#include <gtest/gtest.h>
#include <rtorb/corba/orb.hpp>
#include <rtorb/interceptors/portable_interceptor.hpp>

#include "core/orb_parts.hpp"
#include "core/seams/seam_registry.hpp"

namespace {

namespace PI = PortableInterceptor;

class Empty final : public PI::ClientRequestInterceptor {
 public:
  std::string name() override { return ""; }
  void send_request(Info) override {}
  void send_poll(Info) override {}
  void receive_reply(Info) override {}
  void receive_exception(Info) override {}
  void receive_other(Info) override {}
};

class AddsOne final : public PI::ORBInitializer {
 public:
  void pre_init(CORBA::object_reference<PI::ORBInitInfo>) override { ++pre; }
  void post_init(CORBA::object_reference<PI::ORBInitInfo> info) override {
    ++post;
    if (pre != post) return;
    // Anonymous interceptors may share their (empty) name.
    info->add_client_request_interceptor(CORBA::make_reference<Empty>());
    info->add_client_request_interceptor(CORBA::make_reference<Empty>());
  }
  int pre = 0;
  int post = 0;
};

CORBA::object_reference<CORBA::ORB> make_orb(const std::string& id) {
  int argc = 1;
  char name[] = "initializer_test";
  char* argv[] = {name, nullptr};
  return CORBA::ORB_init(argc, argv, id);
}

TEST(RegisterOrbInitializer, RefusesANilInitializer) {
  try {
    PI::register_orb_initializer({});
    FAIL() << "nil accepted";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::bad_param_nil_initializer);
  }
}

TEST(RegisterOrbInitializer, AppliesToOrbsMadeAfterItOnly) {
  auto before = make_orb("pi-unit-before");
  EXPECT_EQ(rtorb::orb::seams_of(rtorb::orb::context_of(*before)).request_interception(), nullptr);
  auto init = CORBA::make_reference<AddsOne>();
  PI::register_orb_initializer(init);
  auto after = make_orb("pi-unit-after");
  EXPECT_EQ(init->pre, 1);
  EXPECT_EQ(init->post, 1);
  EXPECT_NE(rtorb::orb::seams_of(rtorb::orb::context_of(*after)).request_interception(), nullptr);
  before->destroy();
  after->destroy();
}

}  // namespace
