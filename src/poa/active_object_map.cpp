// Active object map: slot vector with free list and generations, id and servant indexes.
#include "poa/active_object_map.hpp"

#include <algorithm>
#include <cassert>

namespace rtorb::poa {

std::size_t ObjectIdHash::operator()(std::string_view bytes) const noexcept {
  // FNV-1a: ids are short and often sequential; good spread, no allocation.
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : bytes) {
    h ^= static_cast<std::uint8_t>(c);
    h *= 0x100000001b3ULL;
  }
  return static_cast<std::size_t>(h);
}

std::uint32_t ActiveObjectMap::insert(
    PortableServer::ObjectId id, CORBA::servant_reference<PortableServer::Servant> servant,
    std::int32_t priority) {
  assert(!find_id(id));
  std::uint32_t slot;
  if (free_.empty()) {
    slot = slots_.add();
  } else {
    slot = free_.back();
    free_.pop_back();
  }
  Entry& e = slots_[slot];
  e.id = std::move(id);
  if (!e.id.empty()) {
    std::memcpy(e.id_head.data(), e.id.data(), std::min(e.id.size(), Entry::id_head_size));
  }
  e.servant = std::move(servant);
  e.direct = dynamic_cast<orb::DirectUpcall*>(e.servant.shared().get());
  e.deactivating = false;
  e.priority = priority;
  e.used = true;  // last: publishes id, servant and direct to lock-free readers
  by_id_.emplace(view(e.id), slot);
  auto [it, inserted] =
      by_servant_.try_emplace(e.servant.shared().get(), ServantSlots{slot, 0});
  ++it->second.count;
  return slot;
}

ActiveObjectMap::Entry* ActiveObjectMap::find(std::uint32_t slot,
                                              std::uint32_t generation) noexcept {
  if (slot >= slots_.size()) return nullptr;
  Entry& e = slots_[slot];
  return e.used && e.generation == generation ? &e : nullptr;
}

std::optional<std::uint32_t> ActiveObjectMap::find_id(std::span<const std::uint8_t> id) const {
  const auto it = by_id_.find(view(id));
  if (it == by_id_.end()) return std::nullopt;
  return it->second;
}

std::optional<std::uint32_t> ActiveObjectMap::find_servant(
    const PortableServer::Servant* servant) const {
  const auto it = by_servant_.find(servant);
  if (it == by_servant_.end()) return std::nullopt;
  return it->second.slot;
}

std::size_t ActiveObjectMap::activations(const PortableServer::Servant* servant) const {
  const auto it = by_servant_.find(servant);
  return it == by_servant_.end() ? 0 : it->second.count;
}

CORBA::servant_reference<PortableServer::Servant> ActiveObjectMap::remove(std::uint32_t slot) {
  Entry& e = slots_[slot];
  assert(e.used);
  by_id_.erase(view(e.id));
  const auto it = by_servant_.find(e.servant.shared().get());
  if (it != by_servant_.end()) {
    if (--it->second.count == 0) {
      by_servant_.erase(it);
    } else if (it->second.slot == slot) {
      // Another activation of the same servant (MULTIPLE_ID) becomes the representative:
      // O(n) but only on this rare path.
      for (std::uint32_t s = 0; s < slots_.size(); ++s) {
        if (s != slot && slots_[s].used && slots_[s].servant == e.servant) {
          it->second.slot = s;
          break;
        }
      }
    }
  }
  // Unpublished first (a request that pinned it meanwhile sees it go and lets go).
  e.used = false;
  std::uint32_t generation = e.generation.load() + 1;
  if (generation == 0) generation = 1;  // 0 never matches a live entry
  e.generation = generation;
  e.deactivating = false;
  auto servant = std::move(e.servant);
  e.servant = nullptr;
  e.id.clear();
  e.id.shrink_to_fit();
  free_.push_back(slot);
  return servant;
}

bool ActiveObjectMap::any_in_flight() const noexcept {
  const std::uint32_t size = slots_.size();
  for (std::uint32_t slot = 0; slot < size; ++slot) {
    if (slots_[slot].in_flight.load() != 0) return true;
  }
  return false;
}

std::vector<std::uint32_t> ActiveObjectMap::used_slots() const {
  std::vector<std::uint32_t> out;
  out.reserve(by_id_.size());
  for (std::uint32_t s = 0; s < slots_.size(); ++s) {
    if (slots_[s].used) out.push_back(s);
  }
  return out;
}

}  // namespace rtorb::poa
