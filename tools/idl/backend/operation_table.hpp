// The perfect hash a skeleton looks its operations up with (hash and displace): every name
// gets h = FNV-1a(name, seed); mix(h) picks a bucket, whose displacement d places the name
// at slot mix(h ^ d) of the name table. The compiler searches seed and displacements so
// that no two names share a slot; at run time one lookup is two hashes, two table reads
// and one string comparison. The run-time half is include/rtorb/idl/dispatch.hpp; these
// functions must stay identical to it (a test checks).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rtorb::idl::backend {

struct OperationTable {
  std::uint32_t seed = 0;
  std::vector<std::uint32_t> displacement;  // size: a power of two
  std::vector<std::string> slots;           // size: a power of two; "" marks a free slot
};

std::uint32_t operation_hash(std::string_view name, std::uint32_t seed);
std::uint32_t operation_mix(std::uint32_t h);

// A table holding each of `names` (distinct, non-empty) in its own slot.
OperationTable build_operation_table(const std::vector<std::string>& names);

// Where `name` is in `table`, or -1: what the generated skeleton computes.
int find_operation(const OperationTable& table, std::string_view name);

}  // namespace rtorb::idl::backend
