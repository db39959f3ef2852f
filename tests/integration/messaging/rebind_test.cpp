// RebindPolicy: NO_REBIND refuses a LOCATION_FORWARD that changes the target; NO_RECONNECT
// also refuses to open a new connection once the reference's own is gone.
#include <rtorb/corba/minor_code.hpp>

#include "giop/message_codec.hpp"
#include "giop/messages.hpp"
#include "ior/ior_string.hpp"
#include "ior/object_reference.hpp"
#include "messaging_test_support.hpp"

namespace messaging_test {
namespace {

namespace minor = rtorb::minor;

void expect_rebind(const std::function<void()>& call, std::uint32_t minor) {
  const auto raised = bounded(call);
  ASSERT_TRUE(raised) << "expected REBIND, nothing was raised";
  try {
    std::rethrow_exception(raised);
  } catch (const CORBA::REBIND& e) {
    EXPECT_EQ(e.minor(), minor) << e.what();
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_NO);
  } catch (const CORBA::Exception& e) {
    ADD_FAILURE() << "expected REBIND, got " << e.what();
  }
}

TEST(Rebind, TransparentFollowsALocationForward) {
  Server server;
  RawServer forwarder(forward_to(server.ior()));
  Client client;
  auto target = client.target(raw_ior(client, forwarder.port(), 2));
  EXPECT_EQ(target->echo(7), 7);
  auto transparent = client.with(client.target(raw_ior(client, forwarder.port(), 2)),
                                 {client.rebind(Messaging::TRANSPARENT)});
  EXPECT_EQ(transparent->echo(8), 8);
}

TEST(Rebind, NoRebindRefusesALocationForward) {
  Server server;
  RawServer forwarder(forward_to(server.ior()));
  Client client;
  auto target = client.with(client.target(raw_ior(client, forwarder.port(), 2)),
                            {client.rebind(Messaging::NO_REBIND)});
  expect_rebind([&] { target->echo(7); }, minor::rebind_forward);
  auto stricter = client.with(client.target(raw_ior(client, forwarder.port(), 2)),
                              {client.rebind(Messaging::NO_RECONNECT)});
  expect_rebind([&] { stricter->echo(7); }, minor::rebind_forward);
}

TEST(Rebind, NoReconnectRefusesToReopenAClosedConnection) {
  Server server;
  Client client;
  auto target = client.with(client.target(server.ior()), {client.rebind(Messaging::NO_RECONNECT)});
  ASSERT_EQ(target->echo(1), 1);
  server.kill();
  // The first call may still find the dead connection (COMM_FAILURE); after that there is
  // none, and NO_RECONNECT opens no other.
  bounded([&] { target->echo(2); });
  expect_rebind([&] { target->echo(3); }, minor::rebind_reconnect);
}

TEST(Rebind, TransparentReconnectsAfterTheConnectionIsGone) {
  Server server;
  Client client;
  auto target = client.target(server.ior());
  ASSERT_EQ(target->echo(1), 1);
  server.kill();
  bounded([&] { target->echo(2); });
  const auto raised = bounded([&] { target->echo(3); });
  ASSERT_TRUE(raised);
  EXPECT_THROW(std::rethrow_exception(raised), CORBA::TRANSIENT) << "it tried to connect again";
}

}  // namespace
}  // namespace messaging_test
