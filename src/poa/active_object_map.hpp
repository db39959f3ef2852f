// The active object map of one RETAIN POA (docs/poa.md, "Active object map"): entries in
// an array of slots reused through a free list, each with a generation count that object
// keys carry; a hash map from ObjectId to slot for USER_ID lookups and key-less ids; and a
// reverse map from servant to slot that keeps servant_to_id and _this() O(1).
//
// Not thread-safe: the owning POA's mutex guards every change. Two things happen without
// it. A request finds its entry by slot (slot_entry), checks the entry's atomic state and
// pins it by raising in_flight (PoaImpl::pin_entry); and the end of an upcall drops that
// count. Entries live in a StableArray, so an entry never moves and can be found while
// another thread adds slots; its memory stays until the map goes.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <rtorb/orb/direct_call.hpp>
#include <rtorb/poa/poa_types.hpp>
#include <rtorb/poa/servant.hpp>
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/seams/request_priority.hpp"
#include "poa/stable_array.hpp"

namespace rtorb::poa {

struct ObjectIdHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view bytes) const noexcept;
};

struct ObjectIdEqual {
  using is_transparent = void;
  bool operator()(std::string_view a, std::string_view b) const noexcept { return a == b; }
};

class ActiveObjectMap {
 public:
  struct Entry {
    PortableServer::ObjectId id;
    CORBA::servant_reference<PortableServer::Servant> servant;
    // The servant as direct collocated calls see it (null if it has no generated skeleton);
    // cast once here so calls need no cross cast to reach it.
    orb::DirectUpcall* direct = nullptr;
    // Written under the mutex; atomic because a request reads them without it, before and
    // after pinning the entry. id, servant and direct are written before `used` is set and
    // only after it is cleared, so a pinned, still active entry holds them steady.
    std::atomic<std::uint32_t> generation{1};
    std::atomic<bool> used{false};
    // Upcalls running on this slot (and requests pinning it for a moment). Raised with or
    // without the mutex, dropped without it; never reset, so an upcall that outlives its
    // object (destroy without waiting) still drops what it raised, on whatever the slot
    // holds by then.
    std::atomic<std::uint32_t> in_flight{0};
    // deactivate_object called; removed when in_flight is 0. Set under the mutex, read by
    // the upcall that drops in_flight to 0 without it.
    std::atomic<bool> deactivating{false};
    // The object's own priority (RTPortableServer's *_with_priority, through the rt
    // layer), or orb::no_priority; written with id and servant.
    std::int32_t priority = orb::no_priority;
    // The first bytes of `id`, written with it: a request compares an id this short
    // without touching the id's own allocation (a cache miss per request when many
    // objects are active).
    static constexpr std::size_t id_head_size = 16;
    std::array<std::uint8_t, id_head_size> id_head{};

    // True if `other` is this entry's id. Reads id, so only while the entry is pinned or
    // under the mutex.
    bool has_id(std::span<const std::uint8_t> other) const noexcept {
      const std::size_t n = other.size();
      if (n != id.size()) return false;
      if (n == 0) return true;
      if (n >= 8 && n <= id_head_size) {
        // The usual id (a SYSTEM_ID is 8 or 12 bytes): its first and last eight bytes,
        // which overlap and so cover it, as two word compares instead of a memcmp call
        // (every request to an active object makes this check).
        return word_at(id_head.data()) == word_at(other.data()) &&
               word_at(id_head.data() + n - 8) == word_at(other.data() + n - 8);
      }
      const std::uint8_t* bytes = n <= id_head_size ? id_head.data() : id.data();
      return std::memcmp(bytes, other.data(), n) == 0;
    }

   private:
    static std::uint64_t word_at(const std::uint8_t* p) noexcept {
      std::uint64_t w;
      std::memcpy(&w, p, sizeof w);
      return w;
    }
  };

  // Adds `id` -> `servant`. Precondition: `id` is not in the map. Returns the slot.
  std::uint32_t insert(PortableServer::ObjectId id,
                       CORBA::servant_reference<PortableServer::Servant> servant,
                       std::int32_t priority = orb::no_priority);
  // The entry at `slot` if it is in use with `generation` (a key's fast path).
  Entry* find(std::uint32_t slot, std::uint32_t generation) noexcept;
  Entry& at(std::uint32_t slot) noexcept { return slots_[slot]; }
  // The entry at `slot` whatever it holds, or nullptr past the end. Lock-free.
  Entry* slot_entry(std::uint32_t slot) const noexcept { return slots_.find(slot); }
  std::optional<std::uint32_t> find_id(std::span<const std::uint8_t> id) const;
  // Some slot where `servant` is active (the only one under UNIQUE_ID).
  std::optional<std::uint32_t> find_servant(const PortableServer::Servant* servant) const;
  // How many ids `servant` is active under.
  std::size_t activations(const PortableServer::Servant* servant) const;
  // Frees `slot` (its generation moves on, so old keys to it are refused) and returns the
  // servant it held.
  CORBA::servant_reference<PortableServer::Servant> remove(std::uint32_t slot);

  std::size_t size() const noexcept { return by_id_.size(); }
  std::size_t capacity() const noexcept { return slots_.size(); }
  // True while any entry counts an upcall (or a request pinning it for a moment).
  // Lock-free; sequentially consistent loads.
  bool any_in_flight() const noexcept;
  // Slots in use, for destroy/deactivate (copy: callers remove while iterating).
  std::vector<std::uint32_t> used_slots() const;

 private:
  static std::string_view view(std::span<const std::uint8_t> id) noexcept {
    return {reinterpret_cast<const char*>(id.data()), id.size()};
  }
  struct ServantSlots {
    std::uint32_t slot;
    std::uint32_t count;
  };

  StableArray<Entry> slots_;  // entries never move (see the top of this file)
  std::vector<std::uint32_t> free_;
  // Keys view the ids stored in slots_ entries (entries never move).
  std::unordered_map<std::string_view, std::uint32_t, ObjectIdHash, ObjectIdEqual> by_id_;
  std::unordered_map<const PortableServer::Servant*, ServantSlots> by_servant_;
};

}  // namespace rtorb::poa
