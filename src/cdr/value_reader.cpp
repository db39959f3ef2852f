// Reading value types: tags, ids, indirections, chunks, truncation, factories.
#include "cdr/value_state.hpp"

#include <rtorb/cdr/value_codec.hpp>
#include <rtorb/corba/raise.hpp>

#include <algorithm>
#include <string>

namespace rtorb::cdr {

ValueDecoding& InputStream::value_decoding() {
  if (!values_) values_ = std::make_shared<ValueDecoding>();
  return *values_;
}

namespace {

[[noreturn]] void bad_indirection(std::size_t at, std::int64_t target, const char* what) {
  raise<CORBA::MARSHAL>(minor::marshal_bad_value_indirection,
                        std::string("indirection at offset ") + std::to_string(at) +
                            " to offset " + std::to_string(target) + " is not " + what);
}

[[noreturn]] void bad_chunk(const std::string& why) {
  raise<CORBA::MARSHAL>(minor::marshal_bad_value_chunk, why);
}

// Reads the long after an indirection tag and returns the absolute position it names,
// which must lie before `tag_at` (the indirection's own tag) and inside the buffer.
std::size_t indirection_target(InputStream& is, std::size_t tag_at) {
  const std::size_t offset_at = is.position();
  const std::int64_t target = static_cast<std::int64_t>(offset_at) + is.read_long();
  if (target < 0 || static_cast<std::size_t>(target) >= tag_at) {
    bad_indirection(offset_at, target, "before it in this message");
  }
  return static_cast<std::size_t>(target);
}

std::string read_repository_id(InputStream& is, ValueDecoding& dec) {
  is.align(4);
  const std::size_t at = is.position();
  if (is.read_ulong() == value_tag_indirection) {
    const auto it = dec.repository_ids.find(indirection_target(is, at));
    if (it == dec.repository_ids.end()) bad_indirection(at, -1, "an earlier repository id");
    return it->second;
  }
  is.seek(at);
  std::string id = is.read_string();
  dec.repository_ids.emplace(at, id);
  return id;
}

std::vector<std::string> read_id_list(InputStream& is, ValueDecoding& dec) {
  is.align(4);
  const std::size_t at = is.position();
  const std::uint32_t count = is.read_ulong();
  if (count == value_tag_indirection) {
    const auto it = dec.id_lists.find(indirection_target(is, at));
    if (it == dec.id_lists.end()) bad_indirection(at, -1, "an earlier repository id list");
    return it->second;
  }
  is.seek(at);
  const std::uint32_t checked = is.read_length(4);  // each id takes at least 4 bytes
  if (checked == 0) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_value_tag, "empty repository id list");
  }
  std::vector<std::string> ids;
  ids.reserve(checked);
  for (std::uint32_t i = 0; i < checked; ++i) ids.push_back(read_repository_id(is, dec));
  dec.id_lists.emplace(at, ids);
  return ids;
}

void skip_codebase(InputStream& is, ValueDecoding& dec) {
  is.align(4);
  const std::size_t at = is.position();
  if (is.read_ulong() == value_tag_indirection) {
    if (!dec.codebases.contains(indirection_target(is, at))) {
      bad_indirection(at, -1, "an earlier codebase URL");
    }
    return;
  }
  is.seek(at);
  dec.codebases.emplace(at, is.read_string());
}

// If a chunk starts here, enters it; otherwise (an end tag, a nested value) reads nothing.
void enter_chunk_if_any(InputStream& is, ValueDecoding& dec) {
  if (dec.pending_end != 0) return;
  is.align(4);
  const std::size_t at = is.position();
  const std::int32_t length = is.read_long();
  if (length <= 0 || static_cast<std::uint32_t>(length) >= value_tag_min) {
    is.seek(at);
    return;
  }
  if (static_cast<std::size_t>(length) > is.remaining()) {
    bad_chunk("chunk of " + std::to_string(length) + " bytes at offset " + std::to_string(at) +
              ", " + std::to_string(is.remaining()) + " remain");
  }
  dec.in_chunk = true;
  dec.chunk_end = is.position() + static_cast<std::size_t>(length);
}

// Leaves the chunk being read when `at` is its end; past it is a state member that
// overran its chunk.
void leave_chunk_at(ValueDecoding& dec, std::size_t at) {
  if (!dec.in_chunk || at < dec.chunk_end) return;
  if (at > dec.chunk_end) {
    bad_chunk("value state runs past the end of its chunk at offset " +
              std::to_string(dec.chunk_end));
  }
  dec.in_chunk = false;
}

// A value read only to be skipped: nested in a truncated value's state, of a type the
// reader need not know (it is chunked, so its end is found without its TypeCode).
class SkippedValue final : public CORBA::ValueBase {
 public:
  _ref_type _copy_value() const override { return CORBA::make_reference<SkippedValue>(); }
  const ValueTypeInfo& rtorb_type() const noexcept override { return info; }
  void rtorb_write_state(OutputStream&) const override {}
  void rtorb_read_state(InputStream&) override {}
  static constexpr ValueTypeInfo info{"IDL:rtorb/SkippedValue:1.0"};
};

CORBA::ValueBase::_ref_type create_skipped() { return CORBA::make_reference<SkippedValue>(); }
CORBA::object_reference<CORBA::ValueFactoryBase> no_lookup(const InputStream&, const std::string&) {
  return nullptr;
}

// The ends of nested values and chunks until this value's end tag (or until a nested
// value's end tag that also ended this one).
void skip_to_end_tag(InputStream& is, ValueDecoding& dec) {
  for (;;) {
    if (dec.pending_end != 0) {
      if (dec.pending_end == dec.chunk_level) dec.pending_end = 0;
      return;
    }
    if (dec.in_chunk) {
      if (is.position() > dec.chunk_end) leave_chunk_at(dec, is.position());
      is.skip(dec.chunk_end - is.position());
      dec.in_chunk = false;
    }
    is.align(4);
    const std::size_t at = is.position();
    const std::int32_t tag = is.read_long();
    // Between chunks a negative long is an end tag, -1 included: it only means an
    // indirection where a value is expected (inside a chunk, or outside chunked state).
    if (tag < 0) {
      const auto level = static_cast<std::uint32_t>(-static_cast<std::int64_t>(tag));
      if (level > dec.chunk_level) {
        bad_chunk("end tag " + std::to_string(tag) + " at offset " + std::to_string(at) +
                  " inside a value nested " + std::to_string(dec.chunk_level) + " deep");
      }
      if (level < dec.chunk_level) dec.pending_end = level;
      return;
    }
    is.seek(at);
    if (tag > 0 && static_cast<std::uint32_t>(tag) < value_tag_min) {
      enter_chunk_if_any(is, dec);
    } else {
      static constexpr ValueTypeInfo any_type{""};  // "": whatever the wire names
      (void)read_value(is, any_type, &create_skipped, &no_lookup);
    }
  }
}

}  // namespace

ValueHeader read_value_header(InputStream& is) {
  ValueDecoding& dec = is.value_decoding();
  is.align(4);
  ValueHeader header;
  header.position = is.position();
  leave_chunk_at(dec, header.position);
  const std::uint32_t tag = is.read_ulong();
  if (tag == value_tag_null) return header;
  if (tag == value_tag_indirection) {
    header.kind = ValueHeader::Kind::indirection;
    header.target = indirection_target(is, header.position);
    return header;
  }
  if (tag < value_tag_min || (tag & value_tag_type_mask) == 0x04) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_value_tag,
                          "value tag " + std::to_string(tag) + " at offset " +
                              std::to_string(header.position));
  }
  header.kind = ValueHeader::Kind::value;
  header.chunked = (tag & value_tag_chunked) != 0;
  if (dec.chunk_level > 0 && !header.chunked) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_value_tag,
                          "value at offset " + std::to_string(header.position) +
                              " is not chunked inside a chunked value");
  }
  if ((tag & value_tag_codebase) != 0) skip_codebase(is, dec);
  if ((tag & value_tag_type_mask) == value_tag_id_list) {
    header.ids = read_id_list(is, dec);
  } else if ((tag & value_tag_type_mask) == value_tag_single_id) {
    header.ids.push_back(read_repository_id(is, dec));
  }
  return header;
}

void begin_value_state(InputStream& is, bool chunked) {
  ValueDecoding& dec = is.value_decoding();
  if (++dec.depth > is.limits().max_value_depth) {
    raise<CORBA::MARSHAL>(minor::marshal_nesting_too_deep,
                          "values nested deeper than " +
                              std::to_string(is.limits().max_value_depth));
  }
  if (!chunked) return;
  ++dec.chunk_level;
  dec.in_chunk = false;
  enter_chunk_if_any(is, dec);
}

void end_value_state(InputStream& is, bool chunked) {
  ValueDecoding& dec = is.value_decoding();
  --dec.depth;
  if (!chunked) return;
  skip_to_end_tag(is, dec);
  dec.in_chunk = false;
  --dec.chunk_level;
  if (dec.chunk_level > 0) enter_chunk_if_any(is, dec);  // the enclosing state goes on
}

void value_member_boundary(InputStream& is) {
  ValueDecoding& dec = is.value_decoding();
  if (dec.chunk_level == 0) return;
  if (dec.in_chunk) {
    if (is.position() < dec.chunk_end) return;
    leave_chunk_at(dec, is.position());
  }
  enter_chunk_if_any(is, dec);
}

namespace {

CORBA::ValueBase::_ref_type read_value_in(InputStream& is, ValueDecoding& dec,
                                          const ValueTypeInfo& formal,
                                          CORBA::ValueBase::_ref_type (*create_formal)(),
                                          ValueFactoryLookup lookup) {
  const ValueHeader header = read_value_header(is);
  if (header.kind == ValueHeader::Kind::null) return nullptr;
  if (header.kind == ValueHeader::Kind::indirection) {
    const auto it = dec.values.find(header.target);
    if (it == dec.values.end()) {
      bad_indirection(header.position, static_cast<std::int64_t>(header.target),
                      "the start of an earlier value");
    }
    if (dec.open.contains(header.target)) {
      if (std::find(dec.custom_open.begin(), dec.custom_open.end(), header.target) != dec.custom_open.end()) {
        bad_indirection(header.position, static_cast<std::int64_t>(header.target),
                        "a value read to the end: it is a custom value still unmarshaling (a cycle)");
      }
      dec.has_cycle = true;
    }
    return it->second;
  }
  CORBA::ValueBase::_ref_type value;
  for (const std::string& id : header.ids) {
    if (auto factory = lookup(is, id)) {
      value = factory->create_for_unmarshal();
    } else if (create_formal != nullptr &&
               (id == formal.repository_id || *formal.repository_id == '\0')) {
      value = create_formal();
    }
    if (value) break;
    if (!header.chunked) break;  // only a chunked value can be truncated
  }
  if (!value && header.ids.empty() && create_formal != nullptr) value = create_formal();
  if (!value) {
    raise<CORBA::MARSHAL>(minor::marshal_no_value_factory,
                          "no value factory for " +
                              (header.ids.empty() ? std::string(formal.repository_id)
                                                  : header.ids.front()) +
                              (header.ids.size() > 1 ? " nor its truncatable bases" : ""));
  }
  dec.values.emplace(header.position, value);  // before the state: cycles point back here
  const bool custom = value->rtorb_type().custom;
  if (custom) dec.custom_open.push_back(header.position);
  dec.open.insert(header.position);
  begin_value_state(is, header.chunked);
  value->rtorb_read_state(is);
  end_value_state(is, header.chunked);
  dec.open.erase(header.position);
  if (custom) dec.custom_open.pop_back();
  return value;
}

}  // namespace

CORBA::ValueBase::_ref_type read_value(InputStream& is, const ValueTypeInfo& formal,
                                       CORBA::ValueBase::_ref_type (*create_formal)(),
                                       ValueFactoryLookup lookup) {
  ValueDecoding& dec = is.value_decoding();
  if (dec.depth > 0) return read_value_in(is, dec, formal, create_formal, lookup);
  try {
    return read_value_in(is, dec, formal, create_formal, lookup);
  } catch (...) {
    // The values made so far may point at each other (an indirection back to a value still
    // being read): drop those references, or counting never frees them.
    for (auto& [position, value] : dec.values) value->rtorb_release_values();
    dec.values.clear();
    dec.depth = 0;
    dec.chunk_level = 0;
    dec.in_chunk = false;
    dec.pending_end = 0;
    dec.custom_open.clear();
    dec.open.clear();
    dec.has_cycle = false;
    throw;
  }
}

}  // namespace rtorb::cdr
