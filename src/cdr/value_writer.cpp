// Writing value types: tags, repository ids with indirections, chunks and end tags.
#include "cdr/value_state.hpp"

#include <rtorb/cdr/value_codec.hpp>

namespace rtorb::cdr {

ValueEncoding& OutputStream::value_encoding() {
  if (!values_) values_ = std::make_shared<ValueEncoding>();
  return *values_;
}

namespace {

std::size_t base_of(const OutputStream& os) { return os.position() - os.alignment_offset(); }

void open_chunk(OutputStream& os, ValueEncoding& enc) {
  enc.chunk_length = os.reserve_ulong();
  enc.chunk_start = os.position();
  enc.chunk_open = true;
}

// A chunk holds at least one byte (9.3.4.6: the length is positive), so an empty one is
// taken back; reserve_ulong leaves its slot in the current segment, where truncate works.
void close_chunk(OutputStream& os, ValueEncoding& enc) {
  if (!enc.chunk_open) return;
  enc.chunk_open = false;
  const std::size_t length = os.position() - enc.chunk_start;
  if (length == 0 && os.truncate(enc.chunk_start - 4)) return;
  OutputStream::patch_ulong(enc.chunk_length, static_cast<std::uint32_t>(length));
}

// An id already written at this encapsulation level becomes an indirection to it.
void write_repository_id(OutputStream& os, ValueEncoding& enc, const std::string& id) {
  os.align(4);
  const auto it = enc.repository_ids.find(id);
  if (it != enc.repository_ids.end() && it->second.alignment_base == base_of(os)) {
    write_value_indirection(os, it->second.position);
    return;
  }
  enc.repository_ids[id] = {os.position(), base_of(os)};
  os.write_string(id);
}

// The most derived id first, then each base it may be truncated to.
std::vector<std::string> truncatable_ids(const ValueTypeInfo& type) {
  std::vector<std::string> ids{type.repository_id};
  for (const ValueTypeInfo* t = &type; t->truncatable && t->base != nullptr; t = t->base) {
    ids.emplace_back(t->base->repository_id);
  }
  return ids;
}

}  // namespace

void write_value_indirection(OutputStream& os, std::size_t target) {
  os.write_ulong(value_tag_indirection);
  os.align(4);
  const auto offset = static_cast<std::int64_t>(target) - static_cast<std::int64_t>(os.position());
  os.write_long(static_cast<std::int32_t>(offset));
}

std::size_t value_tag_position(OutputStream& os) {
  close_chunk(os, os.value_encoding());
  os.align(4);
  return os.position();
}

void begin_value_write(OutputStream& os, const std::vector<std::string>& ids, bool chunked) {
  ValueEncoding& enc = os.value_encoding();
  chunked = chunked || enc.chunk_level > 0;  // inside a chunked value, every value is chunked
  close_chunk(os, enc);
  std::uint32_t tag = value_tag_min | (chunked ? value_tag_chunked : 0);
  if (ids.size() > 1) {
    tag |= value_tag_id_list;
  } else if (ids.size() == 1) {
    tag |= value_tag_single_id;
  }
  os.write_ulong(tag);
  if (ids.size() > 1) os.write_long(static_cast<std::int32_t>(ids.size()));
  for (const std::string& id : ids) write_repository_id(os, enc, id);
  if (chunked) {
    ++enc.chunk_level;
    open_chunk(os, enc);
  }
}

void end_value_write(OutputStream& os) {
  ValueEncoding& enc = os.value_encoding();
  if (enc.chunk_level == 0) return;
  close_chunk(os, enc);
  os.write_long(-static_cast<std::int32_t>(enc.chunk_level));
  --enc.chunk_level;
  if (enc.chunk_level > 0) open_chunk(os, enc);  // the enclosing value's state goes on
}

void write_value(OutputStream& os, const CORBA::ValueBase* value) {
  if (value == nullptr) {
    os.write_long(static_cast<std::int32_t>(value_tag_null));
    return;
  }
  ValueEncoding& enc = os.value_encoding();
  if (enc.children != nullptr) {  // the cycle collector listing a state's references
    enc.children->push_back(value);
    os.write_long(static_cast<std::int32_t>(value_tag_null));
    return;
  }
  os.align(4);
  const auto seen = enc.values.find(value);
  if (seen != enc.values.end() && seen->second.alignment_base == base_of(os)) {
    write_value_indirection(os, seen->second.position);
    return;
  }
  const std::vector<std::string> ids = truncatable_ids(value->rtorb_type());
  const std::size_t at = value_tag_position(os);
  enc.values[value] = {at, base_of(os)};
  // Custom values are always chunked (9.3.4.7): a receiver without their factory skips them.
  begin_value_write(os, ids, ids.size() > 1 || value->rtorb_type().custom);
  value->rtorb_write_state(os);
  end_value_write(os);
}

}  // namespace rtorb::cdr
