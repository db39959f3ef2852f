// rtorb's AMI against an omniORB server (omni_server, which knows nothing of AMI): on the
// wire a sendc_ call is an ordinary twoway, so every reply, out value and exception comes
// back to the reply handler in the rtorb client.
#include <rtorb/corba/orb.hpp>
#include <rtorb/messaging/reply_handler.hpp>
#include <rtorb/poa/poa.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "echoS.h"
#include "interop_support.hpp"

namespace {

using namespace std::chrono_literals;
using Holder = IDL::traits<Messaging::ExceptionHolder>::ref_type;

class EchoHandler final : public CORBA::servant_traits<rtorb_interop::AMI_EchoHandler>::base_type {
 public:
  void echo_string(const std::string& r) override { add("echo_string " + r); }
  void echo_string_excep(const Holder& h) override { fail(h); }
  void cube_long(std::int32_t r) override { add("cube_long " + std::to_string(r)); }
  void cube_long_excep(const Holder& h) override { fail(h); }
  void echo_seq(const rtorb_interop::LongSeq& r) override {
    add("echo_seq " + std::to_string(r.size()));
  }
  void echo_seq_excep(const Holder& h) override { fail(h); }
  void echo_wstring(const std::wstring& r) override {
    add("echo_wstring " + std::to_string(r.size()));
  }
  void echo_wstring_excep(const Holder& h) override { fail(h); }
  void shutdown() override { add("shutdown"); }
  void shutdown_excep(const Holder& h) override { fail(h); }

  std::multiset<std::string> seen() {
    std::lock_guard lock(mutex_);
    return seen_;
  }
  std::size_t count() {
    std::lock_guard lock(mutex_);
    return seen_.size();
  }

 private:
  void add(std::string s) {
    std::lock_guard lock(mutex_);
    seen_.insert(std::move(s));
  }
  void fail(const Holder& h) {
    try {
      h->raise_exception();
    } catch (const CORBA::Exception& e) {
      add(std::string("exception ") + e._name());
    }
  }
  std::mutex mutex_;
  std::multiset<std::string> seen_;
};

TEST(OmniAmi, AnOmniOrbServerAnswersSendcCalls) {
  rtorb::interop::OmniServer server(rtorb::interop::Family::ipv4);
  int argc = 1;
  char name[] = "omniorb_ami_test";
  char* argv[] = {name, nullptr};
  auto orb = CORBA::ORB_init(argc, argv, "omni-ami");
  {
    auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    root->the_POAManager()->activate();
    auto servant = CORBA::make_reference<EchoHandler>();
    auto handler = IDL::traits<rtorb_interop::AMI_EchoHandler>::narrow(
        root->servant_to_reference(servant));
    auto echo = IDL::traits<rtorb_interop::Echo>::narrow(orb->string_to_object(server.ior));
    ASSERT_TRUE(echo);
    echo->sendc_echo_string(handler, "hello");
    echo->sendc_cube_long(handler, 3);
    echo->sendc_echo_seq(handler, rtorb_interop::LongSeq(1000, 7));
    echo->sendc_echo_wstring(handler, L"wide");
    for (std::int32_t i = 0; i < 100; ++i) echo->sendc_cube_long(handler, 2);
    const auto end = std::chrono::steady_clock::now() + 20s;
    while (servant->count() < 104 && std::chrono::steady_clock::now() < end) orb->perform_work();
    const auto seen = servant->seen();
    EXPECT_EQ(seen.count("echo_string hello"), 1u);
    EXPECT_EQ(seen.count("cube_long 27"), 1u);
    EXPECT_EQ(seen.count("echo_seq 1000"), 1u);
    EXPECT_EQ(seen.count("echo_wstring 4"), 1u);
    EXPECT_EQ(seen.count("cube_long 8"), 100u);
    EXPECT_EQ(seen.size(), 104u);
  }
  orb->destroy();
}

}  // namespace
