// The operation lookup of generated skeletons: a perfect hash (hash and displace) that
// rtorb-idl computes per interface over its operations and those of all its bases, so a
// request's operation name is found in constant time with one final string comparison.
// rtorb-idl (tools/idl/backend/operation_table.cpp) computes the same functions; a test
// checks that they agree.
//
// Two hashes, and the generated code names the one its table was built for:
// - operation_slot_by_ends hashes the length and the first and last (up to) 8 bytes: two
//   loads and two multiplications, whatever the length. rtorb-idl uses it whenever these
//   separate the interface's names (278 of the 288 interfaces in omniORB's IDL files).
// - operation_slot_by_bytes also folds in every 8 bytes between the ends, one
//   multiplication each, so it tells names of one length apart; rtorb-idl falls back to it
//   when two names share length, first and last 8 bytes (push/pull pairs such as
//   obtain_push_supplier and obtain_pull_supplier).
// Names come from the network: any length, any bytes, including none. Every read stays
// within the name, and every name that is not an operation gives -1.
//
// Bytes are assembled into words explicitly (little-endian order), so the results do not
// depend on the machine rtorb-idl or the server runs on; GCC 12 turns each assembly into
// one load on x86-64.
//
// The lookup is forced inline into each rtorb_dispatch: GCC otherwise calls it out of line,
// and only inline can it fold a one-operation table to a single comparison and keep the
// table addresses and sizes constant.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace rtorb::detail {

constexpr std::uint64_t operation_byte(char c) noexcept { return static_cast<std::uint8_t>(c); }

constexpr std::uint64_t operation_word32(const char* p) noexcept {
  return operation_byte(p[0]) | operation_byte(p[1]) << 8 | operation_byte(p[2]) << 16 |
         operation_byte(p[3]) << 24;
}

constexpr std::uint64_t operation_word64(const char* p) noexcept {
  return operation_word32(p) | operation_word32(p + 4) << 32;
}

// The first and last bytes of a non-empty name: for up to 16 bytes they are all of it.
struct OperationEnds {
  std::uint64_t head;
  std::uint64_t tail;
};

[[gnu::always_inline]] constexpr OperationEnds operation_ends(std::string_view name) noexcept {
  const char* p = name.data();
  const std::size_t n = name.size();
  if (n >= 8) return {operation_word64(p), operation_word64(p + n - 8)};
  if (n >= 4) return {operation_word32(p), operation_word32(p + n - 4)};
  return {operation_byte(p[0]) | operation_byte(p[n / 2]) << 8 | operation_byte(p[n - 1]) << 16,
          0};
}

// Two independent multiplications: their high bits, which operation_place uses, depend on
// every bit of the ends, the length and the seed.
[[gnu::always_inline]] constexpr std::uint64_t operation_hash_of_ends(OperationEnds ends, std::size_t size,
                                               std::uint32_t seed) noexcept {
  return ((ends.head ^ seed) * 0x9e3779b97f4a7c15u) ^ ((ends.tail + size) * 0xc2b2ae3d27d4eb4fu);
}

// The hash of ends with every 8 bytes between them folded in, each step a bijection of
// the running value, so names of one length with equal ends always hash apart. Up to 16
// bytes it equals the hash of ends.
[[gnu::always_inline]] constexpr std::uint64_t operation_hash_of_bytes(
    OperationEnds ends, std::string_view name, std::uint32_t seed) noexcept {
  std::uint64_t h = (ends.head ^ seed) * 0x9e3779b97f4a7c15u;
  for (std::size_t i = 8; i + 8 < name.size(); i += 8)
    h = (h ^ operation_word64(name.data() + i)) * 0x9e3779b97f4a7c15u;
  return h ^ ((ends.tail + name.size()) * 0xc2b2ae3d27d4eb4fu);
}

// The top `bits` (0 to 32) of `x`: two shifts so that 0 bits needs no shift by 64 (which
// is undefined); with a constant count the compiler emits one.
[[gnu::always_inline]] constexpr std::uint64_t operation_top_bits(std::uint64_t x,
                                                                  int bits) noexcept {
  return (x >> 32) >> (32 - bits);
}

// Where a hash lands: its top bits pick a bucket, whose displacement moves it to a slot.
// Both tables have a power-of-two size; shifts, not scaling or masking, keep the chain from
// name to slot short (it decides how long a mispredicted jump to a skeleton costs), and a
// table of one folds to the constant 0.
[[gnu::always_inline]] constexpr std::size_t operation_place(
    std::uint64_t h, std::span<const std::uint16_t> displacement,
    std::size_t slot_count) noexcept {
  const std::uint64_t bucket = operation_top_bits(h, std::countr_zero(displacement.size()));
  const std::uint64_t moved = (h ^ displacement[bucket]) * 0x165667b19e3779f9u;
  return static_cast<std::size_t>(operation_top_bits(moved, std::countr_zero(slot_count)));
}

// Equality of names of the same non-zero length whose ends are known to be equal: only
// the bytes between the first and last 8 are left to compare.
[[gnu::always_inline]] constexpr bool operation_middles_equal(const char* a, const char* b, std::size_t n) noexcept {
  for (std::size_t i = 8; i + 8 < n; i += 8) {
    if (operation_word64(a + i) != operation_word64(b + i)) return false;
  }
  return true;
}

// `slot` if `operation` (non-empty) is the name there, else -1. Free slots hold "", which
// no non-empty name matches.
[[gnu::always_inline]] constexpr int operation_match(std::string_view operation,
                                                     std::size_t slot,
                                                     std::span<const std::string_view> names) noexcept {
  const std::string_view candidate = names[slot];
  const std::size_t n = operation.size();
  if (candidate.size() != n) return -1;
  // The ends again rather than the caller's: the same loads, which the compiler merges, but
  // after the length check, so that with a constant candidate it knows the length too.
  const OperationEnds expected = operation_ends(candidate);
  const OperationEnds received = operation_ends(operation);
  if (expected.head != received.head || expected.tail != received.tail) return -1;
  return operation_middles_equal(candidate.data(), operation.data(), n) ? static_cast<int>(slot)
                                                                        : -1;
}

// The slot of `operation` in `names` for a table built for the hash of ends, or -1. Both
// spans have power-of-two sizes.
[[gnu::always_inline]] constexpr int operation_slot_by_ends(
    std::string_view operation, std::uint32_t seed, std::span<const std::uint16_t> displacement,
    std::span<const std::string_view> names) noexcept {
  if (operation.empty()) return -1;
  const OperationEnds ends = operation_ends(operation);
  return operation_match(
      operation,
      operation_place(operation_hash_of_ends(ends, operation.size(), seed), displacement,
                      names.size()),
      names);
}

// The slot of `operation` in `names` for a table built for the hash of every byte, or -1.
[[gnu::always_inline]] constexpr int operation_slot_by_bytes(
    std::string_view operation, std::uint32_t seed, std::span<const std::uint16_t> displacement,
    std::span<const std::string_view> names) noexcept {
  if (operation.empty()) return -1;
  const OperationEnds ends = operation_ends(operation);
  return operation_match(
      operation,
      operation_place(operation_hash_of_bytes(ends, operation, seed), displacement,
                      names.size()),
      names);
}

}  // namespace rtorb::detail
