#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/policy.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "client/object_core.hpp"
#include "ior/ior_string.hpp"
#include "test_adapter.hpp"

namespace rtorb::orb {
namespace {

class References : public ::testing::Test {
 protected:
  void SetUp() override {
    OrbOptions o;
    o.orb_id =
        std::string("refs-") + ::testing::UnitTest::GetInstance()->current_test_info()->name();
    o.adapter_factory = test::test_adapter_factory();
    o.initial_references.emplace_back("Thing", "corbaloc::127.0.0.1:9/obj");
    orb = OrbCore::create(std::move(o));
  }
  void TearDown() override { orb->destroy(); }
  CORBA::object_reference<CORBA::ORB> orb;
};

TEST_F(References, IorStringsRoundTrip) {
  auto ref = test::test_adapter(*orb).reference("obj");
  const std::string ior = orb->object_to_string(ref);
  EXPECT_EQ(ior.substr(0, 4), "IOR:");
  auto back = orb->string_to_object(ior);
  ASSERT_TRUE(back);
  EXPECT_EQ(orb->object_to_string(back), ior);
  EXPECT_TRUE(back->_is_equivalent(ref));
  EXPECT_EQ(back->_hash(1000), ref->_hash(1000));
  EXPECT_LE(back->_hash(10), 10u);
  EXPECT_EQ(back->_repository_id(), "IDL:Test/Thing:1.0");
  EXPECT_TRUE(back->_get_orb() == orb);
}

TEST_F(References, OurIorsCarryTheEndpointCodeSetsAndOrbType) {
  auto ref = test::test_adapter(*orb).reference("obj");
  const auto& reference = core_of(*ref)->reference();
  ASSERT_EQ(reference.profiles.size(), 1u);
  const auto& p = std::get<ior::IiopProfile>(reference.profiles[0]);
  EXPECT_EQ(p.version, (ior::IiopVersion{1, 2}));
  EXPECT_EQ(p.host, "127.0.0.1");
  EXPECT_NE(p.port, 0);
  EXPECT_EQ(p.components.size(), 2u);
  EXPECT_TRUE(core_of(*ref)->target()->has_code_sets);
}

TEST_F(References, NilRoundTrips) {
  const std::string nil = orb->object_to_string(nullptr);
  EXPECT_FALSE(orb->string_to_object(nil));
}

TEST_F(References, CorbalocIiopMakesAReferenceWithTheKey) {
  auto ref = orb->string_to_object("corbaloc:iiop:1.2@127.0.0.1:2809/some%20key");
  ASSERT_TRUE(ref);
  const auto target = core_of(*ref)->target();
  EXPECT_EQ(target->endpoint.port, 2809);
  EXPECT_EQ(std::string(target->profile.object_key.begin(), target->profile.object_key.end()),
            "some key");
  EXPECT_EQ(target->version, giop::giop_1_2);
}

TEST_F(References, CorbalocRirResolvesInitialReferences) {
  auto pm = orb->string_to_object("corbaloc:rir:/ORBPolicyManager");
  EXPECT_TRUE(IDL::traits<CORBA::PolicyManager>::narrow(pm));
  EXPECT_THROW(orb->string_to_object("corbaloc:rir:/NoSuchThing"), CORBA::BAD_PARAM);
}

TEST_F(References, FileUrlReadsTheFirstLine) {
  auto ref = test::test_adapter(*orb).reference("obj");
  const std::string path = ::testing::TempDir() + "orb_ref_test.ior";
  {
    std::ofstream out(path);
    out << orb->object_to_string(ref) << "\nsecond line\n";
  }
  auto back = orb->string_to_object("file://" + path);
  std::remove(path.c_str());
  ASSERT_TRUE(back);
  EXPECT_TRUE(back->_is_equivalent(ref));
  try {
    orb->string_to_object("file:///no/such/file");
    FAIL();
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), minor::bad_param_bad_file);
  }
}

// The message lists every scheme string_to_object takes, file: too, so a user who passed a
// bare file name learns the way to pass it.
TEST_F(References, UnknownSchemeNamesEverySchemeItTakes) {
  for (const std::string text : {"http://x", "v.ior"}) {
    try {
      orb->string_to_object(text);
      ADD_FAILURE() << text << " was taken";
    } catch (const CORBA::BAD_PARAM& e) {
      EXPECT_EQ(e.minor(), minor::bad_param_bad_scheme);
      EXPECT_NE(e.detail().find("(expected IOR:, corbaloc:, corbaname: or file:)"), std::string::npos)
          << e.detail();
    }
  }
}

TEST_F(References, BadStringsAreBadParamWithTheOmgMinorCodes) {
  const auto minor_of = [&](const std::string& text) -> std::uint32_t {
    try {
      orb->string_to_object(text);
    } catch (const CORBA::BAD_PARAM& e) {
      return e.minor();
    }
    return 0;
  };
  EXPECT_EQ(minor_of("http://x"), minor::bad_param_bad_scheme);
  EXPECT_EQ(minor_of("corbaloc:iiop:host:notaport/k"), minor::bad_param_bad_address);
  EXPECT_EQ(minor_of("IOR:zz"), minor::bad_param_bad_ior_string);
  EXPECT_EQ(minor_of("corbaname::127.0.0.1:2809#a%zz"), minor::bad_param_bad_schema_specific);
  // A well-formed corbaname: asks the naming context at once (nothing listens on port 1).
  EXPECT_THROW(orb->string_to_object("corbaname::127.0.0.1:1#a/b"), CORBA::TRANSIENT);
}

TEST_F(References, InitialServicesListAndResolve) {
  const auto names = orb->list_initial_services();
  for (const char* n :
       {"RootPOA", "POACurrent", "ORBPolicyManager", "PolicyCurrent", "Thing"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
  }
  auto thing = orb->resolve_initial_references("Thing");
  ASSERT_TRUE(thing);
  EXPECT_EQ(core_of(*thing)->target()->endpoint.port, 9);
  auto current = IDL::traits<CORBA::PolicyCurrent>::narrow(
      orb->resolve_initial_references("PolicyCurrent"));
  ASSERT_TRUE(current);
  EXPECT_TRUE(current->_is_a("IDL:omg.org/CORBA/PolicyManager:1.0"));
  EXPECT_TRUE(current->get_policy_overrides({}).empty());
  EXPECT_THROW(orb->resolve_initial_references("Nothing"), CORBA::ORB::InvalidName);
  EXPECT_THROW(orb->object_to_string(current), CORBA::MARSHAL);
}

TEST(InitialReferences, DefaultInitRefIsAPrefix) {
  OrbOptions o;
  o.orb_id = "default-init-ref";
  o.default_initial_reference = "corbaloc::127.0.0.1:7";
  auto orb = OrbCore::create(std::move(o));
  auto ns = orb->resolve_initial_references("NameService");
  ASSERT_TRUE(ns);
  const auto t = core_of(*ns)->target();
  EXPECT_EQ(t->endpoint.port, 7);
  EXPECT_EQ(std::string(t->profile.object_key.begin(), t->profile.object_key.end()),
            "NameService");
  ns = nullptr;
  orb->destroy();
}

TEST(ObjectCodec, ReadingAReferenceNeedsAnOrb) {
  cdr::OutputStream os;
  cdr::IorData ior;
  ior.type_id = "IDL:X:1.0";
  ior.profiles.push_back(
      {cdr::profile_tag::internet_iop, ior::encode_iiop_profile({{1, 2}, "h", 1, {1}, {}})});
  cdr::write_ior(os, ior);
  const auto bytes = os.to_bytes();
  cdr::InputStream is(bytes, cdr::native_byte_order);
  try {
    read_object_core(is);
    FAIL();
  } catch (const CORBA::MARSHAL& e) {
    EXPECT_EQ(e.minor(), minor::marshal_no_orb);
  }
}

}  // namespace
}  // namespace rtorb::orb
