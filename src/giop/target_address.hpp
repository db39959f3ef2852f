// GIOP::TargetAddress (GIOP 1.2, CORBA 3.x 15.4.2.1) and the 1.0/1.1 object key it replaces.
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/object_reference.hpp>
#include <rtorb/cdr/output_stream.hpp>

#include <cstdint>
#include <span>
#include <variant>

namespace rtorb::giop {

// GIOP::AddressingDisposition.
enum class AddressingDisposition : std::int16_t { key_addr = 0, profile_addr = 1, reference_addr = 2 };

// The object key, viewed in the message buffer (decode) or caller storage (encode).
struct KeyAddr {
  std::span<const std::uint8_t> object_key;
};
struct ProfileAddr {
  cdr::TaggedProfile profile;
};
// GIOP::IORAddressingInfo.
struct ReferenceAddr {
  std::uint32_t selected_profile_index = 0;
  cdr::IorData ior;
};

using TargetAddress = std::variant<KeyAddr, ProfileAddr, ReferenceAddr>;

AddressingDisposition disposition(const TargetAddress& target) noexcept;

void write_target_address(cdr::OutputStream& os, const TargetAddress& target);
// Raises MARSHAL marshal_bad_message for an unknown discriminator, and the stream's MARSHAL
// codes for lengths beyond the bytes present.
TargetAddress read_target_address(cdr::InputStream& is);

// sequence<octet> viewed in place (object keys, principals); length checked first.
std::span<const std::uint8_t> read_octet_sequence_view(cdr::InputStream& is);
void write_octet_sequence(cdr::OutputStream& os, std::span<const std::uint8_t> bytes);

}  // namespace rtorb::giop
