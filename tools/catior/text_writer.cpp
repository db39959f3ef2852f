// Indented text rendering of a Node: scalars on the key's line, objects as indented blocks,
// arrays as "- " items. Control characters in strings are escaped so that one value never
// spans lines.
#include "node.hpp"

namespace rtorb::catior {
namespace {

std::string scalar_text(const Node& node) {
  if (const auto* n = std::get_if<std::int64_t>(&node.value)) return std::to_string(*n);
  if (const auto* b = std::get_if<bool>(&node.value)) return *b ? "yes" : "no";
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  for (char c : std::get<std::string>(node.value)) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 0xf];
    } else {
      out += c;
    }
  }
  return out;
}

bool is_scalar(const Node& node) {
  return !std::holds_alternative<Node::Array>(node.value) &&
         !std::holds_alternative<Node::Object>(node.value);
}

void write_block(std::string& out, const Node& node, const std::string& indent);

void write_member(std::string& out, const Member& m, const std::string& indent) {
  out += indent + m.key + ":";
  if (is_scalar(m.value)) {
    out += " " + scalar_text(m.value) + "\n";
    return;
  }
  const auto* array = std::get_if<Node::Array>(&m.value.value);
  if (array != nullptr && array->empty()) {
    out += " (none)\n";
    return;
  }
  out += "\n";
  write_block(out, m.value, indent + "  ");
}

void write_block(std::string& out, const Node& node, const std::string& indent) {
  if (const auto* array = std::get_if<Node::Array>(&node.value)) {
    for (const Node& item : *array) {
      if (is_scalar(item)) {
        out += indent + "- " + scalar_text(item) + "\n";
        continue;
      }
      // The first line of an item's block carries the "- " marker.
      std::string block;
      write_block(block, item, indent + "  ");
      if (block.empty()) {
        out += indent + "- (empty)\n";
        continue;
      }
      block.replace(indent.size(), 2, "- ");
      out += block;
    }
    return;
  }
  for (const Member& m : std::get<Node::Object>(node.value)) write_member(out, m, indent);
}

}  // namespace

std::string to_text(const Node& node) {
  std::string out;
  write_block(out, node, "");
  return out;
}

}  // namespace rtorb::catior
