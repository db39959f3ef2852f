// "IOR:" hex strings in both directions.
#include "ior/ior_string.hpp"

#include "base/ascii.hpp"
#include "base/hex.hpp"
#include "ior/encapsulation.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <string>
#include <vector>

namespace rtorb::ior {
namespace {

constexpr std::string_view prefix = "IOR:";

[[noreturn]] void fail(const std::string& what) {
  raise<CORBA::BAD_PARAM>(minor::bad_param_bad_ior_string, "bad IOR string: " + what);
}

std::string describe_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x21 && u < 0x7f) return std::string("'") + c + "'";
  std::string text = "byte 0x";
  append_hex(text, u);
  return text;
}

std::vector<std::uint8_t> decode_hex(std::string_view hex) {
  if (hex.empty()) fail("no hex digits after \"IOR:\"");
  if (hex.size() % 2 != 0) {
    fail("odd number of hex digits (" + std::to_string(hex.size()) + ")");
  }
  if (const std::size_t i = find_non_hex_digit(hex); i != std::string_view::npos) {
    fail(describe_char(hex[i]) + " at offset " + std::to_string(prefix.size() + i) +
         " is not a hex digit");
  }
  return *hex_decode(hex);
}

void check_trailing(const cdr::InputStream& is) {
  const auto rest = is.buffer().subspan(is.position());
  bool all_zero = true;
  for (std::uint8_t b : rest) all_zero = all_zero && b == 0;
  if (rest.size() >= 8 || !all_zero) {
    fail(std::to_string(rest.size()) + " bytes of trailing junk after the IOR");
  }
}

cdr::IorData decode_ior_bytes(std::span<const std::uint8_t> bytes) {
  if (bytes[0] > 1) fail("byte-order octet is " + std::to_string(bytes[0]) + ", not 0 or 1");
  try {
    cdr::InputStream is = open_encapsulation(bytes);
    cdr::IorData ior = cdr::read_ior(is);
    check_trailing(is);
    return ior;
  } catch (const CORBA::MARSHAL& e) {
    fail("malformed IOR data: " + e.detail());
  }
}

}  // namespace

bool has_ior_prefix(std::string_view text) noexcept {
  return starts_with_ignoring_case(text, prefix);
}

std::string to_ior_string(const cdr::IorData& ior) {
  const auto bytes =
      make_encapsulation([&](cdr::OutputStream& os) { cdr::write_ior(os, ior); });
  return std::string(prefix) + hex_encode(bytes);
}

std::string to_ior_string(const ObjectReference& reference) {
  return to_ior_string(encode_reference(reference));
}

cdr::IorData parse_ior_string(std::string_view text) {
  if (!has_ior_prefix(text)) fail("does not start with \"IOR:\"");
  const auto bytes = decode_hex(text.substr(prefix.size()));
  return decode_ior_bytes(bytes);
}

ObjectReference reference_from_ior_string(std::string_view text) {
  const cdr::IorData ior = parse_ior_string(text);
  try {
    return decode_reference(ior);
  } catch (const CORBA::MARSHAL& e) {
    fail("malformed profile: " + e.detail());
  }
}

}  // namespace rtorb::ior
