// Unix sockets against omniORB's giop:unix, both ways: an rtorb client finds the socket in
// an omniORB server's TAG_OMNIORB_UNIX_TRANS, and an omniORB client uses the one an rtorb
// server publishes. Each server listens on its socket alone (its profile's port is 0), so
// a call that succeeds went over the socket.
#include <gtest/gtest.h>

#include "uiop_run.hpp"

namespace rtorb::uiop_test {
namespace {

TEST(UiopOmniOrb, RtorbClientCallsOmniOrbOverGiopUnix) {
  ScratchDir dir;
  const std::string socket = dir / "omni.sock";
  ChildProcess server({bin("omni-cubit-server"), "--ior-file", dir / "omni.ior", "-ORBendPoint",
                       "giop:unix:" + socket});
  const std::string ior = wait_for_ior(dir / "omni.ior");
  EXPECT_EQ(first_profile(ior).port, 0);
  const auto component = unix_component(ior);
  ASSERT_TRUE(component);
  EXPECT_EQ(component->file_name, socket);
  const std::string log = dir / "client.log";
  const ClientRun run = run_cubit_client("rtorb-cubit-client", ior,
                                         {"--shutdown", "-ORBDebugLevel", "2", "-ORBLogFile", log});
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("cube_long"), std::string::npos) << run.output;
  EXPECT_NE(slurp(log).find("Unix socket " + socket), std::string::npos) << slurp(log);
  EXPECT_EQ(server.wait(10s), 0);
}

TEST(UiopOmniOrb, OmniOrbClientCallsRtorbOverUiop) {
  ScratchDir dir;
  const std::string socket = dir / "rtorb.sock";
  ChildProcess server({bin("rtorb-cubit-server"), "--ior-file", dir / "rtorb.ior",
                       "-ORBEndpoint", "uiop://" + socket});
  const std::string ior = wait_for_ior(dir / "rtorb.ior");
  const ClientRun run = run_cubit_client("omni-cubit-client", ior, {"--shutdown"});
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("cube_long"), std::string::npos) << run.output;
  EXPECT_EQ(server.wait(10s), 0);
}

}  // namespace
}  // namespace rtorb::uiop_test
