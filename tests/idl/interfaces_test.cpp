// Generated stubs and skeletons against the real ORB: tests/idl/golden/interfaces.idl's
// diamond (Duck : Walker, Swimmer : Animal) served by one ORB and called from another over
// loopback IIOP, and collocated through the POA.
#include <gtest/gtest.h>

#include <atomic>
#include <rtorb/corba/orb.hpp>
#include <rtorb/orb/invocation.hpp>
#include <rtorb/poa/poa.hpp>
#include <string>
#include <vector>

#include "interfacesS.h"

namespace {

class DuckImpl final : public CORBA::servant_traits<Zoo::Duck>::base_type {
 public:
  std::string name() override { return "duck"; }
  std::int32_t age() override { return age_; }
  void age(std::int32_t value) override { age_ = value; }
  void feed(const IDL::traits<Zoo::Keeper>::ref_type& by, const std::string& food) override {
    if (!by) throw Zoo::Closed("nobody feeds " + food);
  }
  void walk(std::uint32_t steps) override { age_ += static_cast<std::int32_t>(steps); }
  void swim(float) override {}
  IDL::traits<Zoo::Duck>::ref_type mate() override { return _this(); }
  std::int32_t measure(std::int32_t scale, double& weight, std::string& tag) override {
    weight = scale * 1.5;
    tag += "!";
    return scale * 2;
  }

 private:
  std::atomic<std::int32_t> age_{0};
};

class KeeperImpl final : public CORBA::servant_traits<Zoo::Keeper>::base_type {
 public:
  Zoo::Enclosure inspect(const Zoo::Enclosure& e) override {
    Zoo::Enclosure out = e;
    out.extra(e.resident());
    return out;
  }
  IDL::traits<Zoo::Mallard>::ref_type favourite(
      const IDL::traits<CORBA::Object>::ref_type& hint) override {
    return IDL::traits<Zoo::Mallard>::narrow(hint);
  }
  std::int32_t _cxx_default(std::int32_t in) override { return in + 100; }
};

class CatalogImpl final : public CORBA::servant_traits<Zoo::Catalog>::base_type {
 public:
  std::int32_t find_by_name_in_table() override { return 1; }
  std::int32_t find_by_date_in_table() override { return 2; }
  std::int32_t find_by_size_in_table() override { return 3; }
};

std::atomic<int> orb_counter{0};

CORBA::object_reference<CORBA::ORB> make_orb(const char* server_threads) {
  std::string program = "idl_interfaces_tests";
  std::string option = "-ORBServerThreads";
  std::string threads = server_threads;
  std::vector<char*> argv = {program.data(), option.data(), threads.data(), nullptr};
  int argc = 3;
  return CORBA::ORB_init(argc, argv.data(),
                         "idl-interfaces-test-" + std::to_string(orb_counter++));
}

struct Zoo : ::testing::Test {
  CORBA::object_reference<CORBA::ORB> server = make_orb("2");
  CORBA::object_reference<CORBA::ORB> client = make_orb("0");
  IDL::traits<PortableServer::POA>::ref_type poa =
      IDL::traits<PortableServer::POA>::narrow(server->resolve_initial_references("RootPOA"));
  CORBA::servant_reference<DuckImpl> duck_servant = CORBA::make_reference<DuckImpl>();
  CORBA::servant_reference<KeeperImpl> keeper_servant = CORBA::make_reference<KeeperImpl>();

  Zoo() { poa->the_POAManager()->activate(); }
  ~Zoo() override {
    client->destroy();
    server->destroy();
  }
  // The reference as another process would see it: through its IOR, in the client ORB.
  IDL::traits<CORBA::Object>::ref_type remote(
      const CORBA::servant_reference<PortableServer::Servant>& s) {
    return client->string_to_object(server->object_to_string(poa->servant_to_reference(s)));
  }
};

TEST_F(Zoo, StubsAndSkeletonsCarryEveryParameterDirection) {
  auto duck = IDL::traits<::Zoo::Duck>::narrow(remote(duck_servant));
  ASSERT_TRUE(duck);
  double weight = 0;
  std::string tag = "t";
  EXPECT_EQ(duck->measure(4, weight, tag), 8);
  EXPECT_EQ(weight, 6.0);
  EXPECT_EQ(tag, "t!");
  duck->age(5);
  EXPECT_EQ(duck->age(), 5);
  EXPECT_EQ(duck->name(), "duck");
}

TEST_F(Zoo, DispatchFindsOperationsInheritedThroughADiamond) {
  auto walker = IDL::traits<::Zoo::Walker>::narrow(remote(duck_servant));
  auto swimmer = IDL::traits<::Zoo::Swimmer>::narrow(remote(duck_servant));
  ASSERT_TRUE(walker && swimmer);
  walker->age(1);
  walker->walk(2);
  swimmer->swim(1.5F);
  EXPECT_EQ(swimmer->age(), 3);
  EXPECT_TRUE(walker->_is_a("IDL:Zoo/Swimmer:1.0"));
  EXPECT_FALSE(walker->_is_a("IDL:Zoo/Keeper:1.0"));
}

TEST_F(Zoo, UnknownOperationsRaiseBadOperation) {
  auto duck = remote(duck_servant);
  rtorb::orb::Invocation call(*duck, "fly");
  EXPECT_THROW(call.invoke([](rtorb::cdr::OutputStream&) {}), CORBA::BAD_OPERATION);
}

TEST_F(Zoo, DispatchHashingEveryByteFindsEachOperationAndRejectsLookalikes) {
  auto servant = CORBA::make_reference<CatalogImpl>();
  auto catalog = IDL::traits<::Zoo::Catalog>::narrow(remote(servant));
  ASSERT_TRUE(catalog);
  EXPECT_EQ(catalog->find_by_name_in_table(), 1);
  EXPECT_EQ(catalog->find_by_date_in_table(), 2);
  EXPECT_EQ(catalog->find_by_size_in_table(), 3);
  using namespace std::string_view_literals;
  for (const std::string_view name :
       {"find_by_nane_in_table"sv, "find_by_name_in_tabl"sv, "find_by_name_in_table\0"sv, ""sv,
        "\0"sv, "find_by_name_in_table_"sv, "find_by_\0ame_in_table"sv}) {
    rtorb::orb::Invocation call(*catalog, name);
    EXPECT_THROW(call.invoke([](rtorb::cdr::OutputStream&) {}), CORBA::BAD_OPERATION)
        << name.size() << " bytes";
  }
}

TEST_F(Zoo, UserExceptionsReachTheCaller) {
  auto duck = IDL::traits<::Zoo::Duck>::narrow(remote(duck_servant));
  try {
    duck->feed(nullptr, "bread");
    FAIL() << "no exception";
  } catch (const ::Zoo::Closed& closed) {
    EXPECT_EQ(closed.reason(), "nobody feeds bread");
  }
}

TEST_F(Zoo, NarrowGivesNilForAnotherInterface) {
  EXPECT_FALSE(IDL::traits<::Zoo::Keeper>::narrow(remote(duck_servant)));
  EXPECT_FALSE(IDL::traits<::Zoo::Duck>::narrow(nullptr));
  EXPECT_TRUE(IDL::traits<::Zoo::Keeper>::narrow(remote(keeper_servant)));
}

TEST_F(Zoo, ReferencesTravelAsArgumentsResultsAndStructMembers) {
  auto keeper = IDL::traits<::Zoo::Keeper>::narrow(remote(keeper_servant));
  auto duck = IDL::traits<::Zoo::Duck>::narrow(remote(duck_servant));
  const ::Zoo::Enclosure seen =
      keeper->inspect(::Zoo::Enclosure(duck, {duck, nullptr}, nullptr));
  ASSERT_TRUE(seen.resident() && seen.extra());
  EXPECT_EQ(seen.resident()->name(), "duck");
  ASSERT_EQ(seen.ducks().size(), 2u);
  EXPECT_FALSE(seen.ducks()[1]);
  auto favourite = keeper->favourite(duck);
  ASSERT_TRUE(favourite);
  favourite->age(9);
  EXPECT_EQ(duck->mate()->age(), 9);
  EXPECT_EQ(keeper->_cxx_default(1), 101);
  EXPECT_NO_THROW(duck->feed(keeper, "corn"));
}

TEST_F(Zoo, ObjectReferencesGoIntoAnysAndBack) {
  auto duck = IDL::traits<::Zoo::Duck>::narrow(remote(duck_servant));
  CORBA::Any any;
  any <<= duck;
  EXPECT_EQ(any.type()->kind(), rtorb::cdr::TCKind::tk_objref);
  IDL::traits<::Zoo::Duck>::ref_type out;
  ASSERT_TRUE(any >>= out);
  ASSERT_TRUE(out);
  EXPECT_TRUE(out->_is_equivalent(duck));
  EXPECT_EQ(out->name(), "duck");
  IDL::traits<::Zoo::Keeper>::ref_type keeper;
  EXPECT_FALSE(any >>= keeper);
  any <<= IDL::traits<::Zoo::Duck>::ref_type{};
  ASSERT_TRUE(any >>= out);
  EXPECT_FALSE(out);
}

TEST_F(Zoo, CollocatedCallsUseTheSameStubs) {
  auto duck = IDL::traits<::Zoo::Duck>::narrow(poa->servant_to_reference(duck_servant));
  ASSERT_TRUE(duck);
  duck->walk(4);
  EXPECT_EQ(duck->age(), 4);
  EXPECT_EQ(duck_servant->_this()->age(), 4);
}

}  // namespace
