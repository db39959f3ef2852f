// Socket options on real loopback sockets: what the connector sets before it connects and
// the acceptor on each connection it accepts, read back with getsockopt.
#include "transport/socket_options.hpp"

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <memory>
#include <string>

#include "loopback.hpp"

namespace rtorb::transport {
namespace {

int option(int fd, int level, int name) {
  int value = -1;
  socklen_t length = sizeof value;
  EXPECT_EQ(::getsockopt(fd, level, name, &value, &length), 0);
  return value;
}

SocketOptions configured() {
  SocketOptions o;
  o.send_buffer_size = 64 * 1024;
  o.recv_buffer_size = 96 * 1024;
  o.no_delay = false;
  o.keep_alive = true;
  o.dont_route = true;
  o.dscp = 46;  // EF
  return o;
}

// Linux doubles a buffer size it is given (socket(7)).
void expect_configured(int fd, int family) {
  EXPECT_EQ(option(fd, SOL_SOCKET, SO_SNDBUF), 2 * 64 * 1024);
  EXPECT_EQ(option(fd, SOL_SOCKET, SO_RCVBUF), 2 * 96 * 1024);
  EXPECT_EQ(option(fd, IPPROTO_TCP, TCP_NODELAY), 0);
  EXPECT_NE(option(fd, SOL_SOCKET, SO_KEEPALIVE), 0);
  EXPECT_NE(option(fd, SOL_SOCKET, SO_DONTROUTE), 0);
  if (family == AF_INET6) {
    EXPECT_EQ(option(fd, IPPROTO_IPV6, IPV6_TCLASS), 46 << 2);
  } else {
    EXPECT_EQ(option(fd, IPPROTO_IP, IP_TOS), 46 << 2);
  }
}

struct Configured {
  std::shared_ptr<SocketOptionsCell> cell = std::make_shared<SocketOptionsCell>(configured());
  ConnectionOptions options() const {
    ConnectionOptions o;
    o.socket_options = cell;
    return o;
  }
};

class SocketOptionsOnBothFamilies : public ::testing::TestWithParam<std::string> {};

TEST_P(SocketOptionsOnBothFamilies, ConnectorAndAcceptorApplyTheCellsOptions) {
  const int family = GetParam() == "::1" ? AF_INET6 : AF_INET;
  Configured c;
  Acceptor acceptor(Endpoint{GetParam(), 0}, c.options());
  ConnectOptions connect_options;
  connect_options.connection = c.options();
  auto client = connect(acceptor.endpoint(), connect_options);
  auto server = test::accept_within(acceptor);
  ASSERT_TRUE(server);
  expect_configured(client->fd(), family);
  expect_configured(server->fd(), family);
}

INSTANTIATE_TEST_SUITE_P(Loopback, SocketOptionsOnBothFamilies,
                         ::testing::Values(std::string("127.0.0.1"), std::string("::1")));

TEST(SocketOptions, WithoutACellASocketHasNoDelayAndTheKernelsDefaults) {
  auto pair = test::connected_pair();
  ASSERT_TRUE(pair.server);
  for (int fd : {pair.client->fd(), pair.server->fd()}) {
    EXPECT_NE(option(fd, IPPROTO_TCP, TCP_NODELAY), 0);
    EXPECT_EQ(option(fd, SOL_SOCKET, SO_KEEPALIVE), 0);
    EXPECT_EQ(option(fd, IPPROTO_IP, IP_TOS), 0);
  }
}

TEST(SocketOptions, AnAcceptorTakesTheCellsOptionsAsTheyAreAtEachAccept) {
  auto cell = std::make_shared<SocketOptionsCell>();
  ConnectionOptions options;
  options.socket_options = cell;
  Acceptor acceptor(Endpoint{"127.0.0.1", 0}, options);
  auto first_client = connect(acceptor.endpoint());
  auto first = test::accept_within(acceptor);
  SocketOptions changed;
  changed.dscp = 10;
  cell->set(changed);
  auto second_client = connect(acceptor.endpoint());
  auto second = test::accept_within(acceptor);
  ASSERT_TRUE(first && second);
  EXPECT_EQ(option(first->fd(), IPPROTO_IP, IP_TOS), 0);
  EXPECT_EQ(option(second->fd(), IPPROTO_IP, IP_TOS), 10 << 2);
}

TEST(SocketOptions, MarkDscpChangesTheTrafficClassOfAnOpenConnection) {
  for (const char* host : {"127.0.0.1", "::1"}) {
    auto pair = test::connected_pair(host);
    ASSERT_TRUE(pair.server);
    const bool v6 = std::string(host) == "::1";
    const int level = v6 ? IPPROTO_IPV6 : IPPROTO_IP;
    const int name = v6 ? IPV6_TCLASS : IP_TOS;
    pair.client->mark_dscp(8);
    EXPECT_EQ(option(pair.client->fd(), level, name), 8 << 2) << host;
    pair.client->mark_dscp(40);
    EXPECT_EQ(option(pair.client->fd(), level, name), 40 << 2) << host;
  }
}

}  // namespace
}  // namespace rtorb::transport
