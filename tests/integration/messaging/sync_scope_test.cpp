// SyncScope: the response flags each scope puts on the wire (GIOP 1.2 and the 1.0/1.1
// boolean), when a oneway's caller gets control back relative to the servant's upcall,
// and a SYNC_NONE caller facing a peer that does not read.
#include <rtorb/corba/minor_code.hpp>

#include "messaging_test_support.hpp"

namespace messaging_test {
namespace {

struct ScopeOnTheWire {
  Messaging::SyncScope scope;
  std::uint8_t giop_1_2_flags;     // response_flags
  std::uint8_t giop_1_0_expected;  // response_expected
};

constexpr ScopeOnTheWire scopes[] = {
    {Messaging::SYNC_NONE, 0x00, 0},
    {Messaging::SYNC_WITH_TRANSPORT, 0x00, 0},
    {Messaging::SYNC_WITH_SERVER, 0x01, 1},
    {Messaging::SYNC_WITH_TARGET, 0x03, 1},
};

class SyncScopeOnTheWire : public ::testing::TestWithParam<int> {};

TEST_P(SyncScopeOnTheWire, EachScopeSendsItsResponseFlags) {
  const int minor = GetParam();
  RawServer server;
  Client client;
  auto target = client.target(raw_ior(client, server.port(), minor));
  std::size_t sent = 0;
  for (const auto& s : scopes) {
    auto scoped = client.with(target, {client.sync_scope(s.scope)});
    EXPECT_FALSE(bounded([&] { scoped->note(static_cast<std::int32_t>(s.scope)); }))
        << "scope " << s.scope;
    const auto seen = server.requests("note", ++sent);
    ASSERT_EQ(seen.size(), sent);
    EXPECT_EQ(seen.back().version_minor, minor);
    EXPECT_EQ(seen.back().flags_octet, minor >= 2 ? s.giop_1_2_flags : s.giop_1_0_expected)
        << "scope " << s.scope << " over GIOP 1." << minor;
  }
}

TEST_P(SyncScopeOnTheWire, TheDefaultIsWithTransport) {
  const int minor = GetParam();
  RawServer server;
  Client client;
  auto target = client.target(raw_ior(client, server.port(), minor));
  target->note(1);
  EXPECT_EQ(server.requests("note").at(0).flags_octet, 0);
}

TEST_P(SyncScopeOnTheWire, AThreadOrOrbLevelScopeAppliesToReferencesWithoutOne) {
  const int minor = GetParam();
  RawServer server;
  Client client;
  auto target = client.target(raw_ior(client, server.port(), minor));
  auto current = IDL::traits<CORBA::PolicyCurrent>::narrow(
      client.orb().resolve_initial_references("PolicyCurrent"));
  current->set_policy_overrides({client.sync_scope(Messaging::SYNC_WITH_TARGET)},
                                CORBA::SetOverrideType::SET_OVERRIDE);
  target->note(1);  // on this thread (the raw server answers, so it cannot hang)
  current->set_policy_overrides({}, CORBA::SetOverrideType::SET_OVERRIDE);
  auto manager = IDL::traits<CORBA::PolicyManager>::narrow(
      client.orb().resolve_initial_references("ORBPolicyManager"));
  manager->set_policy_overrides({client.sync_scope(Messaging::SYNC_WITH_SERVER)},
                                CORBA::SetOverrideType::SET_OVERRIDE);
  EXPECT_FALSE(bounded([&] { target->note(2); }));
  const auto seen = server.requests("note", 2);
  EXPECT_EQ(seen.at(0).flags_octet, minor >= 2 ? 0x03 : 1);
  EXPECT_EQ(seen.at(1).flags_octet, 1);
}

INSTANTIATE_TEST_SUITE_P(Giop, SyncScopeOnTheWire, ::testing::Values(2, 1, 0),
                         [](const auto& info) { return "Giop1" + std::to_string(info.param); });

// Over GIOP 1.2 WITH_SERVER is answered once the servant is found, before the upcall; the
// caller goes on while the servant is still blocked.
//
// The observer has an ORB (so a connection) of its own: the server serves one
// connection's requests one after another, so a call on the connection the oneway came
// on waits for its upcall (docs/messaging.md, "Not yet").
TEST(SyncScopeOrdering, WithServerReturnsWhileTheServantIsBlocked) {
  Server server;
  Client client;
  Client observer;
  auto scoped = client.with(client.target(server.ior()),
                            {client.sync_scope(Messaging::SYNC_WITH_SERVER)});
  auto target = observer.target(server.ior());
  EXPECT_FALSE(bounded([&] { scoped->hold(); }, 20s, "a WITH_SERVER oneway"));
  EXPECT_TRUE(eventually([&] { return target->holding() == 1; }))
      << "the upcall runs after the caller got control back";
  target->release();
  EXPECT_TRUE(eventually([&] { return target->holding() == 0; }));
}

// WITH_TARGET is answered after the upcall: the caller waits while the servant is blocked.
TEST(SyncScopeOrdering, WithTargetWaitsForTheUpcall) {
  Server server;
  Client client;
  auto target = client.target(server.ior());
  auto scoped = client.with(target, {client.sync_scope(Messaging::SYNC_WITH_TARGET)});
  std::promise<void> returned;
  auto done = returned.get_future();
  std::thread caller([&] {
    scoped->hold();
    returned.set_value();
  });
  ASSERT_TRUE(eventually([&] { return target->holding() == 1; }));
  EXPECT_EQ(done.wait_for(0s), std::future_status::timeout)
      << "returned while the servant was still blocked";
  target->release();
  EXPECT_EQ(done.wait_for(20s), std::future_status::ready);
  caller.join();
}

// GIOP 1.0/1.1 carry only response_expected: WITH_SERVER sends TRUE and, like WITH_TARGET,
// is answered after the upcall (docs/messaging.md, "GIOP 1.0 and 1.1").
TEST(SyncScopeOrdering, WithServerOverGiop11WaitsForTheUpcall) {
  Server server({"-ORBServerThreads", "4", "-ORBGIOPVersion", "1.1"});
  Client client;
  auto target = client.target(server.ior());
  auto scoped = client.with(target, {client.sync_scope(Messaging::SYNC_WITH_SERVER)});
  std::promise<void> returned;
  auto done = returned.get_future();
  std::thread caller([&] {
    scoped->hold();
    returned.set_value();
  });
  ASSERT_TRUE(eventually([&] { return target->holding() == 1; }));
  EXPECT_EQ(done.wait_for(0s), std::future_status::timeout);
  target->release();
  EXPECT_EQ(done.wait_for(20s), std::future_status::ready);
  caller.join();
}

TEST(SyncScopeOrdering, EveryScopeDeliversTheOneway) {
  Server server;
  Client client;
  auto target = client.target(server.ior());
  for (const auto& s : scopes) {
    auto scoped = client.with(target, {client.sync_scope(s.scope)});
    const std::int32_t token = 100 + s.scope;
    EXPECT_FALSE(bounded([&] { scoped->note(token); }));
    EXPECT_TRUE(eventually([&] { return target->last_note() == token; })) << "scope " << s.scope;
  }
}

// A peer that never reads: the socket buffers fill, and then a SYNC_NONE oneway fails at
// once with TRANSIENT (nothing of it sent, or the connection closed if part was) instead
// of blocking its caller. Each call is bounded; none may hang.
TEST(SyncNone, NeverBlocksOnAPeerThatDoesNotRead) {
  rtorb::interop::Listener listener(rtorb::interop::Family::ipv4);  // never accepts
  Client client;
  auto target = client.with(client.target(raw_ior(client, listener.port(), 2)),
                            {client.sync_scope(Messaging::SYNC_NONE)});
  const MessagingTest::Octets chunk(256 * 1024, 0x5a);
  bool refused = false;
  for (int i = 0; i < 2000 && !refused; ++i) {
    const auto raised = bounded([&] { target->absorb(chunk); }, 20s, "a SYNC_NONE oneway");
    if (!raised) continue;
    try {
      std::rethrow_exception(raised);
    } catch (const CORBA::TRANSIENT& e) {
      EXPECT_EQ(e.minor(), rtorb::minor::transient_send_would_block);
      EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_NO);
      refused = true;
    }
  }
  EXPECT_TRUE(refused) << "2000 requests of 256 KiB all fitted into the socket buffers";
}

}  // namespace
}  // namespace messaging_test
