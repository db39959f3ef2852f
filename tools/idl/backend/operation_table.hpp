// The perfect hash a skeleton looks its operations up with (hash and displace): every name
// gets a 64-bit hash h (of its length and first and last 8 bytes if those tell the names
// apart, else of those and every 8 bytes between them); the high bits of h pick a bucket, whose displacement d places
// the name at a slot computed from h ^ d. The compiler searches seed and displacements so
// that no two names share a slot; at run time one lookup is a hash, two multiplications, two
// table reads and one string comparison. The run-time half is include/rtorb/idl/dispatch.hpp;
// these functions must stay identical to it (a test checks).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rtorb::idl::backend {

// Which hash a table was built for; the generated code calls the matching lookup.
enum class OperationHash { ends, bytes };

struct OperationTable {
  OperationHash hash = OperationHash::ends;
  std::uint32_t seed = 0;
  std::vector<std::uint16_t> displacement;  // size: a power of two
  std::vector<std::string> slots;           // size: a power of two; "" marks a free slot
};

// The hash of a name's length and first and last (up to) 8 bytes; `name` is non-empty.
std::uint64_t operation_hash_of_ends(std::string_view name, std::uint32_t seed);
// The hash of ends with every 8 bytes between them folded in; `name` is non-empty.
std::uint64_t operation_hash_of_bytes(std::string_view name, std::uint32_t seed);
// The slot a hash lands in, given its bucket's displacement table.
std::size_t operation_place(std::uint64_t h, const std::vector<std::uint16_t>& displacement,
                            std::size_t slot_count);

// A table for `names` (distinct, non-empty) with the given hash, or nothing when that hash
// cannot tell the names apart.
std::optional<OperationTable> try_build_operation_table(const std::vector<std::string>& names,
                                                        OperationHash hash);

// A table holding each of `names` (distinct, non-empty) in its own slot: the hash of ends
// when it separates them, else the hash of every byte.
OperationTable build_operation_table(const std::vector<std::string>& names);

// Where `name` is in `table`, or -1: what the generated skeleton computes.
int find_operation(const OperationTable& table, std::string_view name);

}  // namespace rtorb::idl::backend
