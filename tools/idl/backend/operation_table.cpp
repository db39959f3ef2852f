#include "backend/operation_table.hpp"

#include <algorithm>
#include <bit>
#include <numeric>

namespace rtorb::idl::backend {
namespace {

struct Attempt {
  std::uint32_t seed;
  std::size_t slot_count;
  std::size_t bucket_count;
};

// Places every bucket, largest first; false if some bucket finds no displacement.
bool place(const std::vector<std::string>& names, const Attempt& a, OperationTable& table) {
  std::vector<std::uint32_t> hashes;
  for (const std::string& n : names) hashes.push_back(operation_hash(n, a.seed));
  std::vector<std::vector<std::size_t>> buckets(a.bucket_count);
  for (std::size_t i = 0; i < names.size(); ++i)
    buckets[operation_mix(hashes[i]) & (a.bucket_count - 1)].push_back(i);
  std::vector<std::size_t> order(a.bucket_count);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return buckets[x].size() > buckets[y].size();
  });
  table = {a.seed, std::vector<std::uint32_t>(a.bucket_count, 0),
           std::vector<std::string>(a.slot_count)};
  std::vector<bool> used(a.slot_count, false);
  for (const std::size_t b : order) {
    if (buckets[b].empty()) break;
    bool placed = false;
    for (std::uint32_t d = 0; d < (1u << 16) && !placed; ++d) {
      std::vector<std::size_t> slots;
      for (const std::size_t i : buckets[b]) {
        const std::size_t s = operation_mix(hashes[i] ^ d) & (a.slot_count - 1);
        if (used[s] || std::find(slots.begin(), slots.end(), s) != slots.end()) break;
        slots.push_back(s);
      }
      if (slots.size() != buckets[b].size()) continue;
      for (std::size_t k = 0; k < slots.size(); ++k) {
        used[slots[k]] = true;
        table.slots[slots[k]] = names[buckets[b][k]];
      }
      table.displacement[b] = d;
      placed = true;
    }
    if (!placed) return false;
  }
  return true;
}

}  // namespace

std::uint32_t operation_hash(std::string_view name, std::uint32_t seed) {
  std::uint32_t h = 2166136261u ^ seed;
  for (const char c : name) {
    h ^= static_cast<std::uint8_t>(c);
    h *= 16777619u;
  }
  return h;
}

std::uint32_t operation_mix(std::uint32_t h) {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

OperationTable build_operation_table(const std::vector<std::string>& names) {
  // About 1.25 slots and half a bucket per name; a failed search tries another seed, and
  // after a few seeds a table twice as large (which always succeeds quickly).
  std::size_t slot_count =
      std::bit_ceil(std::max<std::size_t>(1, names.size() + names.size() / 4));
  const std::size_t bucket_count =
      std::bit_ceil(std::max<std::size_t>(1, (names.size() + 1) / 2));
  OperationTable table;
  for (;; slot_count *= 2) {
    for (std::uint32_t seed = 0; seed < 16; ++seed) {
      if (place(names, {seed, slot_count, bucket_count}, table)) return table;
    }
  }
}

int find_operation(const OperationTable& table, std::string_view name) {
  const std::uint32_t h = operation_hash(name, table.seed);
  const std::uint32_t d =
      table.displacement[operation_mix(h) & (table.displacement.size() - 1)];
  const std::size_t slot = operation_mix(h ^ d) & (table.slots.size() - 1);
  return table.slots[slot] == name ? static_cast<int>(slot) : -1;
}

}  // namespace rtorb::idl::backend
