// What a stream remembers of the value types it has written or read (value_codec.hpp).
#pragma once

#include <rtorb/cdr/output_stream.hpp>
#include <rtorb/corba/value_base.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace rtorb::cdr {

struct ValueEncoding {
  // A position is usable as an indirection target only from the same encapsulation level.
  struct Written {
    std::size_t position;
    std::size_t alignment_base;
  };
  std::unordered_map<const CORBA::ValueBase*, Written> values;
  std::unordered_map<std::string, Written> repository_ids;
  // Chunking: how many chunked values are being written, and the chunk open now.
  std::uint32_t chunk_level = 0;
  bool chunk_open = false;
  OutputStream::UlongSlot chunk_length = {};
  std::size_t chunk_start = 0;  // first byte after the length
  // Set while the cycle collector lists a value's children: write_value then records each
  // value the state refers to here instead of writing it.
  std::vector<const CORBA::ValueBase*>* children = nullptr;
};

struct ValueDecoding {
  ValueDecoding() = default;
  ValueDecoding(const ValueDecoding&) = delete;
  ValueDecoding& operator=(const ValueDecoding&) = delete;
  // Frees the cyclic garbage among the values read (see collect_value_cycles).
  ~ValueDecoding();

  std::unordered_map<std::size_t, CORBA::ValueBase::_ref_type> values;  // by tag position
  std::unordered_map<std::size_t, std::string> repository_ids;          // by length position
  std::unordered_map<std::size_t, std::vector<std::string>> id_lists;   // by count position
  std::unordered_map<std::size_t, std::string> codebases;
  std::uint32_t depth = 0;        // values being read, nested
  std::uint32_t chunk_level = 0;  // chunked values being read, nested
  bool in_chunk = false;
  std::size_t chunk_end = 0;
  // An end tag that closed the value being read and the enclosing ones down to this level
  // (9.3.4.6 allows one end tag for several); 0 when none is pending.
  std::uint32_t pending_end = 0;
  // The tag positions of custom values whose unmarshal is running: an indirection to one
  // would hand its unmarshal a value it has not finished reading (a cycle through it).
  std::vector<std::size_t> custom_open;
  // The tag positions of the values being read, and whether an indirection pointed at one
  // (a cycle: the values of this message may keep each other alive).
  std::unordered_set<std::size_t> open;
  bool has_cycle = false;
};

// When the message's values are no longer read (the stream and its copies are gone): the
// values read that nothing outside them refers to, and that only cycles among them keep
// alive, have their references to other values dropped, so counting frees them. A value
// something else holds (a result, what a servant kept) keeps everything it reaches. Runs
// only for a message that had a cycle; never throws.
void collect_value_cycles(ValueDecoding& dec) noexcept;

}  // namespace rtorb::cdr
