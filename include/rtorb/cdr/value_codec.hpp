// Value types on the wire (CORBA 3.x, 9.3.4): value tags, repository ids and codebases,
// indirections, chunking and truncation. docs/cdr.md, "Value types", has the rules and why.
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>
#include <rtorb/base/value_base.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rtorb::cdr {

// The value tag layout (9.3.4.1).
inline constexpr std::uint32_t value_tag_null = 0;
inline constexpr std::uint32_t value_tag_indirection = 0xffffffff;
inline constexpr std::uint32_t value_tag_min = 0x7fffff00;
inline constexpr std::uint32_t value_tag_codebase = 0x01;
inline constexpr std::uint32_t value_tag_type_mask = 0x06;
inline constexpr std::uint32_t value_tag_single_id = 0x02;
inline constexpr std::uint32_t value_tag_id_list = 0x06;
inline constexpr std::uint32_t value_tag_chunked = 0x08;

// ValueFactoryLookup (input_stream.hpp): how a reader finds the ORB's value factories.

// --- whole values ------------------------------------------------------------------------
// Writes `value` (null allowed): an indirection when the same object was written before in
// this stream (outside any encapsulation opened since), otherwise its tag, repository id (a
// list of ids when it is truncatable, chunked then) and its state.
void write_value(OutputStream& os, const CORBA::ValueBase* value);

// Reads a value whose formal type is `formal`. The factory is the first of the wire's
// repository ids that `lookup` knows, or `create_formal` when the id is the formal type's
// own (or the wire names none); a truncatable value may so become one of its bases, the
// rest of its state skipped. Raises MARSHAL: marshal_bad_value_tag,
// marshal_bad_value_indirection (forward, outside the message, not a value start),
// marshal_bad_value_chunk, marshal_no_value_factory, marshal_nesting_too_deep
// (limits().max_value_depth), marshal_truncated.
CORBA::ValueBase::_ref_type read_value(InputStream& is, const ValueTypeInfo& formal,
                                       CORBA::ValueBase::_ref_type (*create_formal)(),
                                       ValueFactoryLookup lookup);

// Generated rtorb_read_state calls this before each state member: a chunked value's state
// may continue in a new chunk there (after a nested value, or where the writer split it).
void value_member_boundary(InputStream& is);

// --- the pieces, for TypeCode-driven walks (anys) ------------------------------------------
struct ValueHeader {
  enum class Kind { null, indirection, value } kind = Kind::null;
  std::size_t position = 0;  // of the tag
  std::size_t target = 0;    // indirection: the earlier tag's position (checked to be before)
  std::vector<std::string> ids;  // value: most derived first; empty when the wire names none
  bool chunked = false;
};
// Reads a tag and what follows it up to the state; records ids and codebases for later
// indirections. Does not check indirection targets against the values read (the caller
// knows which are).
ValueHeader read_value_header(InputStream& is);
// Around the state of a value whose header said `chunked`.
void begin_value_state(InputStream& is, bool chunked);
void end_value_state(InputStream& is, bool chunked);

// Writes a tag (chunked also when an enclosing value is), `ids` (a list when more than one)
// and opens the first chunk; end_value_write closes the value. write_value is these two
// around rtorb_write_state.
void begin_value_write(OutputStream& os, const std::vector<std::string>& ids, bool chunked);
void end_value_write(OutputStream& os);
// An indirection to the tag written at `target`.
void write_value_indirection(OutputStream& os, std::size_t target);
// Ends the open chunk (if any) before a value tag; the tag's position is returned.
std::size_t value_tag_position(OutputStream& os);

}  // namespace rtorb::cdr
