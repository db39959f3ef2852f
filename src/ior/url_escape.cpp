// %-escaping and unescaping for corbaloc keys and corbaname names.
#include "ior/url_escape.hpp"

#include "base/hex.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

namespace rtorb::ior {
namespace {

bool is_unreserved(std::uint8_t c) noexcept {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
  constexpr std::string_view marks = ";/:?@&=+$,-_.!~*'()";
  return marks.find(static_cast<char>(c)) != std::string_view::npos;
}

std::string describe(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u > 0x20 && u < 0x7f) return std::string("'") + c + "'";
  std::string text = "byte 0x";
  append_hex(text, u, HexCase::upper);
  return text;
}

[[noreturn]] void fail(std::string_view what, const std::string& why, std::size_t at) {
  raise<CORBA::BAD_PARAM>(minor::bad_param_bad_schema_specific,
                          std::string(what) + ": " + why + " at offset " + std::to_string(at));
}

}  // namespace

std::string url_escape(std::span<const std::uint8_t> octets) {
  std::string out;
  out.reserve(octets.size());
  for (std::uint8_t b : octets) {
    if (is_unreserved(b)) {
      out += static_cast<char>(b);
    } else {
      out += '%';
      append_hex(out, b, HexCase::upper);
    }
  }
  return out;
}

std::string url_escape(std::string_view text) {
  return url_escape(std::span<const std::uint8_t>(
      reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

std::vector<std::uint8_t> url_unescape(std::string_view text, std::string_view what,
                                       std::size_t offset) {
  std::vector<std::uint8_t> out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '%') {
      const int hi = i + 1 < text.size() ? hex_value(text[i + 1]) : -1;
      const int lo = i + 2 < text.size() ? hex_value(text[i + 2]) : -1;
      if (hi < 0 || lo < 0) fail(what, "'%' not followed by two hex digits", offset + i);
      out.push_back(static_cast<std::uint8_t>(hi << 4 | lo));
      i += 2;
    } else if (is_unreserved(static_cast<std::uint8_t>(c))) {
      out.push_back(static_cast<std::uint8_t>(c));
    } else {
      fail(what, describe(c) + " must be written as a %-escape", offset + i);
    }
  }
  return out;
}

}  // namespace rtorb::ior
