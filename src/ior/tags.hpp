// Numbers that name things inside object references: profile tags, component tags, policy
// types, ORB types, plus their human-readable names for tools and diagnostics.
#pragma once

#include <rtorb/cdr/code_set.hpp>
#include <rtorb/cdr/object_reference.hpp>

#include <cstdint>
#include <string_view>

namespace rtorb::ior {

using ComponentId = std::uint32_t;
using PolicyType = std::uint32_t;
using OrbTypeId = std::uint32_t;

// IOP::ComponentId values (CORBA 3.x, 7.6.6). Only the first group is decoded by
// decode_component(); the others are named for display.
namespace component_tag {
inline constexpr ComponentId orb_type = 0;
inline constexpr ComponentId code_sets = 1;
inline constexpr ComponentId policies = 2;
inline constexpr ComponentId alternate_iiop_address = 3;
inline constexpr ComponentId ssl_sec_trans = 20;
inline constexpr ComponentId java_codebase = 25;

inline constexpr ComponentId complete_object_key = 5;
inline constexpr ComponentId endpoint_id_position = 6;
inline constexpr ComponentId location_policy = 12;
inline constexpr ComponentId csi_sec_mech_list = 33;
inline constexpr ComponentId null_tag = 34;
inline constexpr ComponentId tls_sec_trans = 36;
inline constexpr ComponentId rmi_custom_max_stream_format = 38;
inline constexpr ComponentId group = 39;
}  // namespace component_tag

// CORBA::PolicyType values that servers put in TAG_POLICIES (RT-CORBA 1.x and Messaging).
namespace policy_type {
inline constexpr PolicyType priority_model = 40;               // RTCORBA
inline constexpr PolicyType threadpool = 41;
inline constexpr PolicyType server_protocol = 42;
inline constexpr PolicyType client_protocol = 43;
inline constexpr PolicyType private_connection = 44;
inline constexpr PolicyType priority_banded_connection = 45;
}  // namespace policy_type

// TAG_ORB_TYPE values. The OMG hands each vendor a block of 16 that also serves as its
// VMCID; rtorb uses the same "RT" block as its minor codes (minor_code.hpp).
namespace orb_type {
inline constexpr OrbTypeId omniorb = 0x41545400;  // "ATT\0": AT&T Laboratories Cambridge
inline constexpr OrbTypeId tao = 0x54414f00;      // "TAO\0"
inline constexpr OrbTypeId jacorb = 0x4a414300;   // "JAC\0"
inline constexpr OrbTypeId rtorb = 0x52540000;    // "RT\0\0"
}  // namespace orb_type

// Names for display; an empty view means "not known to rtorb".
std::string_view profile_tag_name(cdr::ProfileId tag) noexcept;
std::string_view component_tag_name(ComponentId tag) noexcept;
std::string_view policy_type_name(PolicyType type) noexcept;
std::string_view orb_type_name(OrbTypeId id) noexcept;  // the vendor, matched by block
std::string_view code_set_name(cdr::CodeSetId id) noexcept;

}  // namespace rtorb::ior
