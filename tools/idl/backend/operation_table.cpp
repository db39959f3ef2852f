#include "backend/operation_table.hpp"

#include <algorithm>
#include <bit>
#include <numeric>
#include <tuple>

namespace rtorb::idl::backend {
namespace {

std::uint64_t byte_at(std::string_view s, std::size_t i) {
  return static_cast<std::uint8_t>(s[i]);
}

// `count` bytes from `at`, the first one lowest: the run time's explicit little-endian
// assembly.
std::uint64_t word(std::string_view s, std::size_t at, std::size_t count) {
  std::uint64_t w = 0;
  for (std::size_t i = count; i-- > 0;) w = w << 8 | byte_at(s, at + i);
  return w;
}

struct Ends {
  std::uint64_t head;
  std::uint64_t tail;
};

Ends ends_of(std::string_view s) {
  const std::size_t n = s.size();
  if (n >= 8) return {word(s, 0, 8), word(s, n - 8, 8)};
  if (n >= 4) return {word(s, 0, 4), word(s, n - 4, 4)};
  return {byte_at(s, 0) | byte_at(s, n / 2) << 8 | byte_at(s, n - 1) << 16, 0};
}

// The top log2(count) bits of x, as the run time's operation_top_bits.
std::size_t top_bits(std::uint64_t x, std::size_t count) {
  return static_cast<std::size_t>((x >> 32) >> (32 - std::countr_zero(count)));
}

std::size_t bucket_of(std::uint64_t h, std::size_t bucket_count) {
  return top_bits(h, bucket_count);
}

std::size_t slot_of(std::uint64_t h, std::uint16_t d, std::size_t slot_count) {
  return top_bits((h ^ d) * 0x165667b19e3779f9u, slot_count);
}

std::uint64_t hash_of(OperationHash hash, std::string_view name, std::uint32_t seed) {
  return hash == OperationHash::ends ? operation_hash_of_ends(name, seed)
                                     : operation_hash_of_bytes(name, seed);
}

// True when length, first and last 8 bytes tell every two names apart (for names of up to
// 16 bytes they always do: they are the whole name).
bool ends_separate(const std::vector<std::string>& names) {
  std::vector<std::tuple<std::size_t, std::uint64_t, std::uint64_t>> keys;
  for (const std::string& n : names) {
    const Ends e = ends_of(n);
    keys.emplace_back(n.size(), e.head, e.tail);
  }
  std::sort(keys.begin(), keys.end());
  return std::adjacent_find(keys.begin(), keys.end()) == keys.end();
}

struct Attempt {
  OperationHash hash;
  std::uint32_t seed;
  std::size_t slot_count;
  std::size_t bucket_count;
};

// Finds a displacement for one bucket whose names all land in free, distinct slots, marks
// them used and records the names; false if none of the 65536 does.
bool place_bucket(const std::vector<std::size_t>& bucket, const std::vector<std::uint64_t>& hashes,
                  const std::vector<std::string>& names, std::vector<bool>& used,
                  OperationTable& table, std::size_t b) {
  std::vector<std::size_t> slots;
  for (std::uint32_t d = 0; d <= 0xffffu; ++d) {
    slots.clear();
    for (const std::size_t i : bucket) {
      const std::size_t s = slot_of(hashes[i], static_cast<std::uint16_t>(d), used.size());
      if (used[s] || std::find(slots.begin(), slots.end(), s) != slots.end()) break;
      slots.push_back(s);
    }
    if (slots.size() != bucket.size()) continue;
    for (std::size_t k = 0; k < slots.size(); ++k) {
      used[slots[k]] = true;
      table.slots[slots[k]] = names[bucket[k]];
    }
    table.displacement[b] = static_cast<std::uint16_t>(d);
    return true;
  }
  return false;
}

// Places every bucket, largest first; false if some bucket finds no displacement.
bool place(const std::vector<std::string>& names, const Attempt& a, OperationTable& table) {
  std::vector<std::uint64_t> hashes;
  for (const std::string& n : names) hashes.push_back(hash_of(a.hash, n, a.seed));
  // Two equal hashes share a bucket and every slot: fail now, not after 65536 displacements.
  std::vector<std::uint64_t> sorted = hashes;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return false;
  std::vector<std::vector<std::size_t>> buckets(a.bucket_count);
  for (std::size_t i = 0; i < names.size(); ++i)
    buckets[bucket_of(hashes[i], a.bucket_count)].push_back(i);
  std::vector<std::size_t> order(a.bucket_count);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return buckets[x].size() > buckets[y].size();
  });
  table = {a.hash, a.seed, std::vector<std::uint16_t>(a.bucket_count, 0),
           std::vector<std::string>(a.slot_count)};
  std::vector<bool> used(a.slot_count, false);
  for (const std::size_t b : order) {
    if (buckets[b].empty()) break;
    if (!place_bucket(buckets[b], hashes, names, used, table, b)) return false;
  }
  return true;
}

}  // namespace

std::uint64_t operation_hash_of_ends(std::string_view name, std::uint32_t seed) {
  const Ends e = ends_of(name);
  return ((e.head ^ seed) * 0x9e3779b97f4a7c15u) ^ ((e.tail + name.size()) * 0xc2b2ae3d27d4eb4fu);
}

std::uint64_t operation_hash_of_bytes(std::string_view name, std::uint32_t seed) {
  const Ends e = ends_of(name);
  std::uint64_t h = (e.head ^ seed) * 0x9e3779b97f4a7c15u;
  for (std::size_t i = 8; i + 8 < name.size(); i += 8) h = (h ^ word(name, i, 8)) * 0x9e3779b97f4a7c15u;
  return h ^ ((e.tail + name.size()) * 0xc2b2ae3d27d4eb4fu);
}

std::size_t operation_place(std::uint64_t h, const std::vector<std::uint16_t>& displacement,
                            std::size_t slot_count) {
  return slot_of(h, displacement[bucket_of(h, displacement.size())], slot_count);
}

std::optional<OperationTable> try_build_operation_table(const std::vector<std::string>& names,
                                                        OperationHash hash) {
  if (hash == OperationHash::ends && !ends_separate(names)) return std::nullopt;
  // About 1.25 slots and half a bucket per name; a failed search tries another seed, and
  // after 16 seeds a table twice as large. The hash of ends gives up after four sizes (its
  // hashes of two names may be equal whatever the seed); every byte's, with fresh seeds at
  // each size, in practice never needs a second size.
  std::size_t slot_count =
      std::bit_ceil(std::max<std::size_t>(1, names.size() + names.size() / 4));
  const std::size_t bucket_count =
      std::bit_ceil(std::max<std::size_t>(1, (names.size() + 1) / 2));
  OperationTable table;
  for (std::uint32_t round = 0; hash == OperationHash::bytes || round < 4;
       ++round, slot_count *= 2) {
    for (std::uint32_t seed = round * 16; seed < round * 16 + 16; ++seed) {
      if (place(names, {hash, seed, slot_count, bucket_count}, table)) return table;
    }
  }
  return std::nullopt;
}

OperationTable build_operation_table(const std::vector<std::string>& names) {
  if (auto table = try_build_operation_table(names, OperationHash::ends)) return *table;
  return *try_build_operation_table(names, OperationHash::bytes);
}

int find_operation(const OperationTable& table, std::string_view name) {
  if (name.empty()) return -1;
  const std::size_t slot = operation_place(hash_of(table.hash, name, table.seed),
                                           table.displacement, table.slots.size());
  return table.slots[slot] == name ? static_cast<int>(slot) : -1;
}

}  // namespace rtorb::idl::backend
