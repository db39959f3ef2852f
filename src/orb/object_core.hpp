// ObjectCore: what every proxy of one object reference shares: the IOR, its decoded IIOP
// profiles, the ORB, and the target the next request goes to (after LOCATION_FORWARDs).
#pragma once

#include <rtorb/cdr/code_set.hpp>
#include <rtorb/cdr/object_reference.hpp>

#include <cstdint>
#include <memory>
#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "giop/message_header.hpp"
#include "ior/iiop_profile.hpp"
#include "ior/object_reference.hpp"
#include "transport/connection_cache.hpp"
#include "transport/endpoint.hpp"

namespace rtorb::orb {

class OrbCore;

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
};

// Builds the target for the first usable IIOP profile of `reference`; null if none.
// Raises CODESET_INCOMPATIBLE when the profile's code sets cannot be negotiated.
std::shared_ptr<const Target> choose_target(const ior::ObjectReference& reference);

class ObjectCore {
 public:
  // `wire` is the IOR as received when there is one (kept byte for byte); otherwise the
  // reference is encoded here. Never raises for a reference without usable profiles: the
  // first invocation does (INV_OBJREF).
  ObjectCore(std::shared_ptr<OrbCore> orb, ior::ObjectReference reference,
             std::optional<cdr::IorData> wire = std::nullopt);
  ObjectCore(const ObjectCore&) = delete;
  ObjectCore& operator=(const ObjectCore&) = delete;

  const std::shared_ptr<OrbCore>& orb() const noexcept { return orb_; }
  const ior::ObjectReference& reference() const noexcept { return reference_; }
  // The wire form.
  const cdr::IorData& ior_data() const noexcept { return ior_data_; }

  // Where the next request goes; raises INV_OBJREF inv_objref_no_profile if nowhere.
  // Lock-free (an atomic shared_ptr load): every invocation asks.
  std::shared_ptr<const Target> target() const;
  // LOCATION_FORWARD(_PERM): requests go to `to` from now on. Raises INV_OBJREF if it has
  // no usable profile.
  void forward(const ior::ObjectReference& to);
  // Back to the original IOR (after a forwarded target failed).
  void reset_forward();
  bool forwarded() const;

  // True if `target` is served by this ORB's adapter (and collocation is on).
  bool collocated(const Target& target) const;

 private:
  std::shared_ptr<OrbCore> orb_;
  ior::ObjectReference reference_;
  cdr::IorData ior_data_;
  std::shared_ptr<const Target> original_;  // set once by the constructor
  std::atomic<std::shared_ptr<const Target>> target_;
};

}  // namespace rtorb::orb
