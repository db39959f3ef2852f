// Freeing cyclic value graphs that arrived in a message and that nothing holds any more
// (value_state.hpp, collect_value_cycles; docs/cdr.md "Failure and cycles").
//
// Trial deletion over the values the message made: a value's count of references, less the
// decoding's own and those from the message's other values, is what holds it from outside.
// Values held from outside, and every value they reach, live; the rest are garbage that only
// cycles keep, and dropping their state's references frees them.
#include "cdr/value_state.hpp"

#include <rtorb/cdr/value_codec.hpp>

#include <unordered_map>
#include <vector>

namespace rtorb::cdr {
namespace {

// The values `value`'s state refers to directly: its state written to a scratch stream that
// records nested values instead of writing them.
std::vector<const CORBA::ValueBase*> children_of(const CORBA::ValueBase& value) {
  std::vector<const CORBA::ValueBase*> children;
  OutputStream scratch;
  scratch.value_encoding().children = &children;
  value.rtorb_write_state(scratch);
  return children;
}

}  // namespace

void collect_value_cycles(ValueDecoding& dec) noexcept {
  if (!dec.has_cycle) return;
  try {
    struct Node {
      CORBA::ValueBase* value;
      long inside = 0;  // references from the message's other values
      std::vector<const CORBA::ValueBase*> children;
      bool live = false;
    };
    std::unordered_map<const CORBA::ValueBase*, Node> nodes;
    for (auto& [position, ref] : dec.values) nodes.emplace(ref.shared().get(), Node{ref.shared().get(), 0, {}, false});
    for (auto& [ptr, node] : nodes) {
      try {
        node.children = children_of(*node.value);
      } catch (...) {
        node.live = true;  // a state that cannot be listed is left alone, and what it reaches
      }
      for (const CORBA::ValueBase* child : node.children) {
        const auto it = nodes.find(child);
        if (it != nodes.end()) ++it->second.inside;
      }
    }
    std::vector<Node*> work;
    for (auto& [position, ref] : dec.values) {
      Node& node = nodes.at(ref.shared().get());
      // One reference is the decoding's own (each value is in `values` once).
      if (node.live || ref.shared().use_count() - 1 > node.inside) {
        node.live = true;
        work.push_back(&node);
      }
    }
    while (!work.empty()) {
      Node* node = work.back();
      work.pop_back();
      for (const CORBA::ValueBase* child : node->children) {
        const auto it = nodes.find(child);
        if (it == nodes.end() || it->second.live) continue;
        it->second.live = true;
        work.push_back(&it->second);
      }
    }
    for (auto& [ptr, node] : nodes) {
      if (!node.live) node.value->rtorb_release_values();
    }
  } catch (...) {
    // Out of memory while collecting: the cycles stay, as they would without the collector.
  }
}

ValueDecoding::~ValueDecoding() { collect_value_cycles(*this); }

}  // namespace rtorb::cdr
