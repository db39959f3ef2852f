// Real-time CORBA with a client that knows nothing of it: omniORB calls SERVER_DECLARED and
// CLIENT_PROPAGATED objects of an rtorb server with two lanes. It reaches the right lane just
// by connecting to the profile in the IOR, and the servant reports, from the upcall thread
// itself, the native priority the linear mapping gives the object's priority.
#include <gtest/gtest.h>
#include <sched.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "child_process.hpp"
#include "interop_support.hpp"

namespace rtorb::interop {
namespace {

int linear_fifo(int priority) {
  const int min = sched_get_priority_min(SCHED_FIFO);
  const int max = sched_get_priority_max(SCHED_FIFO);
  return min + priority * (max - min) / 32767;
}

struct Scheduling {
  int policy = -1;
  int native = -1;
  int corba = -1;
};

class OmniorbCallsRtLanes : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("rtorb-rt-interop-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    server_.emplace(std::vector<std::string>{program_path("rtorb-rt-probe-server"), "--ior-dir",
                                             dir_.string()});
    const auto ready = server_->line(std::chrono::seconds(10));
    ASSERT_TRUE(ready) << "the server did not start";
    if (*ready != "ready") GTEST_SKIP() << "SKIPPED: real-time scheduling is not permitted here";
  }
  void TearDown() override {
    if (server_) {
      server_->terminate();
      server_->wait(std::chrono::seconds(10));
    }
    std::filesystem::remove_all(dir_);
  }
  Scheduling call(const std::string& name) {
    std::ifstream in(dir_ / (name + ".ior"));
    std::string ior;
    std::getline(in, ior);
    ChildProcess client({program_path("omni_rt_probe_client"), ior});
    const auto line = client.value_of("scheduling ", std::chrono::seconds(10));
    EXPECT_EQ(client.wait(std::chrono::seconds(10)), 0);
    Scheduling s;
    if (line) std::istringstream(*line) >> s.policy >> s.native >> s.corba;
    return s;
  }

  std::filesystem::path dir_;
  std::optional<ChildProcess> server_;
};

}  // namespace

TEST_F(OmniorbCallsRtLanes, AServerDeclaredObjectRunsAtItsPriorityForAnOmniorbClient) {
  const Scheduling high = call("high");
  EXPECT_EQ(high.policy, SCHED_FIFO);
  EXPECT_EQ(high.native, linear_fifo(30000));
  EXPECT_EQ(high.corba, 30000);
  const Scheduling low = call("low");
  EXPECT_EQ(low.native, linear_fifo(1000));
}

TEST_F(OmniorbCallsRtLanes, AClientPropagatedObjectRunsAtItsServerPriorityWithoutAContext) {
  const Scheduling s = call("propagated");
  EXPECT_EQ(s.policy, SCHED_FIFO);
  EXPECT_EQ(s.native, linear_fifo(1000));
  EXPECT_EQ(s.corba, 1000);
}

}  // namespace rtorb::interop
