// Minor codes the real-time Event Service raises (services/events, docs/events.md): the
// 0xa.. range of rtorb's codes (base/minor_code.hpp explains the numbering).
#pragma once

#include <rtorb/base/minor_code.hpp>

#include <cstdint>

namespace rtorb::minor {

inline constexpr std::uint32_t bad_param_nil_rtec_consumer = rtorb_vmcid | 0xa30;  // connect_push_consumer(nil)
inline constexpr std::uint32_t bad_param_nil_rtec_supplier = rtorb_vmcid | 0xa31;  // connect_push_supplier(nil)
inline constexpr std::uint32_t bad_param_malformed_qos = rtorb_vmcid | 0xa32;      // a ConsumerQOS no filter reads
inline constexpr std::uint32_t bad_param_unreadable_channel_state = rtorb_vmcid | 0xa33;  // a state file the channel cannot read
inline constexpr std::uint32_t object_not_exist_rtec_channel_destroyed = rtorb_vmcid | 0xa20;  // call after destroy()

}  // namespace rtorb::minor
