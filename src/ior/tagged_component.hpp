// IOP::TaggedComponent in its wire form: a tag and opaque data. Components are stored this
// way so that every component, known or not, re-encodes byte for byte; decode_component()
// (component.hpp) interprets the known ones on demand.
#pragma once

#include "ior/tags.hpp"

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>

#include <cstdint>
#include <vector>

namespace rtorb::ior {

struct TaggedComponent {
  ComponentId tag = 0;
  std::vector<std::uint8_t> data;
  friend bool operator==(const TaggedComponent&, const TaggedComponent&) = default;
};

using TaggedComponentSeq = std::vector<TaggedComponent>;

// IOP::TaggedComponentSeq / IOP::MultipleComponentProfile. read_components raises MARSHAL
// (marshal_length_too_large, marshal_truncated) when a count or length exceeds the data.
void write_components(cdr::OutputStream& os, const TaggedComponentSeq& components);
TaggedComponentSeq read_components(cdr::InputStream& is);

// The first component with `tag`, or null.
const TaggedComponent* find_component(const TaggedComponentSeq& components, ComponentId tag);

}  // namespace rtorb::ior
