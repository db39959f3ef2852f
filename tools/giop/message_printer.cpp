// Text and JSON views of a decoded message; all decoding happened in the giop library.
#include "message_printer.hpp"

#include <cstdio>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace rtorb::tools {
namespace {

using giop::Message;

std::string hex(std::span<const std::uint8_t> bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string s;
  for (std::uint8_t b : bytes) {
    s += digits[b >> 4];
    s += digits[b & 0x0f];
  }
  return s;
}

// Printable ASCII as is, everything else %XX as in corbaloc keys: unambiguous and 1 line.
std::string key_text(std::span<const std::uint8_t> bytes) {
  std::string s;
  for (std::uint8_t b : bytes) {
    if (b >= 0x20 && b < 0x7f && b != '%') {
      s += static_cast<char>(b);
    } else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02x", b);
      s += buf;
    }
  }
  return s;
}

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

// A flat list of (name, value) fields both printers walk; JSON values arrive pre-encoded.
struct Field {
  std::string name;
  std::string text;
  std::string json;
};
using Fields = std::vector<Field>;

void add(Fields& f, std::string name, const std::string& text) {
  f.push_back({std::move(name), text, json_string(text)});
}
void add(Fields& f, std::string name, std::uint64_t n) {
  f.push_back({std::move(name), std::to_string(n), std::to_string(n)});
}
void add_raw(Fields& f, std::string name, std::string text, std::string json) {
  f.push_back({std::move(name), std::move(text), std::move(json)});
}

void add_key(Fields& f, const std::string& name, std::span<const std::uint8_t> key) {
  add(f, name, key_text(key));
  add(f, name + "_hex", hex(key));
}

void add_target(Fields& f, const giop::TargetAddress& target) {
  if (const auto* key = std::get_if<giop::KeyAddr>(&target)) {
    add(f, "target", std::string("KeyAddr"));
    add_key(f, "object_key", key->object_key);
  } else if (const auto* p = std::get_if<giop::ProfileAddr>(&target)) {
    add(f, "target", std::string("ProfileAddr"));
    add(f, "profile_tag", p->profile.tag);
    add(f, "profile_data_hex", hex(p->profile.profile_data));
  } else {
    const auto& r = std::get<giop::ReferenceAddr>(target);
    add(f, "target", std::string("ReferenceAddr"));
    add(f, "selected_profile_index", r.selected_profile_index);
    add(f, "type_id", r.ior.type_id);
    add(f, "profile_count", r.ior.profiles.size());
  }
}

void add_contexts(Fields& f, const giop::ServiceContextList& list) {
  std::string text = std::to_string(list.size()) + (list.size() == 1 ? " entry" : " entries");
  std::string json = "[";
  for (const giop::ServiceContext& sc : list) {
    const std::string_view name = giop::service_id_name(sc.context_id);
    text += "; id " + std::to_string(sc.context_id);
    if (!name.empty()) text += " (" + std::string(name) + ")";
    text += ", " + std::to_string(sc.context_data.size()) + " bytes";
    if (json.size() > 1) json += ",";
    json += "{\"id\":" + std::to_string(sc.context_id) + ",\"name\":" + json_string(name) +
            ",\"length\":" + std::to_string(sc.context_data.size()) + "}";
  }
  add_raw(f, "service_context", text, json + "]");
}

void add_flags(Fields& f, giop::ResponseFlags flags) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "0x%02x", static_cast<unsigned>(flags));
  add(f, "response_flags", std::string(buf) + " (" + std::string(to_string(flags)) + ")");
}

// GIOP 1.0 and 1.1 carry `boolean response_expected` where 1.2 (and GIOPlite) carry the
// response_flags octet; show the field that is on the wire, with its octet. The decoder
// accepted only 0 or 1 there, and maps them to the flags NONE and SYNC_WITH_TARGET.
void add_response_expected(Fields& f, giop::ResponseFlags flags) {
  const bool expected = giop::response_expected(flags);
  add_raw(f, "response_expected", expected ? "true (0x01)" : "false (0x00)", expected ? "true" : "false");
}

void add_type_fields(Fields& f, const Message& m) {
  std::visit(
      [&f, &m](const auto& h) {
        using T = std::decay_t<decltype(h)>;
        if constexpr (std::is_same_v<T, giop::RequestHeader>) {
          add(f, "request_id", h.request_id);
          if (m.header.version.minor < 2 && m.header.mode == giop::HeaderMode::standard) {
            add_response_expected(f, h.response_flags);
          } else {
            add_flags(f, h.response_flags);
          }
          add_target(f, h.target);
          add(f, "operation", std::string(h.operation));
          add_contexts(f, h.service_context);
          if (m.header.version.minor < 2 && m.header.mode == giop::HeaderMode::standard) {
            add(f, "requesting_principal_hex", hex(h.requesting_principal));
          }
        } else if constexpr (std::is_same_v<T, giop::ReplyHeader>) {
          add(f, "request_id", h.request_id);
          add(f, "reply_status", std::string(to_string(h.reply_status)));
          add_contexts(f, h.service_context);
        } else if constexpr (std::is_same_v<T, giop::LocateRequestHeader>) {
          add(f, "request_id", h.request_id);
          add_target(f, h.target);
        } else if constexpr (std::is_same_v<T, giop::LocateReplyHeader>) {
          add(f, "request_id", h.request_id);
          add(f, "locate_status", std::string(to_string(h.locate_status)));
        } else if constexpr (std::is_same_v<T, giop::CancelRequestHeader>) {
          add(f, "request_id", h.request_id);
        } else if constexpr (std::is_same_v<T, giop::FragmentHeader>) {
          if (h.request_id) add(f, "request_id", *h.request_id);
        }
      },
      m.body_header);
}

Fields fields_of(const Message& m) {
  Fields f;
  const auto& h = m.header;
  add(f, "version", std::to_string(h.version.major) + "." + std::to_string(h.version.minor));
  add(f, "header_mode", std::string(h.mode == giop::HeaderMode::lite ? "GIOPlite" : "standard"));
  add(f, "byte_order", std::string(h.byte_order == cdr::ByteOrder::little_endian ? "little-endian"
                                                                                 : "big-endian"));
  add_raw(f, "more_fragments", h.more_fragments ? "yes" : "no", h.more_fragments ? "true" : "false");
  add(f, "message_type", std::string(to_string(h.type)));
  add(f, "message_size", h.message_size);
  add_type_fields(f, m);
  add(f, "body_offset", m.body_offset);
  add(f, "body_length", m.body().size());
  return f;
}

}  // namespace

void print_text(std::ostream& out, const Message& message) {
  for (const Field& field : fields_of(message)) out << field.name << ": " << field.text << '\n';
}

void print_json(std::ostream& out, const Message& message) {
  out << '{';
  bool first = true;
  for (const Field& field : fields_of(message)) {
    out << (first ? "" : ",") << json_string(field.name) << ':' << field.json;
    first = false;
  }
  out << "}\n";
}

}  // namespace rtorb::tools
