// Stringified names and corbaname: URLs (Naming Service 1.3, 2.4 and 2.5).
#include <rtorb/naming/name_syntax.hpp>

#include <cctype>

namespace rtorb::naming {
namespace {

[[noreturn]] void invalid_name() { throw CosNaming::NamingContext::InvalidName(); }
[[noreturn]] void invalid_address() { throw CosNaming::NamingContextExt::InvalidAddress(); }

void append_escaped(std::string& out, const std::string& part) {
  for (const char c : part) {
    if (c == '/' || c == '.' || c == '\\') out += '\\';
    out += c;
  }
}

// One component of a string name, its escapes resolved: the id and kind text, and
// whether an unescaped '.' separated them.
CosNaming::NameComponent parse_component(std::string_view text) {
  if (text.empty()) invalid_name();
  if (text == ".") return {};
  std::string id;
  std::string kind;
  std::string* current = &id;
  bool separated = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\\') {
      if (i + 1 == text.size()) invalid_name();
      const char next = text[++i];
      if (next != '/' && next != '.' && next != '\\') invalid_name();
      *current += next;
    } else if (c == '.') {
      if (separated) invalid_name();
      separated = true;
      current = &kind;
    } else {
      *current += c;
    }
  }
  if (separated && kind.empty()) invalid_name();  // "a." (the spec forbids a trailing '.')
  return {id, kind};
}

bool is_port(std::string_view text) {
  if (text.empty() || text.size() > 5) return false;
  for (const char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// [major.minor@]host[:port], host a name, an IPv4 address or an IPv6 one in brackets.
bool is_iiop_address(std::string_view text) {
  if (const auto at = text.find('@'); at != std::string_view::npos) text.remove_prefix(at + 1);
  if (text.empty()) return false;
  std::string_view port;
  if (text.front() == '[') {
    const auto close = text.find(']');
    if (close == std::string_view::npos || close == 1) return false;
    const auto after = text.substr(close + 1);
    if (!after.empty() && (after.front() != ':' || !is_port(after.substr(1)))) return false;
    return true;
  }
  if (const auto colon = text.find(':'); colon != std::string_view::npos) {
    port = text.substr(colon + 1);
    text = text.substr(0, colon);
    if (!is_port(port)) return false;
  }
  return !text.empty();
}

bool is_address(std::string_view address) {
  if (address == "rir:") return true;
  if (address.substr(0, 5) == "iiop:") return is_iiop_address(address.substr(5));
  if (address.substr(0, 1) == ":") return is_iiop_address(address.substr(1));
  return false;
}

}  // namespace

std::string to_string(const CosNaming::Name& name) {
  if (name.empty()) invalid_name();
  std::string out;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (i != 0) out += '/';
    const auto& component = name[i];
    if (component.id().empty() && component.kind().empty()) {
      out += '.';
      continue;
    }
    append_escaped(out, component.id());
    if (!component.kind().empty()) {
      out += '.';
      append_escaped(out, component.kind());
    }
  }
  return out;
}

CosNaming::Name to_name(std::string_view string_name) {
  if (string_name.empty()) invalid_name();
  CosNaming::Name name;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= string_name.size(); ++i) {
    if (i < string_name.size() && string_name[i] == '\\') {
      if (i + 1 == string_name.size()) invalid_name();  // escapes nothing
      ++i;  // the escaped character never separates
      continue;
    }
    if (i == string_name.size() || string_name[i] == '/') {
      name.push_back(parse_component(string_name.substr(start, i - start)));
      start = i + 1;
    }
  }
  return name;
}

std::string escape_url(std::string_view text) {
  static constexpr std::string_view kept = ";/:?@&=+$,-_.!~*'()";
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) || kept.find(c) != std::string_view::npos) {
      out += c;
    } else {
      out += '%';
      out += hex[byte >> 4];
      out += hex[byte & 0xf];
    }
  }
  return out;
}

std::string to_url(std::string_view address, std::string_view string_name) {
  std::string_view addresses = address.substr(0, address.find('/'));
  if (addresses.empty()) invalid_address();
  while (true) {
    const auto comma = addresses.find(',');
    if (!is_address(addresses.substr(0, comma))) invalid_address();
    if (comma == std::string_view::npos) break;
    addresses.remove_prefix(comma + 1);
  }
  std::string url = "corbaname:" + std::string(address);
  if (!string_name.empty()) {
    (void)to_name(string_name);  // InvalidName before anything is built on it
    url += '#' + escape_url(string_name);
  }
  return url;
}

}  // namespace rtorb::naming
