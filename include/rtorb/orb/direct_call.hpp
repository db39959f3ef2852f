// Collocated calls without marshaling. Generated stubs use this header; nothing else needs
// it. Two ways in (docs/collocation.md, "Collocated calls without marshaling"):
//   direct_upcall     -ORBCollocation direct: the servant's member function, through a
//                     memo kept in the object reference (a few loads per call);
//   collocated_upcall thru-POA (the default): the same member function, but inside a POA
//                     upcall (manager state, POA Current, upcall counting, serialisation,
//                     UNKNOWN for undeclared exceptions).
// Both answer "not handled" whenever they cannot apply every rule themselves; the stub then
// makes the ordinary (marshaled) invocation, which does.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>  // generated stubs hold a collocated call's result in one
#include <rtorb/corba/object.hpp>
#include <rtorb/orb/function_ref.hpp>
#include <rtorb/orb/invocation.hpp>
#include <span>
#include <typeinfo>

namespace rtorb::orb {

// The common virtual base of the per-interface "upcall" classes rtorb-idl writes into
// fooC.h (`rtorb_upcall_I`): the servant skeleton POA::M::I derives from rtorb_upcall_I,
// so a stub reaches its servant's operations through it without the servant's headers.
class DirectUpcall {
 public:
  virtual ~DirectUpcall() = default;

 protected:
  DirectUpcall() = default;
  DirectUpcall(const DirectUpcall&) = default;
  DirectUpcall& operator=(const DirectUpcall&) = default;
};

namespace detail {

// A reference's direct memo as the inline fast path reads it. ObjectCore (src/orb) owns
// and publishes it; once published only `epoch` changes (moved on in place by a refresh
// that finds the same servant). The binding holds while *epoch_source == epoch; a
// LOCATION_FORWARD unpublishes the memo.
struct DirectMemo {
  std::atomic<std::uint64_t> epoch{0};
  const std::atomic<std::uint64_t>* epoch_source = nullptr;
  DirectUpcall* upcall = nullptr;  // never null in a published memo
  // `upcall` as the upcall class of the first interface a stub found it through, so that
  // the stub's fast path needs no cast: set once (`typed` before `typed_for`, which holds
  // that class's upcall_tag), never changed while the memo lives.
  mutable std::atomic<const void*> typed_for{nullptr};
  mutable std::atomic<void*> typed{nullptr};
};

// One address per upcall class, naming it in DirectMemo::typed_for.
template <class U>
inline constexpr char upcall_tag = 0;

// The first base of ObjectCore (src/orb/object_core.hpp), at offset 0 (ObjectCore has no
// other base and no virtual functions; its constructor checks the offset), so that the
// stub's inline fast path finds the memo from the proxy's core pointer without a call.
struct DirectMemoSlot {
  std::atomic<const DirectMemo*> direct_memo{nullptr};
};

// The memo of `proxy`'s reference if one is published, else null.
inline const DirectMemo* published_direct_memo(const CORBA::Object& proxy) noexcept {
  const void* core = core_of(proxy).get();
  if (core == nullptr) return nullptr;
  return static_cast<const DirectMemoSlot*>(core)->direct_memo.load(std::memory_order_acquire);
}

// The memo of `proxy`'s reference if it is published and still valid, else null.
inline const DirectMemo* valid_direct_memo(const CORBA::Object& proxy) noexcept {
  const DirectMemo* memo = published_direct_memo(proxy);
  if (memo == nullptr ||
      memo->epoch.load(std::memory_order_relaxed) !=
          memo->epoch_source->load(std::memory_order_acquire)) {
    return nullptr;
  }
  return memo;
}

struct UpcallCastMemo {
  const std::type_info* type = nullptr;
  std::ptrdiff_t offset = 0;
};

template <class U>
inline thread_local UpcallCastMemo upcall_cast_memo;

// upcall_cast's miss: the dynamic_cast, remembered.
template <class U>
[[gnu::noinline]] U* upcall_cast_slow(DirectUpcall* upcall) noexcept {
  U* cast = dynamic_cast<U*>(upcall);
  if (cast != nullptr) {
    upcall_cast_memo<U> = {&typeid(*upcall),
                           reinterpret_cast<char*>(cast) - reinterpret_cast<char*>(upcall)};
  }
  return cast;
}

}  // namespace detail

// -ORBCollocation direct: the servant to call for a request on `proxy`, or null ("take
// the POA path"). A hit (inline) costs a few loads: the
// reference's memo and the ORB's direct-call epoch; the memo keeps the servant alive, so
// the pointer stays valid for the call even if the object is deactivated meanwhile
// (direct calls are not counted as upcalls in progress). The out-of-line miss asks the
// adapter and rebuilds the memo. Never raises; allocates only when it (re)builds the memo.
DirectUpcall* refresh_direct_upcall(const CORBA::Object& proxy) noexcept;
inline DirectUpcall* direct_upcall_of(const CORBA::Object& proxy) noexcept {
  const detail::DirectMemo* memo = detail::valid_direct_memo(proxy);
  return memo != nullptr ? memo->upcall : refresh_direct_upcall(proxy);
}

// `upcall` as the upcall class U of one interface, or null if the servant does not
// implement it: dynamic_cast, with the result remembered per thread as an offset for the
// servant's dynamic type (the offset of a base subobject is the same in every complete
// object of one type), so repeated calls on servants of one type cost a typeid and a
// comparison instead of a walk through the class hierarchy.
template <class U>
inline U* upcall_cast(DirectUpcall* upcall) noexcept {
  const detail::UpcallCastMemo& memo = detail::upcall_cast_memo<U>;
  if (&typeid(*upcall) == memo.type) {
    return reinterpret_cast<U*>(reinterpret_cast<char*>(upcall) + memo.offset);
  }
  return detail::upcall_cast_slow<U>(upcall);
}

// The stub's inline fast path: the memoised servant as U when the reference's memo is
// valid and already holds it as U; null otherwise (then direct_upcall, out of line, does
// the rest). Only loads and compares, so the stub needs no stack frame.
template <class U>
inline U* memoized_upcall(const CORBA::Object& proxy) noexcept {
  const detail::DirectMemo* memo = detail::valid_direct_memo(proxy);
  if (memo == nullptr ||
      memo->typed_for.load(std::memory_order_acquire) != &detail::upcall_tag<U>) {
    return nullptr;
  }
  void* typed = memo->typed.load(std::memory_order_relaxed);
  // Set before typed_for: without this, the stub tests the pointer for null again.
  if (typed == nullptr) __builtin_unreachable();
  return static_cast<U*>(typed);
}

// Gives the memo of `proxy`'s reference, if it still binds `upcall`, `typed` as the upcall
// class `tag` names, unless it holds one already.
void remember_typed_upcall(const CORBA::Object& proxy, const DirectUpcall* upcall,
                           const void* tag, void* typed) noexcept;

// direct_upcall_of as the upcall class of the stub's interface, remembered in the memo for
// memoized_upcall.
template <class U>
inline U* direct_upcall(const CORBA::Object& proxy) noexcept {
  DirectUpcall* upcall = direct_upcall_of(proxy);
  if (upcall == nullptr) return nullptr;
  U* typed = upcall_cast<U>(upcall);
  if (typed != nullptr) remember_typed_upcall(proxy, upcall, &detail::upcall_tag<U>, typed);
  return typed;
}

// Runs `call` with the servant a collocated request on `proxy` would be dispatched to,
// inside a POA upcall. `call` casts the servant to its interface and returns false if it
// does not implement it (then nothing has run). Returns false, having run nothing, unless
// the reference is collocated, its POA manager ACTIVE and the servant found without a
// servant manager (an active object of a RETAIN POA, or the default servant). Exceptions
// from the servant: system exceptions and the user exceptions listed in `exceptions` pass
// through; other user exceptions become UNKNOWN unknown_undeclared_user_exception, other C++
// exceptions UNKNOWN unknown_cxx_exception (both COMPLETED_MAYBE), as through the POA's
// marshaled path. For a oneway (`response_expected` false) they are dropped, as there.
bool collocated_upcall(const CORBA::Object& proxy, FunctionRef<bool(DirectUpcall*)> call,
                       std::span<const UserExceptionEntry> exceptions = {},
                       bool response_expected = true);

}  // namespace rtorb::orb
