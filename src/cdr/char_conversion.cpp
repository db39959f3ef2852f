// char and string conversion between the native and the transmission char code set
// (ISO-8859-1, UTF-8, ASCII).
#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>
#include <rtorb/corba/raise.hpp>

#include <string>

namespace rtorb::cdr {
namespace {

[[noreturn]] void unconvertible(const char* what) {
  raise<CORBA::DATA_CONVERSION>(minor::data_conversion_char, what);
}

[[noreturn]] void unsupported_code_set(CodeSetId id) {
  char text[64];
  std::snprintf(text, sizeof text, "char code set 0x%08x is not supported", id);
  raise<CORBA::CODESET_INCOMPATIBLE>(minor::codeset_incompatible_unsupported, text);
}

void append_utf8(std::string& out, std::uint32_t code_point) {
  if (code_point < 0x80) {
    out += static_cast<char>(code_point);
  } else {
    out += static_cast<char>(0xC0 | (code_point >> 6));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  }
}

// Decodes UTF-8 into code points <= 0xFF (all that ISO-8859-1 can hold).
std::string utf8_to_latin1(std::string_view in) {
  std::string out;
  out.reserve(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    const auto c = static_cast<unsigned char>(in[i]);
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if ((c & 0xE0) == 0xC0 && i + 1 < in.size() &&
               (static_cast<unsigned char>(in[i + 1]) & 0xC0) == 0x80) {
      const std::uint32_t cp = ((c & 0x1Fu) << 6) | (static_cast<unsigned char>(in[++i]) & 0x3Fu);
      if (cp > 0xFF || cp < 0x80) unconvertible("UTF-8 character has no ISO-8859-1 equivalent");
      out += static_cast<char>(cp);
    } else {
      unconvertible("UTF-8 text is malformed or has no ISO-8859-1 equivalent");
    }
  }
  return out;
}

std::string latin1_to_utf8(std::string_view in) {
  std::string out;
  out.reserve(in.size() * 2);
  for (char c : in) append_utf8(out, static_cast<unsigned char>(c));
  return out;
}

void check_ascii(std::string_view in) {
  for (char c : in) {
    if (static_cast<unsigned char>(c) > 0x7F) unconvertible("character is not ASCII");
  }
}

bool is_char_set(CodeSetId id) {
  return id == code_set::iso_8859_1 || id == code_set::utf_8 || id == code_set::ascii;
}

// Converts `in` from code set `from` to code set `to`.
std::string convert(std::string_view in, CodeSetId from, CodeSetId to) {
  if (!is_char_set(from)) unsupported_code_set(from);
  if (!is_char_set(to)) unsupported_code_set(to);
  if (from == to) return std::string(in);
  if (to == code_set::ascii || from == code_set::ascii) {
    check_ascii(in);
    return std::string(in);
  }
  return to == code_set::utf_8 ? latin1_to_utf8(in) : utf8_to_latin1(in);
}

}  // namespace

void OutputStream::write_char(char v) {
  const CodeSetContext& cs = options_.code_sets;
  if (cs.native_char != cs.transmission_char) {
    const std::string converted = convert(std::string_view(&v, 1), cs.native_char,
                                          cs.transmission_char);
    if (converted.size() != 1) unconvertible("char needs more than one octet in transmission");
    v = converted[0];
  }
  write_primitive(v);
}

void OutputStream::write_converted_string(std::string_view s) {
  const CodeSetContext& cs = options_.code_sets;
  const std::string converted = convert(s, cs.native_char, cs.transmission_char);
  write_ulong(static_cast<std::uint32_t>(converted.size() + 1));
  write_raw(converted.c_str(), converted.size() + 1);
}

char InputStream::read_char() {
  char v = static_cast<char>(read_octet());
  const CodeSetContext& cs = options_.code_sets;
  if (cs.native_char != cs.transmission_char) {
    const std::string converted =
        convert(std::string_view(&v, 1), cs.transmission_char, cs.native_char);
    if (converted.size() != 1) unconvertible("char does not fit one native octet");
    v = converted[0];
  }
  return v;
}

std::string InputStream::read_string() {
  const std::string_view wire = read_string_view();
  const CodeSetContext& cs = options_.code_sets;
  if (cs.native_char == cs.transmission_char) return std::string(wire);
  return convert(wire, cs.transmission_char, cs.native_char);
}

}  // namespace rtorb::cdr
