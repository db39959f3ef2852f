// Display names for the numbers in tags.hpp.
#include "ior/tags.hpp"

#include <array>
#include <utility>

namespace rtorb::ior {
namespace {

using Entry = std::pair<std::uint32_t, std::string_view>;

template <std::size_t N>
std::string_view find_name(const std::array<Entry, N>& table, std::uint32_t key) noexcept {
  for (const Entry& e : table) {
    if (e.first == key) return e.second;
  }
  return {};
}

constexpr std::array<Entry, 5> profile_names{{
    {0, "TAG_INTERNET_IOP"},
    {1, "TAG_MULTIPLE_COMPONENTS"},
    {2, "TAG_SCCP_IOP"},
    {3, "TAG_UIPMC"},
    {4, "TAG_MOBILE_TERMINAL_IOP"},
}};

constexpr std::array<Entry, 45> component_names{{
    {0, "TAG_ORB_TYPE"},
    {1, "TAG_CODE_SETS"},
    {2, "TAG_POLICIES"},
    {3, "TAG_ALTERNATE_IIOP_ADDRESS"},
    {5, "TAG_COMPLETE_OBJECT_KEY"},
    {6, "TAG_ENDPOINT_ID_POSITION"},
    {12, "TAG_LOCATION_POLICY"},
    {13, "TAG_ASSOCIATION_OPTIONS"},
    {14, "TAG_SEC_NAME"},
    {15, "TAG_SPKM_1_SEC_MECH"},
    {16, "TAG_SPKM_2_SEC_MECH"},
    {17, "TAG_KerberosV5_SEC_MECH"},
    {18, "TAG_CSI_ECMA_Secret_SEC_MECH"},
    {19, "TAG_CSI_ECMA_Hybrid_SEC_MECH"},
    {20, "TAG_SSL_SEC_TRANS"},
    {21, "TAG_CSI_ECMA_Public_SEC_MECH"},
    {22, "TAG_GENERIC_SEC_MECH"},
    {23, "TAG_FIREWALL_TRANS"},
    {24, "TAG_SCCP_CONTACT_INFO"},
    {25, "TAG_JAVA_CODEBASE"},
    {26, "TAG_TRANSACTION_POLICY"},
    {27, "TAG_FT_GROUP"},
    {28, "TAG_FT_PRIMARY"},
    {29, "TAG_FT_HEARTBEAT_ENABLED"},
    {30, "TAG_MESSAGE_ROUTERS"},
    {31, "TAG_OTS_POLICY"},
    {32, "TAG_INV_POLICY"},
    {33, "TAG_CSI_SEC_MECH_LIST"},
    {34, "TAG_NULL_TAG"},
    {35, "TAG_SECIOP_SEC_TRANS"},
    {36, "TAG_TLS_SEC_TRANS"},
    {37, "TAG_ACTIVITY_POLICY"},
    {38, "TAG_RMI_CUSTOM_MAX_STREAM_FORMAT"},
    {39, "TAG_GROUP"},
    {40, "TAG_GROUP_IIOP"},
    {100, "TAG_DCE_STRING_BINDING"},
    {101, "TAG_DCE_BINDING_NAME"},
    {102, "TAG_DCE_NO_PIPES"},
    {103, "TAG_DCE_SEC_MECH"},
    {123, "TAG_INET_SEC_TRANS"},
    {0x41545401, "TAG_OMNIORB_BIDIR"},
    {0x41545402, "TAG_OMNIORB_UNIX_TRANS"},
    {0x41545403, "TAG_OMNIORB_PERSISTENT_ID"},
    {0x52540001, "TAG_RTORB_LANE_BAND"},
    {0x52540002, "TAG_RTORB_GIOP_LITE"},
}};

constexpr std::array<Entry, 20> policy_names{{
    {23, "REBIND_POLICY_TYPE"},
    {24, "SYNC_SCOPE_POLICY_TYPE"},
    {25, "REQUEST_PRIORITY_POLICY_TYPE"},
    {26, "REPLY_PRIORITY_POLICY_TYPE"},
    {27, "REQUEST_START_TIME_POLICY_TYPE"},
    {28, "REQUEST_END_TIME_POLICY_TYPE"},
    {29, "REPLY_START_TIME_POLICY_TYPE"},
    {30, "REPLY_END_TIME_POLICY_TYPE"},
    {31, "RELATIVE_REQ_TIMEOUT_POLICY_TYPE"},
    {32, "RELATIVE_RT_TIMEOUT_POLICY_TYPE"},
    {33, "ROUTING_POLICY_TYPE"},
    {34, "MAX_HOPS_POLICY_TYPE"},
    {35, "QUEUE_ORDER_POLICY_TYPE"},
    {37, "BIDIRECTIONAL_POLICY_TYPE"},
    {40, "PRIORITY_MODEL_POLICY_TYPE"},
    {41, "THREADPOOL_POLICY_TYPE"},
    {42, "SERVER_PROTOCOL_POLICY_TYPE"},
    {43, "CLIENT_PROTOCOL_POLICY_TYPE"},
    {44, "PRIVATE_CONNECTION_POLICY_TYPE"},
    {45, "PRIORITY_BANDED_CONNECTION_POLICY_TYPE"},
}};

constexpr std::array<Entry, 4> vendor_names{{
    {orb_type::omniorb, "omniORB"},
    {orb_type::tao, "TAO"},
    {orb_type::jacorb, "JacORB"},
    {orb_type::rtorb, "rtorb"},
}};

// OSF code set registry entries that ORBs actually advertise.
constexpr std::array<Entry, 16> code_set_names{{
    {0x00010001, "ISO-8859-1"},
    {0x00010002, "ISO-8859-2"},
    {0x00010003, "ISO-8859-3"},
    {0x00010004, "ISO-8859-4"},
    {0x00010005, "ISO-8859-5"},
    {0x00010006, "ISO-8859-6"},
    {0x00010007, "ISO-8859-7"},
    {0x00010008, "ISO-8859-8"},
    {0x00010009, "ISO-8859-9"},
    {0x0001000f, "ISO-8859-15"},
    {0x00010020, "ISO-646 (ASCII)"},
    {0x00010100, "UCS-2 level 1"},
    {0x00010104, "UCS-4 level 1"},
    {0x00010109, "UTF-16"},
    {0x05010001, "UTF-8"},
    {0x100204e4, "Windows-1252"},
}};

}  // namespace

std::string_view profile_tag_name(cdr::ProfileId tag) noexcept {
  return find_name(profile_names, tag);
}

std::string_view component_tag_name(ComponentId tag) noexcept {
  return find_name(component_names, tag);
}

std::string_view policy_type_name(PolicyType type) noexcept {
  return find_name(policy_names, type);
}

std::string_view orb_type_name(OrbTypeId id) noexcept {
  // A vendor owns the 16 values of its block, not just the first.
  return find_name(vendor_names, id & 0xfffffff0u);
}

std::string_view code_set_name(cdr::CodeSetId id) noexcept {
  return find_name(code_set_names, id);
}

}  // namespace rtorb::ior
