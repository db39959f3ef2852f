// References from a running omniORB server, decoded by rtorb::ior and by rtorb-catior.
#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "interop_support.hpp"
#include "ior/component.hpp"
#include "ior/ior_string.hpp"

namespace rtorb::interop {
namespace {

const ior::IiopProfile& only_iiop_profile(const ior::ObjectReference& ref) {
  if (ref.profiles.size() != 1 || !std::holds_alternative<ior::IiopProfile>(ref.profiles[0])) {
    throw std::runtime_error("expected exactly one IIOP profile");
  }
  return std::get<ior::IiopProfile>(ref.profiles[0]);
}

void expect_live_reference(Family family, const std::string& host) {
  OmniServer server(family);
  const ior::ObjectReference ref = ior::reference_from_ior_string(server.ior);
  EXPECT_EQ(ref.type_id, "IDL:rtorb_interop/Echo:1.0");
  const ior::IiopProfile& iiop = only_iiop_profile(ref);
  EXPECT_EQ(iiop.version, (ior::IiopVersion{1, 2}));
  EXPECT_EQ(iiop.host, host);
  EXPECT_EQ(iiop.port, server.port);  // omni_server read it with omniORB's own decoder
  EXPECT_EQ(as_text(iiop.object_key), "Echo");
  bool saw_orb_type = false;
  bool saw_code_sets = false;
  for (const ior::TaggedComponent& component : iiop.components) {
    const ior::ComponentValue value = ior::decode_component(component);
    if (const auto* orb = std::get_if<ior::OrbTypeComponent>(&value)) {
      saw_orb_type = true;
      EXPECT_EQ(orb->orb_type, ior::orb_type::omniorb);
      EXPECT_EQ(ior::orb_type_name(orb->orb_type).empty(), false);
    }
    if (const auto* cs = std::get_if<ior::CodeSetsComponent>(&value)) {
      saw_code_sets = true;
      EXPECT_EQ(cs->info.for_char_data.native_code_set, cdr::code_set::iso_8859_1);
      EXPECT_EQ(cs->info.for_wchar_data.native_code_set, cdr::code_set::utf_16);
    }
  }
  EXPECT_TRUE(saw_orb_type);
  EXPECT_TRUE(saw_code_sets);
  EXPECT_EQ(ior::to_ior_string(ior::parse_ior_string(server.ior)), server.ior);
  EXPECT_EQ(ior::to_ior_string(ref), server.ior);
}

TEST(OmniorbReference, Ipv4ReferenceDecodesToTheServersAddress) {
  expect_live_reference(Family::ipv4, "127.0.0.1");
}

TEST(OmniorbReference, Ipv6ReferenceDecodesToTheServersAddress) {
  if (!loopback_available(Family::ipv6)) GTEST_SKIP() << "no IPv6 loopback";
  expect_live_reference(Family::ipv6, "::1");
}

TEST(OmniorbReference, CatiorPrintsHostAndPort) {
  OmniServer server(Family::ipv4);
  ChildProcess catior({program_path("rtorb-catior"), server.ior});
  const std::string output = catior.rest_of_output(io_timeout);
  EXPECT_EQ(catior.wait(io_timeout), 0);
  EXPECT_NE(output.find("127.0.0.1"), std::string::npos) << output;
  EXPECT_NE(output.find(std::to_string(server.port)), std::string::npos) << output;
  EXPECT_NE(output.find("IDL:rtorb_interop/Echo:1.0"), std::string::npos) << output;
}

TEST(OmniorbReference, CatiorReadsTheServersCorbaloc) {
  OmniServer server(Family::ipv4);
  ChildProcess catior({program_path("rtorb-catior"), server.corbaloc});
  const std::string output = catior.rest_of_output(io_timeout);
  EXPECT_EQ(catior.wait(io_timeout), 0);
  EXPECT_NE(output.find(std::to_string(server.port)), std::string::npos) << output;
}

}  // namespace
}  // namespace rtorb::interop
