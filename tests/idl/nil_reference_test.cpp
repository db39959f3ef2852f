// Every way a user gets a nil reference, and what using one does: INV_OBJREF with
// inv_objref_nil_reference, never a crash (IDL to C++11 mapping, 6.7).
#include <gtest/gtest.h>

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>
#include <string>
#include <vector>

#include "interfacesS.h"

namespace {

class KeeperImpl final : public CORBA::servant_traits<Zoo::Keeper>::base_type {
 public:
  Zoo::Enclosure inspect(const Zoo::Enclosure& e) override { return e; }
  IDL::traits<Zoo::Mallard>::ref_type favourite(const IDL::traits<CORBA::Object>::ref_type&) override {
    return nullptr;
  }
  std::int32_t _cxx_default(std::int32_t in) override { return in; }
};

// Runs `use` and checks it raised INV_OBJREF for a nil reference, not something else.
template <class F>
void expect_nil_raise(F use) {
  try {
    use();
    ADD_FAILURE() << "no exception";
  } catch (const CORBA::INV_OBJREF& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::inv_objref_nil_reference);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_NO);
  }
}

struct NilReference : ::testing::Test {
  CORBA::object_reference<CORBA::ORB> orb = [] {
    std::string program = "nil_reference_test";
    std::vector<char*> argv = {program.data(), nullptr};
    int argc = 1;
    return CORBA::ORB_init(argc, argv.data(), "nil-reference-test");
  }();
  ~NilReference() override { orb->destroy(); }
};

TEST_F(NilReference, DefaultConstructedRaisesInvObjref) {
  IDL::traits<Zoo::Duck>::ref_type duck;
  ASSERT_FALSE(duck);
  expect_nil_raise([&] { duck->walk(1); });
  expect_nil_raise([&] { (void)duck->name(); });
  expect_nil_raise([&] { (void)(*duck).age(); });
  IDL::traits<CORBA::Object>::ref_type object;
  expect_nil_raise([&] { (void)object->_non_existent(); });
}

TEST_F(NilReference, FailedNarrowRaisesInvObjref) {
  auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  poa->the_POAManager()->activate();
  auto keeper = poa->servant_to_reference(CORBA::make_reference<KeeperImpl>());
  // Through the IOR, as another process would see it.
  auto duck = IDL::traits<Zoo::Duck>::narrow(orb->string_to_object(orb->object_to_string(keeper)));
  ASSERT_FALSE(duck);
  expect_nil_raise([&] { duck->walk(1); });
}

TEST_F(NilReference, NilIorStringRaisesInvObjref) {
  // The nil IOR: little endian, an empty type id, no profiles.
  auto object = orb->string_to_object("IOR:01000000010000000000000000000000");
  ASSERT_FALSE(object);
  expect_nil_raise([&] { (void)object->_is_a("IDL:Zoo/Duck:1.0"); });
  auto duck = IDL::traits<Zoo::Duck>::narrow(object);
  ASSERT_FALSE(duck);
  expect_nil_raise([&] { duck->swim(1.0F); });
  // And back: a nil reference stringifies to the nil IOR.
  EXPECT_FALSE(orb->string_to_object(orb->object_to_string(nullptr)));
}

TEST_F(NilReference, AReferenceBeforeANarrowIsUsableAgainAfterAssignment) {
  IDL::traits<Zoo::Keeper>::ref_type keeper;
  expect_nil_raise([&] { (void)keeper->_cxx_default(1); });
  auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  poa->the_POAManager()->activate();
  keeper = IDL::traits<Zoo::Keeper>::narrow(poa->servant_to_reference(CORBA::make_reference<KeeperImpl>()));
  EXPECT_EQ(keeper->_cxx_default(7), 7);
}

}  // namespace
