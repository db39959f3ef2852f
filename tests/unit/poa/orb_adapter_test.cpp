// The POA inside a real ORB: RootPOA and POACurrent from resolve_initial_references, IORs
// whose keys the POA reads back, collocated calls and calls over loopback IIOP.
#include <gtest/gtest.h>

#include <atomic>
#include <rtorb/corba/orb.hpp>
#include <rtorb/orb/invocation.hpp>
#include <string>
#include <vector>

#include "poa_test_support.hpp"

using namespace poa_test;
namespace PS = PortableServer;

namespace {

std::atomic<int> orb_counter{0};

CORBA::object_reference<CORBA::ORB> make_orb(std::size_t server_threads = 0) {
  std::string threads = std::to_string(server_threads);
  std::string program = "poa_unit_tests";
  std::string option = "-ORBServerThreads";
  std::vector<char*> argv = {program.data(), option.data(), threads.data(), nullptr};
  int argc = 3;
  auto orb = CORBA::ORB_init(argc, argv.data(), "poa-adapter-test-" + std::to_string(orb_counter++));
  EXPECT_EQ(argc, 1);  // the -ORB option was consumed
  return orb;
}

std::int32_t echo(const CORBA::object_reference<CORBA::Object>& ref, std::int32_t v) {
  rtorb::orb::Invocation call(*ref, "echo");
  auto& in = call.invoke([&](rtorb::cdr::OutputStream& os) { os.write_long(v); });
  return in.read_long();
}

struct OrbFixture : ::testing::Test {
  CORBA::object_reference<CORBA::ORB> orb = make_orb(2);
  CORBA::object_reference<PS::POA> root =
      IDL::traits<PS::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  CORBA::servant_reference<EchoServant> servant = CORBA::make_reference<EchoServant>();
  ~OrbFixture() override { orb->destroy(); }
};

}  // namespace

TEST_F(OrbFixture, ResolveInitialReferencesGivesTheRootPoaAndPoaCurrent) {
  ASSERT_TRUE(root);
  EXPECT_EQ(root->the_name(), "RootPOA");
  EXPECT_TRUE(IDL::traits<PS::Current>::narrow(orb->resolve_initial_references("POACurrent")));
  EXPECT_EQ(IDL::traits<PS::POA>::narrow(orb->resolve_initial_references("RootPOA")), root);
}

TEST_F(OrbFixture, ReferencesCarryKeysThePoaReadsBack) {
  const auto id = root->activate_object(servant);
  auto ref = root->id_to_reference(id);
  const std::string ior = orb->object_to_string(ref);
  EXPECT_EQ(ior.rfind("IOR:", 0), 0u);
  EXPECT_EQ(root->reference_to_id(ref), id);
  auto parsed = orb->string_to_object(ior);
  EXPECT_EQ(root->reference_to_servant(parsed), servant);
  EXPECT_EQ(ref->_repository_id(), "IDL:Test/Echo:1.0");
}

TEST_F(OrbFixture, CollocatedCallsGoThroughThePoa) {
  root->the_POAManager()->activate();
  auto ref = root->servant_to_reference(servant);
  EXPECT_EQ(echo(ref, 7), 7);
  EXPECT_EQ(servant->calls, 1);
  EXPECT_TRUE(ref->_is_a("IDL:Test/Echo:1.0"));
  EXPECT_FALSE(ref->_non_existent());
  root->the_POAManager()->discard_requests(false);
  EXPECT_THROW(echo(ref, 1), CORBA::TRANSIENT);
}

TEST_F(OrbFixture, AnotherOrbCallsOverLoopback) {
  root->the_POAManager()->activate();
  const std::string ior = orb->object_to_string(root->servant_to_reference(servant));
  auto client = make_orb();
  auto ref = client->string_to_object(ior);
  EXPECT_EQ(echo(ref, 9), 9);
  EXPECT_EQ(servant->calls, 1);
  root->deactivate_object(root->servant_to_id(servant));
  EXPECT_THROW(echo(ref, 1), CORBA::OBJECT_NOT_EXIST);
  client->destroy();
}

TEST_F(OrbFixture, ShutdownDestroysThePoas) {
  auto child = root->create_POA("child", nullptr, {});
  orb->shutdown(true);
  EXPECT_THROW(child->the_name(), CORBA::OBJECT_NOT_EXIST);
}
