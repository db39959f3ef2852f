// Formatting of system exceptions for what().
#include <rtorb/corba/exception.hpp>

#include <cstdio>

namespace CORBA {

SystemException::SystemException(std::uint32_t minor, CompletionStatus completed,
                                 std::string detail)
    : minor_(minor), completed_(completed), detail_(std::move(detail)) {}

const char* SystemException::what() const noexcept {
  static constexpr const char* status_names[] = {"COMPLETED_YES", "COMPLETED_NO",
                                                 "COMPLETED_MAYBE"};
  const auto status = static_cast<std::uint32_t>(completed_);
  char head[96];
  std::snprintf(head, sizeof head, "%s (minor 0x%08x, %s)", _name(), minor_,
                status < 3 ? status_names[status] : "COMPLETED_?");
  what_ = head;
  if (!detail_.empty()) what_ += ": " + detail_;
  return what_.c_str();
}

}  // namespace CORBA
