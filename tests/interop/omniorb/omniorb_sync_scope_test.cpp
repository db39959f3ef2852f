// An omniORB server (omni_interop_server) receives rtorb oneways under each of the four
// SyncScopes, over GIOP 1.2 and 1.1: each arrives; WITH_SERVER and WITH_TARGET get
// omniORB's reply (a 20 s RelativeRoundtripTimeout turns a missing one into a failure),
// and WITH_TARGET's comes after the upcall.
#include <rtorb/corba/orb.hpp>
#include <rtorb/messaging/messaging.hpp>

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "child_process.hpp"
#include "interopC.h"

namespace {

using namespace std::chrono_literals;

std::string omni_server_path() { return std::string(RTORB_BINARY_DIR) + "/bin/omni_interop_server"; }

class OmniSyncScope : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    ior_file_ = std::filesystem::temp_directory_path() /
                ("omni-sync-scope-" + std::to_string(::getpid()) + ".ior");
    std::filesystem::remove(ior_file_);
    server_ = std::make_unique<rtorb::interop::ChildProcess>(std::vector<std::string>{
        omni_server_path(), "--ior-file", ior_file_.string(), "-ORBendPoint",
        "giop:tcp:127.0.0.1:0", "-ORBmaxGIOPVersion", GetParam()});
    for (int i = 0; i < 400 && ior_.empty(); ++i) {
      std::ifstream in(ior_file_);
      if (!std::getline(in, ior_)) std::this_thread::sleep_for(25ms);
    }
    ASSERT_FALSE(ior_.empty()) << "omni_interop_server wrote no IOR";
    int argc = 1;
    char name[] = "omniorb_sync_scope_test";
    char* argv[] = {name, nullptr};
    orb_ = CORBA::ORB_init(argc, argv, std::string("omni-sync-scope-") + GetParam());
  }
  void TearDown() override {
    if (orb_) orb_->destroy();
    if (server_) {
      server_->terminate();
      server_->wait(5s);
    }
    std::filesystem::remove(ior_file_);
  }

  std::filesystem::path ior_file_;
  std::unique_ptr<rtorb::interop::ChildProcess> server_;
  std::string ior_;
  IDL::traits<CORBA::ORB>::ref_type orb_;
};

TEST_P(OmniSyncScope, EveryScopeDeliversTheOneway) {
  auto tester = IDL::traits<Interop::Tester>::narrow(orb_->string_to_object(ior_));
  ASSERT_TRUE(tester);
  const Messaging::SyncScope scopes[] = {Messaging::SYNC_NONE, Messaging::SYNC_WITH_TRANSPORT,
                                         Messaging::SYNC_WITH_SERVER, Messaging::SYNC_WITH_TARGET};
  for (const Messaging::SyncScope scope : scopes) {
    CORBA::Any value;
    value.insert(scope);
    CORBA::Any limit;
    limit.insert(TimeBase::TimeT{20'000'000 * 10});  // 20 s: a missing reply fails, never hangs
    auto scoped = IDL::traits<Interop::Tester>::narrow(tester->_set_policy_overrides(
        {orb_->create_policy(Messaging::SYNC_SCOPE_POLICY_TYPE, value),
         orb_->create_policy(Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, limit)},
        CORBA::SetOverrideType::ADD_OVERRIDE));
    const std::int32_t token = 7000 + scope;
    ASSERT_NO_THROW(scoped->oneway_set(token)) << "scope " << scope;
    if (scope == Messaging::SYNC_WITH_TARGET) {
      EXPECT_EQ(tester->last_oneway(), token) << "answered after the upcall";
      continue;
    }
    std::int32_t seen = 0;
    for (int i = 0; i < 400 && seen != token; ++i) {
      seen = tester->last_oneway();
      if (seen != token) std::this_thread::sleep_for(10ms);
    }
    EXPECT_EQ(seen, token) << "scope " << scope;
  }
}

INSTANTIATE_TEST_SUITE_P(Giop, OmniSyncScope, ::testing::Values("1.2", "1.1"),
                         [](const auto& info) {
                           return std::string(info.param) == "1.2" ? "Giop12" : "Giop11";
                         });

}  // namespace
