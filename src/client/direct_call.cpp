// The client half of collocated calls without marshaling: the direct memo of a reference,
// and the thru-POA upcall with the exception rules of the marshaled path (docs/orb.md,
// "Collocation").
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/object.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/orb/direct_call.hpp>

#include <cstring>
#include <exception>

#include "client/object_core.hpp"
#include "core/object_adapter.hpp"
#include "core/orb_context.hpp"
#include "core/seams/seam_registry.hpp"

namespace rtorb::orb {
namespace {

// The last target this thread found collocated. A target is immutable, and once
// collocated stays so while its ORB runs (the key's owner and our endpoints do not
// change), so a hit skips ObjectCore::collocated. Held by shared_ptr, so an equal pointer
// is the same target, never a new one at a reused address.
thread_local std::shared_ptr<const Target> last_collocated;

bool declared(const CORBA::UserException& e, std::span<const UserExceptionEntry> exceptions) {
  const char* id = e._rep_id();
  for (const auto& entry : exceptions) {
    if (std::strcmp(id, entry.repository_id) == 0) return true;
  }
  return false;
}

// What the marshaled path would make of an exception `call` let out: system exceptions
// and declared user exceptions as they are, anything else UNKNOWN (server_request.cpp).
[[noreturn]] void rethrow_as_reply(std::span<const UserExceptionEntry> exceptions) {
  try {
    throw;
  } catch (const CORBA::SystemException&) {
    throw;
  } catch (const CORBA::UserException& e) {
    if (declared(e, exceptions)) throw;
    raise<CORBA::UNKNOWN>(minor::unknown_undeclared_user_exception, e._rep_id(),
                          CORBA::CompletionStatus::COMPLETED_MAYBE);
  } catch (const std::exception& e) {
    raise<CORBA::UNKNOWN>(minor::unknown_cxx_exception, e.what(),
                          CORBA::CompletionStatus::COMPLETED_MAYBE);
  } catch (...) {
    raise<CORBA::UNKNOWN>(minor::unknown_cxx_exception, {},
                          CORBA::CompletionStatus::COMPLETED_MAYBE);
  }
}

// Calls that skip marshaling skip the interceptors too: with any registered, every call
// takes the marshaled path, where they run.
bool intercepted(const OrbContext& orb) noexcept {
  return orb.seams().request_interception() != nullptr;
}

// Claims a memo's typed slot while `typed` is being written.
constexpr char claiming_typed = 0;

}  // namespace

void remember_typed_upcall(const CORBA::Object& proxy, const DirectUpcall* upcall,
                           const void* tag, void* typed) noexcept {
  const detail::DirectMemo* memo = detail::published_direct_memo(proxy);
  if (memo == nullptr || memo->upcall != upcall) return;  // rebound meanwhile
  // Set once, by whichever interface came first: the load spares the other interfaces'
  // calls a locked compare-exchange each time.
  if (memo->typed_for.load(std::memory_order_relaxed) != nullptr) return;
  const void* unset = nullptr;
  if (!memo->typed_for.compare_exchange_strong(unset, &claiming_typed,
                                               std::memory_order_relaxed)) {
    return;
  }
  memo->typed.store(typed, std::memory_order_relaxed);
  memo->typed_for.store(tag, std::memory_order_release);
}

DirectUpcall* refresh_direct_upcall(const CORBA::Object& proxy) noexcept {
  ObjectCore* core = core_of(proxy).get();
  if (core == nullptr || intercepted(*core->orb())) return nullptr;
  return core->refresh_direct_memo();
}

bool collocated_upcall(const CORBA::Object& proxy, FunctionRef<bool(DirectUpcall*)> call,
                       std::span<const UserExceptionEntry> exceptions, bool response_expected) {
  const auto& core = core_of(proxy);
  if (!core) return false;
  OrbContext& orb = *core->orb();
  if (!orb.options().collocation || intercepted(orb)) return false;
  ObjectAdapter* adapter = orb.adapter_if_created();
  if (adapter == nullptr || orb.shut_down()) return false;
  // `hold` keeps a forwarded target, and the proxy (the stub's caller's) the original, so
  // the key that POA Current's object id views stays alive for the call.
  std::shared_ptr<const Target> hold;
  const Target* target = nullptr;
  try {
    target = &core->target(hold);
    if (target != last_collocated.get()) {
      if (!core->collocated(*target)) return false;
      // The memo needs an owner; a forward that came meanwhile leaves it as it was.
      auto owner = hold ? hold : core->target();
      if (owner.get() == target) last_collocated = std::move(owner);
    }
  } catch (...) {
    return false;  // no usable profile and the like: the normal path raises it properly
  }
  try {
    return adapter->collocated_upcall(target->profile.object_key, call);
  } catch (...) {
    if (!response_expected) return true;  // a oneway has nobody to tell
    rethrow_as_reply(exceptions);
  }
}

}  // namespace rtorb::orb
