// The POAs of one ORB: the table that object keys index, the RootPOA, POACurrent, and
// the routing of a request's key to its POA (docs/poa.md).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <rtorb/orb/direct_call.hpp>
#include <rtorb/orb/server_request.hpp>
#include <rtorb/poa/poa.hpp>
#include <shared_mutex>
#include <span>
#include <vector>

#include "core/object_adapter.hpp"
#include "poa/object_key.hpp"
#include "poa/orb_services.hpp"

namespace rtorb::poa {

class PoaImpl;

class PoaSystem : public std::enable_shared_from_this<PoaSystem> {
 public:
  // Makes the system and its RootPOA (with a HOLDING manager).
  static std::shared_ptr<PoaSystem> create(std::unique_ptr<OrbServices> services);
  explicit PoaSystem(std::unique_ptr<OrbServices> services);

  OrbServices& services() noexcept { return *services_; }
  std::uint64_t instance() const noexcept { return instance_; }
  std::shared_ptr<PoaImpl> root() const;
  CORBA::object_reference<PortableServer::Current> current() const { return current_; }
  std::string next_manager_id() { return "POAManager" + std::to_string(next_manager_++); }

  // The POA table: a slot per POA, generation counted like the active object map's.
  void register_poa(const std::shared_ptr<PoaImpl>& poa);
  void unregister_poa(const PoaImpl& poa);
  // The POA at (index, generation) or null. Nothing here counts a reference: the caller
  // keeps a reclamation::ReadSection open until it holds the POA some other way (a pinned
  // entry, or a reference of its own) or is done with it.
  PoaImpl* poa_at(std::uint32_t index, std::uint32_t generation) const;
  // Guards every POA's children and adapter activator (tree changes are rare).
  std::recursive_mutex& tree_mutex() noexcept { return tree_mutex_; }

  // ObjectAdapter operations (see core/object_adapter.hpp).
  void dispatch(orb::ServerRequest& request);
  bool locate(std::span<const std::uint8_t> key);
  bool owns_key(std::span<const std::uint8_t> key) const noexcept;
  orb::DirectBinding direct_binding(std::span<const std::uint8_t> key) noexcept;
  bool collocated_upcall(std::span<const std::uint8_t> key,
                         orb::FunctionRef<bool(orb::DirectUpcall*)> call);
  void shutdown(bool wait_for_completion);

  // The direct-call epoch (docs/poa.md, "Direct calls"): direct memos are valid while it
  // keeps the value it had before their lookup. Bumped after every change that could end
  // a binding: deactivation, POA manager state changes, POA destruction, shutdown.
  const std::shared_ptr<std::atomic<std::uint64_t>>& direct_epoch() const noexcept {
    return direct_epoch_;
  }
  void invalidate_direct_calls() noexcept { bump(*direct_epoch_); }
  static void bump(std::atomic<std::uint64_t>& epoch) noexcept {
    epoch.fetch_add(1, std::memory_order_acq_rel);
  }

 private:
  // The POA `key` is for, held (dispatch's slow path, locate): by index, or for a
  // PERSISTENT key of an earlier instance by path (activating POAs through
  // AdapterActivators when `activate`). Raises OBJECT_NOT_EXIST.
  std::shared_ptr<PoaImpl> route(const ParsedKey& key, bool activate);
  // Parses a request's key; a key that is not the POA's is forwarded to the object the
  // application published under it (LocationForward), or refused with OBJECT_NOT_EXIST.
  // Inline: every request parses its key, and a bad key is the cold path.
  void parse(std::span<const std::uint8_t> key, ParsedKey& parsed) const {
    if (!parse_key(key, parsed)) [[unlikely]] refuse_key(key);
  }
  [[noreturn]] void refuse_key(std::span<const std::uint8_t> key) const;
  // Throws LocationForward to the object published under `key`, if there is one.
  void forward_published(std::span<const std::uint8_t> key) const;

  struct Slot {
    std::weak_ptr<PoaImpl> poa;
    PoaImpl* raw = nullptr;  // poa's, readable without locking it
    std::uint32_t generation = 1;
  };

  const std::unique_ptr<OrbServices> services_;
  const std::uint64_t instance_;
  const std::shared_ptr<std::atomic<std::uint64_t>> direct_epoch_ =
      std::make_shared<std::atomic<std::uint64_t>>(1);
  std::shared_ptr<PoaImpl> root_;  // reset by shutdown (breaks the POA -> system cycle)
  CORBA::object_reference<PortableServer::Current> current_;
  std::atomic<std::uint64_t> next_manager_{0};
  mutable std::recursive_mutex tree_mutex_;
  mutable std::shared_mutex table_mutex_;
  std::vector<Slot> table_;  // (table_mutex_)
  // Moves on with every unregistration in any POA system, after the table changed: a
  // thread's memo of where a POA is (poa_at) holds while it stays the same. One for the
  // process, so a memo of a system that has gone never matches one at the same address.
  static inline std::atomic<std::uint64_t> table_epoch_{0};
  std::vector<std::uint32_t> free_;
  bool shut_down_ = false;  // (tree_mutex_)
};

}  // namespace rtorb::poa
