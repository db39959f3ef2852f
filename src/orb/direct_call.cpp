// The client half of direct collocated calls: decides from the reference and the ORB's
// options whether to ask the adapter for the servant (docs/orb.md, "Collocation").
#include <rtorb/corba/object.hpp>
#include <rtorb/orb/direct_call.hpp>

#include "orb/object_core.hpp"
#include "orb/orb_core.hpp"

namespace rtorb::orb {
namespace {

// The last target this thread found collocated. A target is immutable, and once
// collocated stays so while its ORB runs (the key's owner and our endpoints do not
// change), so a hit skips ObjectCore::collocated. Held by shared_ptr, so an equal pointer
// is the same target, never a new one at a reused address.
thread_local std::shared_ptr<const Target> last_collocated;

}  // namespace

DirectServant direct_servant(const CORBA::Object& proxy) noexcept {
  const auto& core = core_of(proxy);
  if (!core) return {};
  OrbCore& orb = *core->orb();
  // Cheapest tests first: thru_poa ORBs and pure clients stop here.
  if (!orb.options().collocation_direct) return {};
  ObjectAdapter* adapter = orb.adapter_if_created();
  if (adapter == nullptr || orb.shut_down()) return {};
  try {
    auto target = core->target();
    if (target != last_collocated) {
      if (!core->collocated(*target)) return {};
      last_collocated = target;
    }
    return adapter->direct_servant(target->profile.object_key);
  } catch (...) {
    // No usable profile and the like: the normal path raises it properly.
    return {};
  }
}

}  // namespace rtorb::orb
