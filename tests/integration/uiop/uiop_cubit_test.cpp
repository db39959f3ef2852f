// cube_long between rtorb-cubit-server and rtorb-cubit-client over a Unix socket: the
// published reference, the client's preference for the socket, the socket file's mode and
// life, and a second server that must not take a live server's socket.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>

#include "uiop_run.hpp"

namespace rtorb::uiop_test {
namespace {

// A server on `endpoints`, stopped (SIGTERM, then SIGKILL after 10 s) when it goes away.
struct Server {
  Server(const ScratchDir& dir, std::vector<std::string> options)
      : ior_file(dir / "server.ior"), process([&] {
          std::vector<std::string> argv = {bin("rtorb-cubit-server"), "--ior-file", ior_file};
          argv.insert(argv.end(), options.begin(), options.end());
          return argv;
        }()) {
    ior = wait_for_ior(ior_file);
  }
  ~Server() {
    process.terminate();
    process.wait(10s);
  }
  std::string ior_file;
  ChildProcess process;
  std::string ior;
};

TEST(UiopCubit, CubeLongOverAUnixSocketOnly) {
  ScratchDir dir;
  const std::string socket = dir / "cubit.sock";
  {
    Server server(dir, {"-ORBEndpoint", "uiop://" + socket, "-ORBUnixSocketMode", "0640"});
    // Published as omniORB does: this host, port 0, and the socket in a component.
    const auto profile = first_profile(server.ior);
    EXPECT_EQ(profile.host, transport::local_host_name());
    EXPECT_EQ(profile.port, 0);
    const auto component = unix_component(server.ior);
    ASSERT_TRUE(component);
    EXPECT_EQ(component->host, transport::local_host_name());
    EXPECT_EQ(component->file_name, socket);
    mode_t mode = 0;
    ASSERT_TRUE(is_socket(socket, &mode));
    EXPECT_EQ(mode, 0640u);

    const ClientRun run = run_cubit_client("rtorb-cubit-client", server.ior, {"--shutdown"});
    EXPECT_EQ(run.status, 0) << run.output;
    EXPECT_NE(run.output.find("cube_long"), std::string::npos) << run.output;
    EXPECT_TRUE(server.process.exits_within(10s));
  }
  EXPECT_FALSE(is_socket(socket));  // removed by the server that made it
}

TEST(UiopCubit, AClientOnTheSameHostPrefersTheSocketToTcp) {
  ScratchDir dir;
  const std::string socket = dir / "both.sock";
  Server server(dir, {"-ORBEndpoint", "iiop://127.0.0.1:0", "-ORBEndpoint", "uiop://" + socket});
  EXPECT_NE(first_profile(server.ior).port, 0);
  ASSERT_TRUE(unix_component(server.ior));
  const std::string log = dir / "client.log";
  const ClientRun run = run_cubit_client("rtorb-cubit-client", server.ior,
                                         {"-ORBDebugLevel", "2", "-ORBLogFile", log});
  EXPECT_EQ(run.status, 0) << run.output;
  const std::string said = slurp(log);
  EXPECT_NE(said.find("connection to the Unix socket " + socket), std::string::npos) << said;
}

TEST(UiopCubit, ASecondServerDoesNotStealALiveSocket) {
  ScratchDir dir;
  const std::string socket = dir / "live.sock";
  Server first(dir, {"-ORBEndpoint", "uiop://" + socket});
  ScratchDir other;
  ChildProcess second({bin("rtorb-cubit-server"), "--ior-file", other / "second.ior",
                       "-ORBEndpoint", "uiop://" + socket});
  const auto status = second.wait(10s);
  ASSERT_TRUE(status);
  EXPECT_NE(*status, 0);  // INITIALIZE initialize_listen_failed
  const ClientRun run = run_cubit_client("rtorb-cubit-client", first.ior);
  EXPECT_EQ(run.status, 0) << run.output;  // the first still serves on its socket
}

TEST(UiopCubit, AServerReplacesTheSocketFileOfADeadOne) {
  ScratchDir dir;
  const std::string socket = dir / "stale.sock";
  {  // what a killed server leaves: the file, and nobody listening
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un un{};
    un.sun_family = AF_UNIX;
    std::strcpy(un.sun_path, socket.c_str());
    ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&un), sizeof un), 0);
    ::close(fd);
  }
  Server server(dir, {"-ORBEndpoint", "uiop://" + socket});
  const ClientRun run = run_cubit_client("rtorb-cubit-client", server.ior);
  EXPECT_EQ(run.status, 0) << run.output;
}

TEST(UiopCubit, ABadUiopEndpointStopsTheServerAtOnce) {
  ScratchDir dir;
  ChildProcess server({bin("rtorb-cubit-server"), "--ior-file", dir / "x.ior", "-ORBEndpoint",
                       "uiop://host/x.sock"});
  const auto status = server.wait(10s);
  ASSERT_TRUE(status);
  EXPECT_NE(*status, 0);
}

}  // namespace
}  // namespace rtorb::uiop_test
