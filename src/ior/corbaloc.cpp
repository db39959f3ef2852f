// Parsing and formatting of corbaloc/corbaname URLs.
#include "ior/corbaloc.hpp"

#include "base/hex.hpp"
#include "ior/component.hpp"
#include "ior/object_string.hpp"
#include "ior/url_escape.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <charconv>

namespace rtorb::ior {
namespace {

constexpr std::string_view corbaloc_scheme = "corbaloc:";
constexpr std::string_view corbaname_scheme = "corbaname:";
constexpr std::string_view default_naming_key = "NameService";

[[noreturn]] void bad_address(std::string_view address, const std::string& why) {
  raise<CORBA::BAD_PARAM>(minor::bad_param_bad_address,
                          "address \"" + std::string(address) + "\": " + why);
}

// A decimal number of at most `max`, or -1 when the text is not one.
long parse_number(std::string_view digits, long max) noexcept {
  if (digits.empty() || digits.size() > 5) return -1;
  for (char c : digits) {
    if (c < '0' || c > '9') return -1;
  }
  long value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec != std::errc{} || end != digits.data() + digits.size() || value > max) return -1;
  return value;
}

bool is_dns_char(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '-' || c == '.' || c == '_';
}

bool is_ipv6_char(char c) noexcept {
  return hex_value(c) >= 0 || c == ':' || c == '.';
}

IiopVersion parse_version(std::string_view address, std::string_view text) {
  const std::size_t dot = text.find('.');
  const long major = dot == text.npos ? -1 : parse_number(text.substr(0, dot), 255);
  const long minor = dot == text.npos ? -1 : parse_number(text.substr(dot + 1), 255);
  if (major < 0 || minor < 0) {
    bad_address(address, "version \"" + std::string(text) + "\" is not <major>.<minor>");
  }
  if (major != 1 || minor > 2) {
    bad_address(address, "IIOP version " + std::string(text) + " is not supported (1.0-1.2)");
  }
  return {static_cast<std::uint8_t>(major), static_cast<std::uint8_t>(minor)};
}

// Splits "[v6]:port" or "name:port" into host and the text after the host.
std::pair<std::string_view, std::string_view> split_host(std::string_view address,
                                                         std::string_view text) {
  if (!text.empty() && text[0] == '[') {
    const std::size_t close = text.find(']');
    if (close == text.npos) bad_address(address, "IPv6 host has no closing ']'");
    const std::string_view host = text.substr(1, close - 1);
    if (host.empty() || host.find(':') == host.npos) {
      bad_address(address, "\"[" + std::string(host) + "]\" is not an IPv6 address");
    }
    for (char c : host) {
      if (!is_ipv6_char(c)) bad_address(address, "bad character in IPv6 host");
    }
    return {host, text.substr(close + 1)};
  }
  const std::size_t colon = text.find(':');
  const std::string_view host = text.substr(0, colon);
  if (host.empty()) bad_address(address, "no host");
  for (char c : host) {
    if (!is_dns_char(c)) {
      bad_address(address, std::string("character '") + c + "' is not allowed in a host name");
    }
  }
  return {host, colon == text.npos ? std::string_view{} : text.substr(colon)};
}

IiopAddress parse_iiop_address(std::string_view address, std::string_view text) {
  IiopAddress a;
  const std::size_t at = text.find('@');
  if (at != text.npos) {
    a.version = parse_version(address, text.substr(0, at));
    text.remove_prefix(at + 1);
  }
  const auto [host, rest] = split_host(address, text);
  a.host = std::string(host);
  if (rest.empty()) return a;
  if (rest[0] != ':') bad_address(address, "unexpected text after the host");
  const long port = parse_number(rest.substr(1), 65535);
  if (port < 0) {
    bad_address(address, "port \"" + std::string(rest.substr(1)) + "\" is not 0-65535");
  }
  a.port = static_cast<std::uint16_t>(port);
  return a;
}

ObjectAddress parse_address(std::string_view address) {
  if (address.empty()) bad_address(address, "empty address");
  if (address[0] == ':') return parse_iiop_address(address, address.substr(1));
  if (has_scheme(address, "iiop:")) return parse_iiop_address(address, address.substr(5));
  if (has_scheme(address, "rir:")) {
    if (address.size() > 4) bad_address(address, "rir: takes no address");
    return RirAddress{};
  }
  const std::size_t colon = address.find(':');
  if (colon == address.npos || colon == 0) {
    bad_address(address, "no protocol (\"iiop:\", \":\", \"rir:\")");
  }
  return OtherAddress{std::string(address.substr(0, colon)),
                      std::string(address.substr(colon + 1))};
}

std::vector<ObjectAddress> parse_address_list(std::string_view list) {
  std::vector<ObjectAddress> addresses;
  bool has_rir = false;
  for (;;) {
    const std::size_t comma = list.find(',');
    addresses.push_back(parse_address(list.substr(0, comma)));
    has_rir = has_rir || std::holds_alternative<RirAddress>(addresses.back());
    if (comma == list.npos) break;
    list.remove_prefix(comma + 1);
  }
  if (has_rir && addresses.size() > 1) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_bad_address,
                            "rir: cannot be combined with other addresses");
  }
  return addresses;
}

// `body` is the text after the scheme; `offset` its position in the URL, for messages.
// rir: and corbaname URLs without a key mean the naming service.
CorbalocUrl parse_location(std::string_view body, std::size_t offset, bool naming) {
  const std::size_t slash = body.find('/');
  CorbalocUrl url;
  url.addresses = parse_address_list(body.substr(0, slash));
  if (slash != body.npos) {
    url.object_key = url_unescape(body.substr(slash + 1), "object key", offset + slash + 1);
  }
  const bool rir = std::holds_alternative<RirAddress>(url.addresses.front());
  if (url.object_key.empty() && (rir || naming)) {
    url.object_key.assign(default_naming_key.begin(), default_naming_key.end());
  }
  return url;
}

void require_scheme(std::string_view url, std::string_view scheme) {
  if (!has_scheme(url, scheme)) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_bad_scheme,
                            "\"" + std::string(url.substr(0, 32)) +
                                "\" does not start with \"" + std::string(scheme) + "\"");
  }
}

std::string format_address(const ObjectAddress& address) {
  if (std::holds_alternative<RirAddress>(address)) return "rir:";
  if (const auto* other = std::get_if<OtherAddress>(&address)) {
    return other->protocol + ":" + other->address;
  }
  const auto& iiop = std::get<IiopAddress>(address);
  std::string text = "iiop:";
  if (iiop.version != IiopVersion{1, 0}) {
    text += std::to_string(iiop.version.major) + "." + std::to_string(iiop.version.minor) + "@";
  }
  const bool v6 = iiop.host.find(':') != std::string::npos;
  text += v6 ? "[" + iiop.host + "]" : iiop.host;
  return text + ":" + std::to_string(iiop.port);
}

std::string format_location(const CorbalocUrl& url) {
  std::string text;
  for (const ObjectAddress& a : url.addresses) {
    if (!text.empty()) text += ',';
    text += format_address(a);
  }
  return text + "/" + url_escape(url.object_key);
}

}  // namespace

CorbalocUrl parse_corbaloc(std::string_view url) {
  require_scheme(url, corbaloc_scheme);
  return parse_location(url.substr(corbaloc_scheme.size()), corbaloc_scheme.size(), false);
}

CorbanameUrl parse_corbaname(std::string_view url) {
  require_scheme(url, corbaname_scheme);
  const std::string_view body = url.substr(corbaname_scheme.size());
  const std::size_t hash = body.find('#');
  CorbanameUrl result;
  result.location =
      parse_location(body.substr(0, hash), corbaname_scheme.size(), true);
  if (hash != body.npos) {
    const std::size_t at = corbaname_scheme.size() + hash + 1;
    const auto name = url_unescape(body.substr(hash + 1), "name", at);
    result.string_name.assign(name.begin(), name.end());
  }
  return result;
}

std::string format_corbaloc(const CorbalocUrl& url) {
  return std::string(corbaloc_scheme) + format_location(url);
}

std::string format_corbaname(const CorbanameUrl& url) {
  std::string text = std::string(corbaname_scheme) + format_location(url.location);
  if (!url.string_name.empty()) text += "#" + url_escape(url.string_name);
  return text;
}

ObjectReference corbaloc_to_reference(const CorbalocUrl& url) {
  ObjectReference reference;
  for (const ObjectAddress& a : url.addresses) {
    if (std::holds_alternative<RirAddress>(a)) {
      raise<CORBA::BAD_PARAM>(minor::bad_param_bad_address,
                              "a rir: URL names one of the ORB's initial references, "
                              "not an address");
    }
    if (const auto* iiop = std::get_if<IiopAddress>(&a)) {
      reference.profiles.push_back(
          IiopProfile{iiop->version, iiop->host, iiop->port, url.object_key, {}});
    }
  }
  if (reference.profiles.empty()) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_bad_address, "no iiop: address in the URL");
  }
  return reference;
}

CorbalocUrl reference_to_corbaloc(const ObjectReference& reference) {
  const auto refuse = [](const std::string& why) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_no_corbaloc,
                            "the reference cannot be written as a corbaloc URL: " + why);
  };
  if (reference.is_nil()) refuse("it is nil");
  CorbalocUrl url;
  bool keyed = false;
  for (const Profile& profile : reference.profiles) {
    const auto* iiop = std::get_if<IiopProfile>(&profile);
    if (iiop == nullptr) continue;
    if (!keyed) {
      url.object_key = iiop->object_key;
      keyed = true;
    } else if (iiop->object_key != url.object_key) {
      refuse("its IIOP profiles have different object keys");
    }
    url.addresses.push_back(IiopAddress{iiop->version, iiop->host, iiop->port});
    for (const TaggedComponent& c : iiop->components) {
      if (c.tag != component_tag::alternate_iiop_address) continue;
      const auto alternate = std::get<AlternateAddressComponent>(decode_component(c));
      url.addresses.push_back(IiopAddress{iiop->version, alternate.host, alternate.port});
    }
  }
  if (!keyed) refuse("it has no IIOP profile");
  return url;
}

}  // namespace rtorb::ior
