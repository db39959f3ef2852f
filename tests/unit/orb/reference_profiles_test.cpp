// rtorb::reference_profiles: a reference's profiles and endpoints through the public API.
#include <rtorb/orb/reference_profiles.hpp>

#include <rtorb/corba/minor_code.hpp>

#include <gtest/gtest.h>

#include <string>

#include "client/object_core.hpp"
#include "ior/component.hpp"
#include "ior/ior_string.hpp"
#include "test_adapter.hpp"

namespace rtorb::orb {
namespace {

std::vector<std::uint8_t> bytes(std::string_view text) { return {text.begin(), text.end()}; }

template <class E>
std::uint32_t minor_of_profiles(std::string_view text) {
  try {
    reference_profiles(text);
  } catch (const E& e) {
    return e.minor();
  }
  ADD_FAILURE() << "no exception for " << text;
  return 0;
}

// An IOR as another ORB might write it: an IIOP 1.1 profile with an ORB type, an alternate
// address and a component rtorb does not know, an IIOP 1.0 profile, a multiple-components
// profile and a profile of another protocol.
std::string several_profiles_ior() {
  ior::IiopProfile first;
  first.version = {1, 1};
  first.host = "alpha.example";
  first.port = 2809;
  first.object_key = bytes("key-1");
  first.components = {
      ior::encode_component(ior::OrbTypeComponent{0x41545400}),
      ior::encode_component(ior::AlternateAddressComponent{"beta.example", 2810}),
      ior::TaggedComponent{0x4f4d0042, {1, 2, 3}}};
  ior::IiopProfile second;
  second.version = {1, 0};
  second.host = "10.0.0.7";
  second.port = 40000;
  second.object_key = bytes("key-2");
  ior::ObjectReference reference;
  reference.type_id = "IDL:Demo/Thing:1.0";
  reference.profiles = {first, second,
                        ior::MultipleComponentsProfile{{ior::TaggedComponent{7, {9}}}},
                        ior::OpaqueProfile{0x52545801, {0xde, 0xad}}};
  return ior::to_ior_string(reference);
}

class ReferenceProfilesOf : public ::testing::Test {
 protected:
  void SetUp() override {
    OrbOptions o;
    o.orb_id = std::string("profiles-") +
               ::testing::UnitTest::GetInstance()->current_test_info()->name();
    o.adapter_factory = test::test_adapter_factory();
    orb = OrbCore::create(std::move(o));
  }
  void TearDown() override { orb->destroy(); }
  CORBA::object_reference<CORBA::ORB> orb;
};

TEST_F(ReferenceProfilesOf, AReferenceMadeByRtorbGivesItsEndpointKeyAndComponents) {
  auto ref = test::test_adapter(*orb).reference("obj");
  const ReferenceProfiles profiles = reference_profiles(ref);
  EXPECT_EQ(profiles.type_id, "IDL:Test/Thing:1.0");
  ASSERT_EQ(profiles.profiles.size(), 1u);
  EXPECT_EQ(profiles.profiles[0].tag, 0u);  // TAG_INTERNET_IOP
  const IiopEndpoint* iiop = profiles.first_iiop();
  ASSERT_NE(iiop, nullptr);
  const auto& inner = std::get<ior::IiopProfile>(core_of(*ref)->reference().profiles[0]);
  EXPECT_EQ(iiop->major, 1);
  EXPECT_EQ(iiop->minor, 2);
  EXPECT_EQ(iiop->host, "127.0.0.1");
  EXPECT_EQ(iiop->port, inner.port);
  EXPECT_NE(iiop->port, 0);
  EXPECT_EQ(iiop->object_key, inner.object_key);
  ASSERT_EQ(iiop->components.size(), 2u);  // ORB type and code sets
  EXPECT_EQ(iiop->components[0].tag, 0u);
  EXPECT_EQ(iiop->components[1].tag, 1u);
  EXPECT_TRUE(iiop->alternate_addresses.empty());
  // Its IOR string says the same.
  EXPECT_EQ(reference_profiles(orb->object_to_string(ref)), profiles);
}

TEST_F(ReferenceProfilesOf, AnIorStringWithSeveralProfilesGivesEachAsItCame) {
  const ReferenceProfiles profiles = reference_profiles(several_profiles_ior());
  EXPECT_EQ(profiles.type_id, "IDL:Demo/Thing:1.0");
  ASSERT_EQ(profiles.profiles.size(), 4u);

  const auto& first = profiles.profiles[0];
  ASSERT_TRUE(first.iiop);
  EXPECT_EQ(first.iiop->minor, 1);
  EXPECT_EQ(first.iiop->address(), (IiopAddress{"alpha.example", 2809}));
  EXPECT_EQ(first.iiop->object_key, bytes("key-1"));
  ASSERT_EQ(first.iiop->components.size(), 3u);
  EXPECT_EQ(first.iiop->components[1].tag, 3u);  // TAG_ALTERNATE_IIOP_ADDRESS
  EXPECT_EQ(first.iiop->components[2], (ReferenceComponent{0x4f4d0042, {1, 2, 3}}));
  EXPECT_EQ(first.iiop->alternate_addresses,
            (std::vector<IiopAddress>{{"beta.example", 2810}}));

  const auto& second = profiles.profiles[1];
  ASSERT_TRUE(second.iiop);
  EXPECT_EQ(second.iiop->minor, 0);
  EXPECT_EQ(second.iiop->address(), (IiopAddress{"10.0.0.7", 40000}));
  EXPECT_EQ(second.iiop->object_key, bytes("key-2"));
  EXPECT_TRUE(second.iiop->components.empty());

  const auto& multiple = profiles.profiles[2];
  EXPECT_EQ(multiple.tag, 1u);  // TAG_MULTIPLE_COMPONENTS
  EXPECT_FALSE(multiple.iiop);
  EXPECT_EQ(multiple.components, (std::vector<ReferenceComponent>{{7, {9}}}));

  const auto& other = profiles.profiles[3];
  EXPECT_EQ(other.tag, 0x52545801u);
  EXPECT_FALSE(other.iiop);
  EXPECT_EQ(other.data, (std::vector<std::uint8_t>{0xde, 0xad}));

  EXPECT_EQ(profiles.first_iiop(), &*first.iiop);
}

TEST_F(ReferenceProfilesOf, ACorbalocUrlGivesOneIiopProfilePerAddress) {
  const ReferenceProfiles profiles =
      reference_profiles("corbaloc:iiop:1.1@alpha.example:2000,:beta.example/Some%20Key");
  EXPECT_EQ(profiles.type_id, "");
  ASSERT_EQ(profiles.profiles.size(), 2u);
  EXPECT_EQ(profiles.profiles[0].iiop->address(), (IiopAddress{"alpha.example", 2000}));
  EXPECT_EQ(profiles.profiles[0].iiop->minor, 1);
  EXPECT_EQ(profiles.profiles[1].iiop->address(), (IiopAddress{"beta.example", 2809}));
  EXPECT_EQ(profiles.profiles[1].iiop->object_key, bytes("Some Key"));
}

TEST_F(ReferenceProfilesOf, ANilReferenceHasNoProfiles) {
  EXPECT_TRUE(reference_profiles(CORBA::object_reference<CORBA::Object>{}).is_nil());
  EXPECT_TRUE(reference_profiles(orb->object_to_string(nullptr)).is_nil());
  EXPECT_EQ(reference_profiles(orb->object_to_string(nullptr)).first_iiop(), nullptr);
}

TEST_F(ReferenceProfilesOf, ALocalObjectRaisesMarshalForItHasNoIor) {
  auto local = orb->resolve_initial_references("ORBPolicyManager");
  try {
    reference_profiles(local);
    FAIL() << "a local object gave profiles";
  } catch (const CORBA::MARSHAL& e) {
    EXPECT_EQ(e.minor(), minor::marshal_local_object);
  }
}

TEST_F(ReferenceProfilesOf, AMalformedIorStringRaisesBadParamSayingWhy) {
  const std::string good = several_profiles_ior();
  EXPECT_EQ(minor_of_profiles<CORBA::BAD_PARAM>("IOR:0"), minor::bad_param_bad_ior_string);
  EXPECT_EQ(minor_of_profiles<CORBA::BAD_PARAM>("IOR:zz00"), minor::bad_param_bad_ior_string);
  EXPECT_EQ(minor_of_profiles<CORBA::BAD_PARAM>(good.substr(0, good.size() / 2)),
            minor::bad_param_bad_ior_string);
  EXPECT_EQ(minor_of_profiles<CORBA::BAD_PARAM>("http://example/x"), minor::bad_param_bad_scheme);
  EXPECT_EQ(minor_of_profiles<CORBA::BAD_PARAM>("corbaloc:iiop:1.2@host:notaport/key"),
            minor::bad_param_bad_address);
  // A profile whose alternate address component is cut short.
  ior::IiopProfile cut;
  cut.host = "alpha.example";
  cut.port = 1;
  cut.components = {ior::TaggedComponent{3, {0, 0, 0}}};
  ior::ObjectReference reference;
  reference.type_id = "IDL:Demo/Thing:1.0";
  reference.profiles = {cut};
  EXPECT_EQ(minor_of_profiles<CORBA::BAD_PARAM>(ior::to_ior_string(reference)),
            minor::bad_param_bad_ior_string);
  try {
    reference_profiles("IOR:0");
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_FALSE(e.detail().empty());
  }
}

}  // namespace
}  // namespace rtorb::orb
