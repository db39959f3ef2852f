// What both sides' request information shares: the standard minor codes of the chapter,
// the service contexts interceptors add (owned, with the view a GIOP header takes) and
// looking one up in a list the ORB received.
#pragma once

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/interceptors/portable_interceptor.hpp>

#include <cstdint>
#include <vector>

#include "giop/service_context.hpp"

namespace rtorb::interceptors {

// OMG minor codes (CORBA 3.x, "Portable Interceptors" and the minor code table).
inline constexpr std::uint32_t no_resources_no_typecodes = minor::omg_vmcid | 1;
inline constexpr std::uint32_t bad_inv_order_not_at_this_point = minor::omg_vmcid | 14;
inline constexpr std::uint32_t bad_inv_order_context_exists = minor::omg_vmcid | 15;
inline constexpr std::uint32_t bad_param_no_context = minor::omg_vmcid | 26;

// The contexts interceptors added to one request or reply.
class AddedContexts {
 public:
  explicit AddedContexts(std::size_t max_size) noexcept : max_size_(max_size) {}
  // Raises BAD_INV_ORDER (minor 15) when `replace` is false and `id` is there already,
  // IMP_LIMIT imp_limit_message_too_large when the data alone exceeds -ORBMaxMessageSize.
  void add(const IOP::ServiceContext& context, bool replace);
  // The contexts as the GIOP header takes them (views into this object).
  const giop::ServiceContextList& view() const noexcept { return view_; }
  const IOP::ServiceContext* find(IOP::ServiceId id) const noexcept;
  void clear() noexcept;

 private:
  std::size_t max_size_;
  std::vector<IOP::ServiceContext> owned_;
  giop::ServiceContextList view_;
};

// The context `id` of `received`, copied; BAD_PARAM (minor 26) when it has none.
IOP::ServiceContext find_received(const giop::ServiceContextList* received,
                                  const AddedContexts* added, IOP::ServiceId id);

// Raises BAD_INV_ORDER (minor 14): `what` is not available at this interception point.
[[noreturn]] void not_at_this_point(const char* what);
// Raises NO_RESOURCES (minor 1): `what` needs typecodes the compiled stubs do not carry.
[[noreturn]] void needs_typecodes(const char* what);

}  // namespace rtorb::interceptors
