// Names of the status and flag values, for tools and error messages.
#include "giop/messages.hpp"

namespace rtorb::giop {

std::string_view to_string(ReplyStatus status) noexcept {
  switch (status) {
    case ReplyStatus::no_exception: return "NO_EXCEPTION";
    case ReplyStatus::user_exception: return "USER_EXCEPTION";
    case ReplyStatus::system_exception: return "SYSTEM_EXCEPTION";
    case ReplyStatus::location_forward: return "LOCATION_FORWARD";
    case ReplyStatus::location_forward_perm: return "LOCATION_FORWARD_PERM";
    case ReplyStatus::needs_addressing_mode: return "NEEDS_ADDRESSING_MODE";
  }
  return "unknown";
}

std::string_view to_string(LocateStatus status) noexcept {
  switch (status) {
    case LocateStatus::unknown_object: return "UNKNOWN_OBJECT";
    case LocateStatus::object_here: return "OBJECT_HERE";
    case LocateStatus::object_forward: return "OBJECT_FORWARD";
    case LocateStatus::object_forward_perm: return "OBJECT_FORWARD_PERM";
    case LocateStatus::loc_system_exception: return "LOC_SYSTEM_EXCEPTION";
    case LocateStatus::loc_needs_addressing_mode: return "LOC_NEEDS_ADDRESSING_MODE";
  }
  return "unknown";
}

std::string_view to_string(ResponseFlags flags) noexcept {
  switch (static_cast<std::uint8_t>(flags)) {
    case 0x00: return "SYNC_NONE/SYNC_WITH_TRANSPORT";
    case 0x01: return "SYNC_WITH_SERVER";
    case 0x03: return "SYNC_WITH_TARGET";
    default: return "undefined";
  }
}

}  // namespace rtorb::giop
