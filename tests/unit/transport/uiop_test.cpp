// UIOP: Unix-socket acceptors and connections, socket files, and the omniORB component.
#include "transport/uiop_protocol.hpp"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>

#include "loopback.hpp"

namespace rtorb::transport {
namespace {

using test::accept_within;
using test::read_messages;
using test::request_bytes;

// A fresh directory for socket files, removed with what is left in it.
class UiopTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/rtorb-uiop-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { std::system(("rm -rf " + dir_).c_str()); }
  Endpoint at(const std::string& name) const { return parse_endpoint("uiop://" + dir_ + "/" + name); }
  std::string dir_;
};

bool exists(const std::string& path) {
  struct stat s {};
  return ::lstat(path.c_str(), &s) == 0;
}

void expect_listen_failed(const Endpoint& endpoint, std::string_view why) {
  try {
    Acceptor acceptor(endpoint);
    ADD_FAILURE() << "listened on " << format_endpoint(endpoint);
  } catch (const CORBA::INITIALIZE& e) {
    EXPECT_EQ(e.minor(), minor::initialize_listen_failed);
    EXPECT_NE(e.detail().find(why), std::string::npos) << e.detail();
  }
}

TEST_F(UiopTest, CarriesGiopMessagesBothWays) {
  Acceptor acceptor(at("s.sock"));
  EXPECT_EQ(acceptor.endpoint().path, dir_ + "/s.sock");
  auto client = connect(acceptor.endpoint());
  auto server = accept_within(acceptor);
  ASSERT_TRUE(server);
  const auto request = request_bytes(7, "echo", 100);
  client->send(request);
  const auto got = read_messages(*server, 1);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0], request);
  server->send(request);
  EXPECT_EQ(read_messages(*client, 1).size(), 1u);
  EXPECT_EQ(client->peer().path, dir_ + "/s.sock");
}

TEST_F(UiopTest, SetsTheSocketFilesModeAndRemovesItsFile) {
  ConnectionOptions options;
  options.unix_socket_mode = 0600;
  const std::string path = dir_ + "/mode.sock";
  {
    Acceptor acceptor(at("mode.sock"), options);
    struct stat s {};
    ASSERT_EQ(::lstat(path.c_str(), &s), 0);
    EXPECT_TRUE(S_ISSOCK(s.st_mode));
    EXPECT_EQ(s.st_mode & 0777, 0600u);
  }
  EXPECT_FALSE(exists(path));
}

TEST_F(UiopTest, ReplacesTheFileOfADeadServer) {
  const std::string path = dir_ + "/stale.sock";
  {  // a server that died: its file stays, nobody listens
    Socket dead(::socket(AF_UNIX, SOCK_STREAM, 0));
    sockaddr_un un{};
    un.sun_family = AF_UNIX;
    std::strcpy(un.sun_path, path.c_str());
    ASSERT_EQ(::bind(dead.fd(), reinterpret_cast<sockaddr*>(&un), sizeof un), 0);
  }
  ASSERT_TRUE(exists(path));
  Acceptor acceptor(at("stale.sock"));
  auto client = connect(acceptor.endpoint());
  EXPECT_TRUE(accept_within(acceptor));
}

TEST_F(UiopTest, DoesNotStealALiveServersSocket) {
  Acceptor live(at("live.sock"));
  expect_listen_failed(at("live.sock"), "live server");
  auto client = connect(live.endpoint());  // the first still serves
  EXPECT_TRUE(accept_within(live));
}

TEST_F(UiopTest, DoesNotRemoveAFileThatIsNoSocket) {
  std::ofstream(dir_ + "/plain") << "data";
  expect_listen_failed(at("plain"), "not a socket");
  EXPECT_TRUE(exists(dir_ + "/plain"));
}

TEST_F(UiopTest, AMissingDirectoryIsInitialize) {
  expect_listen_failed(at("no/such/dir.sock"), "bind");
}

TEST_F(UiopTest, AbstractNamesListenOnceAndLeaveNoFile) {
  const Endpoint name = parse_endpoint("uiop:///@" + dir_.substr(5) + "-abstract");
  Acceptor acceptor(name);
  expect_listen_failed(name, "live server");
  auto client = connect(name);
  EXPECT_TRUE(accept_within(acceptor));
}

TEST_F(UiopTest, ConnectingToNothingIsTransient) {
  try {
    connect(at("nobody.sock"));
    FAIL() << "connected";
  } catch (const CORBA::TRANSIENT& e) {
    EXPECT_EQ(e.minor(), minor::transient_connect_failed);
  }
}

TEST_F(UiopTest, FallsBackToTheProfilesTcpAddress) {
  Acceptor tcp(Endpoint{"127.0.0.1", 0});
  Endpoint target = at("gone.sock");
  target.host = "127.0.0.1";
  target.port = tcp.port();
  auto client = connect(target);
  EXPECT_TRUE(accept_within(tcp));
}

TEST(UnixTransComponent, HasOmniOrbsLayout) {
  const ior::TaggedComponent c = encode_unix_trans({"h", "/p"});
  EXPECT_EQ(c.tag, 0x41545402u);
  // byte order, pad, string "h", pad, string "/p" (little-endian host)
  const std::vector<std::uint8_t> expected = {1, 0, 0, 0, 2, 0, 0, 0, 'h', 0, 0, 0,
                                              3, 0, 0, 0, '/', 'p', 0};
  EXPECT_EQ(c.data, expected);
  const auto back = decode_unix_trans(c);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->host, "h");
  EXPECT_EQ(back->file_name, "/p");
  EXPECT_FALSE(decode_unix_trans({0x41545402, {1, 0, 0, 0, 200, 0, 0, 0}}));
}

TEST(UnixTransComponent, IsReachableOnlyOnTheHostItNames) {
  const UiopProtocol uiop;
  ior::IiopProfile profile;
  profile.host = "server.example";
  profile.port = 2809;
  profile.components.push_back(encode_unix_trans({local_host_name(), "/tmp/x.sock"}));
  const auto here = uiop.reachable(profile);
  ASSERT_TRUE(here);
  EXPECT_EQ(here->protocol, protocol_tag::uiop);
  EXPECT_EQ(here->path, "/tmp/x.sock");
  EXPECT_EQ(here->port, 2809);  // the fallback
  profile.components = {encode_unix_trans({local_host_name() + ".elsewhere", "/tmp/x.sock"})};
  EXPECT_FALSE(uiop.reachable(profile));
  profile.components = {{0x41545402, {1, 0, 0}}};  // malformed: ignored
  EXPECT_FALSE(uiop.reachable(profile));
  EXPECT_EQ(protocols().preferred(profile), (Endpoint{"server.example", 2809}));
}

}  // namespace
}  // namespace rtorb::transport
