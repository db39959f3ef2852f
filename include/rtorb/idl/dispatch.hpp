// The operation lookup of generated skeletons: a perfect hash that rtorb-idl computes per
// interface over its operations and those of all its bases (hash and displace), so a
// request's operation name is found with two hashes and one string comparison.
// rtorb-idl (tools/idl/backend/operation_table.cpp) computes the same functions; a test
// checks that they agree.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace rtorb::detail {

// FNV-1a over the name, starting from the offset basis xor `seed`.
constexpr std::uint32_t operation_hash(std::string_view name, std::uint32_t seed) noexcept {
  std::uint32_t h = 2166136261u ^ seed;
  for (const char c : name) {
    h ^= static_cast<std::uint8_t>(c);
    h *= 16777619u;
  }
  return h;
}

// MurmurHash3's finaliser: spreads every input bit over the low bits the tables use.
constexpr std::uint32_t operation_mix(std::uint32_t h) noexcept {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

// The slot of `operation` in `names` (both table sizes are powers of two), or -1 when the
// interface has no such operation.
constexpr int operation_slot(std::string_view operation, std::uint32_t seed,
                             std::span<const std::uint32_t> displacement,
                             std::span<const std::string_view> names) noexcept {
  const std::uint32_t h = operation_hash(operation, seed);
  const std::uint32_t d = displacement[operation_mix(h) & (displacement.size() - 1)];
  const std::size_t slot = operation_mix(h ^ d) & (names.size() - 1);
  return names[slot] == operation ? static_cast<int>(slot) : -1;
}

}  // namespace rtorb::detail
