// JSON rendering of a Node. Strings are treated as ISO-8859-1 (rtorb's native char set), so
// every byte above 0x7f becomes the code point of the same value and the output is ASCII.
#include "node.hpp"

namespace rtorb::catior {
namespace {

void write_string(std::string& out, const std::string& s) {
  static constexpr char hex[] = "0123456789abcdef";
  out += '"';
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (u < 0x20 || u >= 0x7f) {
      out += "\\u00";
      out += hex[u >> 4];
      out += hex[u & 0xf];
    } else {
      out += c;
    }
  }
  out += '"';
}

void write_node(std::string& out, const Node& node);

void write_array(std::string& out, const Node::Array& array) {
  out += '[';
  for (std::size_t i = 0; i < array.size(); ++i) {
    if (i != 0) out += ',';
    write_node(out, array[i]);
  }
  out += ']';
}

void write_object(std::string& out, const Node::Object& object) {
  out += '{';
  for (std::size_t i = 0; i < object.size(); ++i) {
    if (i != 0) out += ',';
    write_string(out, object[i].key);
    out += ':';
    write_node(out, object[i].value);
  }
  out += '}';
}

void write_node(std::string& out, const Node& node) {
  if (const auto* s = std::get_if<std::string>(&node.value)) return write_string(out, *s);
  if (const auto* n = std::get_if<std::int64_t>(&node.value)) {
    out += std::to_string(*n);
    return;
  }
  if (const auto* b = std::get_if<bool>(&node.value)) {
    out += *b ? "true" : "false";
    return;
  }
  if (const auto* a = std::get_if<Node::Array>(&node.value)) return write_array(out, *a);
  write_object(out, std::get<Node::Object>(node.value));
}

}  // namespace

std::string to_json(const Node& node) {
  std::string out;
  write_node(out, node);
  return out;
}

}  // namespace rtorb::catior
