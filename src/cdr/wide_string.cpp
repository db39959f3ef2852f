// wchar and wstring for GIOP 1.0 (not allowed), 1.1 (UTF-16 units in stream order, NUL
// counted) and 1.2 (octet lengths, UTF-16 big-endian unless a byte order mark says otherwise).
#include "cdr/utf16.hpp"

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>
#include <rtorb/corba/raise.hpp>

#include <string>
#include <vector>

namespace rtorb::cdr {
namespace detail {

void fail_bad_utf16(const char* why) { raise<CORBA::MARSHAL>(minor::marshal_bad_wchar, why); }

void append_utf16(std::u16string& out, std::wstring_view text) {
  for (const wchar_t wc : text) {
    const auto cp = static_cast<std::uint32_t>(wc);
    if (is_high_surrogate(cp) || is_low_surrogate(cp) || cp > 0x10FFFF) {
      raise<CORBA::DATA_CONVERSION>(minor::data_conversion_char,
                                    "wchar value " + std::to_string(cp) +
                                        " is a surrogate or beyond U+10FFFF");
    }
    if (cp < 0x10000) {
      out.push_back(static_cast<char16_t>(cp));
    } else {
      out.push_back(static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10)));
      out.push_back(static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF)));
    }
  }
}

}  // namespace detail

namespace {

constexpr std::uint16_t byte_order_mark = 0xFEFF;

void check_giop_version(std::uint8_t giop_minor) {
  if (giop_minor == 0) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_wchar, "wchar and wstring do not exist in GIOP 1.0");
  }
}

void check_code_set(const CodeSetContext& cs) {
  if (cs.transmission_wchar != code_set::utf_16) {
    char text[80];
    std::snprintf(text, sizeof text, "wchar transmission code set 0x%08x is not supported",
                  cs.transmission_wchar);
    raise<CORBA::CODESET_INCOMPATIBLE>(minor::codeset_incompatible_unsupported, text);
  }
}

// GIOP 1.2 bytes: big-endian units, with a big-endian BOM only when the text itself starts
// with something a reader would take for one.
std::u16string units_for_giop12(std::wstring_view text) {
  std::u16string units;
  units.reserve(text.size() + 1);
  if (!text.empty() && (text[0] == 0xFEFF || text[0] == 0xFFFE)) units.push_back(byte_order_mark);
  detail::append_utf16(units, text);
  return units;
}

void write_big_endian_units(OutputStream& os, const std::u16string& units) {
  std::vector<std::uint8_t> bytes(units.size() * 2);
  for (std::size_t i = 0; i < units.size(); ++i) {
    bytes[2 * i] = static_cast<std::uint8_t>(units[i] >> 8);
    bytes[2 * i + 1] = static_cast<std::uint8_t>(units[i] & 0xFF);
  }
  os.write_raw(bytes.data(), bytes.size());
}

// Decodes GIOP 1.2 wide text: an optional BOM, then units (big-endian without a BOM).
std::wstring decode_giop12(std::span<const std::uint8_t> bytes) {
  if (bytes.size() % 2 != 0) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_wchar,
                          "UTF-16 data of odd length " + std::to_string(bytes.size()));
  }
  ByteOrder order = ByteOrder::big_endian;
  if (bytes.size() >= 2) {
    const std::uint16_t first = detail::unit_from_bytes(bytes.data(), ByteOrder::big_endian);
    if (first == 0xFEFF || first == 0xFFFE) {
      order = first == 0xFEFF ? ByteOrder::big_endian : ByteOrder::little_endian;
      bytes = bytes.subspan(2);
    }
  }
  return detail::decode_utf16(bytes.size() / 2, [&](std::size_t i) {
    return detail::unit_from_bytes(bytes.data() + 2 * i, order);
  });
}

}  // namespace

void OutputStream::write_wchar(wchar_t v) {
  check_giop_version(options_.giop_minor);
  check_code_set(options_.code_sets);
  if (options_.giop_minor == 1) {
    std::u16string units;
    detail::append_utf16(units, std::wstring_view(&v, 1));
    if (units.size() != 1) {
      raise<CORBA::DATA_CONVERSION>(minor::data_conversion_char,
                                    "GIOP 1.1 wchar cannot hold a code point above U+FFFF");
    }
    write_ushort(units[0]);
    return;
  }
  const std::u16string units = units_for_giop12(std::wstring_view(&v, 1));
  write_octet(static_cast<std::uint8_t>(units.size() * 2));
  write_big_endian_units(*this, units);
}

void OutputStream::write_wstring(std::wstring_view s) {
  check_giop_version(options_.giop_minor);
  check_code_set(options_.code_sets);
  if (options_.giop_minor == 1) {
    std::u16string units;
    units.reserve(s.size() + 1);
    detail::append_utf16(units, s);
    units.push_back(0);
    write_ulong(static_cast<std::uint32_t>(units.size()));
    write_array_copy(reinterpret_cast<const std::uint16_t*>(units.data()), units.size());
    return;
  }
  const std::u16string units = units_for_giop12(s);
  write_ulong(static_cast<std::uint32_t>(units.size() * 2));
  write_big_endian_units(*this, units);
}

wchar_t InputStream::read_wchar() {
  check_giop_version(options_.giop_minor);
  check_code_set(options_.code_sets);
  std::wstring decoded;
  if (options_.giop_minor == 1) {
    const std::uint16_t unit = read_ushort();
    decoded = detail::decode_utf16(1, [unit](std::size_t) { return unit; });
  } else {
    const std::uint8_t length = read_octet();
    decoded = decode_giop12(read_raw(length));
  }
  if (decoded.size() != 1) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_wchar,
                          "wchar holds " + std::to_string(decoded.size()) + " characters");
  }
  return decoded[0];
}

std::wstring InputStream::read_wstring() {
  check_giop_version(options_.giop_minor);
  check_code_set(options_.code_sets);
  const std::size_t at = pos_;
  const std::uint32_t length = read_ulong();
  const std::uint64_t bytes = options_.giop_minor == 1 ? std::uint64_t{length} * 2 : length;
  if (bytes > options_.limits.max_string_length) {
    raise<CORBA::MARSHAL>(minor::marshal_limit_exceeded,
                          "wstring length " + std::to_string(length) + " at offset " +
                              std::to_string(at) + " exceeds the limit");
  }
  if (bytes > remaining()) {
    raise<CORBA::MARSHAL>(minor::marshal_length_too_large,
                          "wstring length " + std::to_string(length) + " at offset " +
                              std::to_string(at) + ", " + std::to_string(remaining()) +
                              " bytes remain");
  }
  if (options_.giop_minor != 1) return decode_giop12(read_raw(length));
  if (length == 0) return {};  // lenient, as for string: the NUL should have been counted
  const auto raw = read_raw(bytes);
  const ByteOrder order = order_;
  if (detail::unit_from_bytes(raw.data() + bytes - 2, order) != 0) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_string,
                          "wstring at offset " + std::to_string(at) + " is not NUL-terminated");
  }
  return detail::decode_utf16(length - 1, [&](std::size_t i) {
    return detail::unit_from_bytes(raw.data() + 2 * i, order);
  });
}

}  // namespace rtorb::cdr
