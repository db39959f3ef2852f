// The minor codes the CosEvent channel raises (docs/cosevent.md), in rtorb's vendor range.
#pragma once

#include <rtorb/corba/minor_code.hpp>

namespace rtorb::cosevent::minor {

using rtorb::minor::rtorb_vmcid;

// ---- the CosEvent channel (0xc..; services/cosevent) ----
inline constexpr std::uint32_t bad_param_nil_push_consumer = rtorb_vmcid | 0xc01;  // connect_push_consumer(nil)
inline constexpr std::uint32_t bad_param_nil_pull_supplier = rtorb_vmcid | 0xc02;  // connect_pull_supplier(nil)
inline constexpr std::uint32_t bad_param_queue_length_zero = rtorb_vmcid | 0xc03;  // ChannelOptions::queue_length 0
inline constexpr std::uint32_t object_not_exist_proxy_disconnected = rtorb_vmcid | 0xc10;  // connect on a used proxy
inline constexpr std::uint32_t object_not_exist_channel_destroyed = rtorb_vmcid | 0xc11;  // call after destroy()

}  // namespace rtorb::cosevent::minor
