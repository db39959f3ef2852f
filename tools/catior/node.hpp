// A small ordered document tree: what rtorb-catior builds from a reference and then prints
// either as indented text or as JSON.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace rtorb::catior {

struct Member;

struct Node {
  using Array = std::vector<Node>;
  using Object = std::vector<Member>;  // keeps insertion order
  std::variant<std::string, std::int64_t, bool, Array, Object> value;

  // Defined below Member: each constructor needs the complete variant (clang insists).
  Node();
  Node(std::string s);
  Node(const char* s);
  Node(std::int64_t n);
  Node(bool b);
  Node(Array a);

  // Appends a member to an object node.
  Node& add(std::string key, Node child);
};

struct Member {
  std::string key;
  Node value;
};

inline Node::Node() : value(Object{}) {}
inline Node::Node(std::string s) : value(std::move(s)) {}
inline Node::Node(const char* s) : value(std::string(s)) {}
inline Node::Node(std::int64_t n) : value(n) {}
inline Node::Node(bool b) : value(b) {}
inline Node::Node(Array a) : value(std::move(a)) {}

inline Node& Node::add(std::string key, Node child) {
  auto& object = std::get<Object>(value);
  object.push_back(Member{std::move(key), std::move(child)});
  return object.back().value;
}

std::string to_json(const Node& node);  // one line, ends without a newline
std::string to_text(const Node& node);  // "key: value" lines, nested blocks indented

}  // namespace rtorb::catior
