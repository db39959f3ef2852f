// ObjectCore: what every proxy of one object reference shares: the IOR, its decoded IIOP
// profiles, the ORB, and the target the next request goes to (after LOCATION_FORWARDs).
#pragma once

#include <rtorb/cdr/code_set.hpp>
#include <rtorb/cdr/object_reference.hpp>
#include <rtorb/corba/policy.hpp>
#include <rtorb/orb/direct_call.hpp>

#include <cstdint>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "client/call_policies.hpp"
#include "giop/message_header.hpp"
#include "ior/iiop_profile.hpp"
#include "ior/object_reference.hpp"
#include "ior/policy_value.hpp"
#include "transport/connection_cache.hpp"
#include "transport/endpoint.hpp"

namespace rtorb::orb {

class OrbContext;

// Where requests for a reference go: one IIOP profile and what follows from it.
struct Target {
  ior::ObjectReference reference;  // the IOR the profile came from (forwarded or original)
  std::size_t profile_index = 0;   // of the IIOP profile in reference.profiles
  ior::IiopProfile profile;
  transport::Endpoint endpoint;
  transport::CacheKey cache_key;                // endpoint, default band, shared
  giop::Version version;                        // min(profile version, 1.2)
  bool has_code_sets = false;                   // the profile carries TAG_CODE_SETS
  cdr::CodeSetContext code_sets;                // negotiated (defaults without the component)
  cdr::CodeSetServiceContext code_set_context;  // what the CodeSets context says
  // RT-CORBA, from the profile's TAG_POLICIES: the priority model the server declares.
  std::optional<ior::PriorityModelPolicy> priority_model;
  // Where a request at a CORBA priority goes (docs/rt.md, "choosing a connection"): the
  // lanes of an rtorb server (one profile each), else the IOR's priority bands, each with
  // a connection of its own. Empty: every priority takes cache_key.
  struct Route {
    std::int16_t low = 0;
    std::int16_t high = 0;
    transport::CacheKey cache_key;
  };
  std::vector<Route> routes;

  // The connection for a request at `priority` (request_priority.hpp); no_priority, in
  // no band, gets cache_key.
  const transport::CacheKey& cache_key_for(std::int32_t priority) const noexcept {
    for (const Route& r : routes) {
      if (priority >= r.low && priority <= r.high) return r.cache_key;
    }
    return cache_key;
  }
};

// Builds the target for the first usable IIOP profile of `reference` (that frames messages
// as `framing` says, when given: GIOPlite or standard); null if none. Raises
// CODESET_INCOMPATIBLE when the profile's code sets cannot be negotiated.
std::shared_ptr<const Target> choose_target(
    const ior::ObjectReference& reference,
    std::optional<giop::HeaderMode> framing = std::nullopt);

// The DirectMemoSlot base (the published direct memo) must stay the only base, at offset
// 0: generated stubs read it inline (include/rtorb/orb/direct_call.hpp).
class ObjectCore : public detail::DirectMemoSlot {
 public:
  // `wire` is the IOR as received when there is one (kept byte for byte); otherwise the
  // reference is encoded here. Never raises for a reference without usable profiles: the
  // first invocation does (INV_OBJREF).
  // `overrides`: the reference's client-side policy overrides (client_policy.hpp); the
  // ORB's ClientPolicyHandlers shape its targets by them, and may raise for them.
  ObjectCore(std::shared_ptr<OrbContext> orb, ior::ObjectReference reference,
             std::optional<cdr::IorData> wire = std::nullopt, CORBA::PolicyList overrides = {});
  ObjectCore(const ObjectCore&) = delete;
  ObjectCore& operator=(const ObjectCore&) = delete;

  const std::shared_ptr<OrbContext>& orb() const noexcept { return orb_; }
  const ior::ObjectReference& reference() const noexcept { return reference_; }
  // The wire form.
  const cdr::IorData& ior_data() const noexcept { return ior_data_; }
  const CORBA::PolicyList& policy_overrides() const noexcept { return overrides_; }
  // The overrides as the ORB's CallPolicyReader reads them; null when they set nothing.
  const CallPolicies* call_policies() const noexcept {
    return call_policies_ ? &*call_policies_ : nullptr;
  }
  // Whether a request of this reference has had a connection (RebindMode::no_reconnect
  // opens no other once it has).
  bool connected_once() const noexcept { return connected_once_.load(std::memory_order_acquire); }
  void mark_connected() noexcept { connected_once_.store(true, std::memory_order_release); }

  // Where the next request goes; raises INV_OBJREF inv_objref_no_profile if nowhere.
  // Lock-free (an atomic shared_ptr load).
  std::shared_ptr<const Target> target() const;
  // The same for an invocation, which borrows the core: the original target needs no
  // reference count (the core keeps it), so only a forwarded one, or one shaped by the
  // thread's or the ORB's policies (client_policy.hpp), is put in `hold`, which must
  // outlive the use of the result. Every invocation asks. Raises what shaping raises
  // (INV_POLICY) for the thread's or the ORB's policies.
  const Target& target(std::shared_ptr<const Target>& hold) const;
  // LOCATION_FORWARD(_PERM): requests go to `to` from now on. Raises INV_OBJREF if it has
  // no usable profile.
  void forward(const ior::ObjectReference& to);
  // Back to the original IOR (after a forwarded target failed).
  void reset_forward();
  bool forwarded() const;

  // Opens (into the ORB's connection cache, idle) one connection for every route of the
  // target, or for the target itself; nothing for a collocated one. Raises TRANSIENT.
  void open_connections();

  // True if `target` is served by this ORB's adapter (and collocation is on).
  bool collocated(const Target& target) const;

  // -ORBCollocation direct: the slow half of rtorb::orb::direct_upcall_of (whose inline
  // half reads the DirectMemoSlot base): asks the adapter again and (re)publishes the
  // memo. Null if the call cannot be direct now. Never raises.
  DirectUpcall* refresh_direct_memo() noexcept;

 private:
  // choose_target, then shaped by the client policy handlers for `overrides`.
  std::shared_ptr<const Target> make_target(const ior::ObjectReference& reference,
                                            const CORBA::PolicyList& overrides) const;
  // The target for a call under the thread's and the ORB's shaping policies, when they add
  // any to the reference's own: true, and the target in `hold`.
  bool target_for_levels(std::shared_ptr<const Target>& hold) const;
  // Points requests at `target` and unpublishes the direct memo.
  void retarget(std::shared_ptr<const Target> target, bool forwarded) noexcept;
  // A published memo and what keeps its pointers valid.
  struct OwnedDirectMemo : detail::DirectMemo {
    std::uint32_t forwards = 0;                                     // forwards_ it was made at
    std::shared_ptr<const std::atomic<std::uint64_t>> epoch_owner;  // keeps epoch_source
    std::shared_ptr<void> servant;                                  // keeps upcall
  };
  // A reference rebinds to another servant at most this often; then its calls take the
  // POA path. Published memos are freed only with the reference (a caller may still be
  // inside a call through one), so this bounds what a reference can hold.
  static constexpr std::size_t max_direct_memos = 8;

  std::shared_ptr<OrbContext> orb_;
  ior::ObjectReference reference_;
  cdr::IorData ior_data_;
  const CORBA::PolicyList overrides_;
  const std::uint64_t reference_id_;  // unique in the process (ClientPolicyHandler)
  std::optional<CallPolicies> call_policies_;  // set once by the constructor
  std::atomic<bool> connected_once_{false};
  std::shared_ptr<const Target> original_;  // set once by the constructor
  std::atomic<std::shared_ptr<const Target>> target_;
  std::atomic<bool> forwarded_{false};  // target_ is not original_ (set with it)
  std::mutex direct_memo_mutex_;  // serialises refreshes and changes of target
  std::uint32_t forwards_ = 0;    // changes of target_ (direct_memo_mutex_)
  std::vector<std::unique_ptr<OwnedDirectMemo>> direct_memos_;  // every memo published
};

}  // namespace rtorb::orb
