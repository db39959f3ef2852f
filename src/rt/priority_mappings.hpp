// The standard priority mappings (docs/rt.md, "mappings"): CORBA priorities 0..32767 onto a
// native range [min, max] of the scheduling policy in use.
//   direct:     native = p, for p in [min, max]
//   continuous: native = min + p, up to max
//   linear:     the whole CORBA range spread evenly over [min, max] (the default)
#pragma once

#include <rtorb/rt/rtcorba.hpp>

#include <memory>
#include <string_view>

namespace rtorb::rt {

struct NativeRange {
  int min = 0;
  int max = 0;
};

// Null for an unknown name.
std::shared_ptr<RTCORBA::PriorityMapping> make_priority_mapping(std::string_view name,
                                                                NativeRange range);

}  // namespace rtorb::rt
