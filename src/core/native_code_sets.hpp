// The code sets this ORB offers: in the CODE_SETS component of its IORs, and as a client
// negotiating with a server's (CORBA 3.x, 13.10.2.6).
#pragma once

#include <rtorb/cdr/code_set.hpp>

namespace rtorb::orb {

inline const cdr::CodeSetComponentInfo& native_code_sets() noexcept {
  static const cdr::CodeSetComponentInfo info{
      {cdr::code_set::iso_8859_1, {cdr::code_set::utf_8}}, {cdr::code_set::utf_16, {}}};
  return info;
}

}  // namespace rtorb::orb
