// The "direct" collocation strategy (-ORBCollocation direct): a stub whose reference is
// served by its own ORB calls the servant's C++ member function, with no marshaling, when
// the object adapter would dispatch the request to exactly that servant (docs/idl.md,
// "Direct collocated calls"). Generated stubs use this header; nothing else needs it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <typeinfo>
#include <utility>

namespace CORBA {
class Object;
}

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

// Implemented by the object adapter: ends what its direct_servant() began (the servant is
// no longer in use by the call, so a pending deactivation may complete).
class DirectLease {
 public:
  virtual void end_direct_call(std::uint32_t slot, std::uint32_t generation) noexcept = 0;

 protected:
  ~DirectLease() = default;
};

// The servant of one direct call, held for the call's duration: while a DirectServant is
// alive the adapter counts the call like an upcall in progress (deactivate_object waits
// for it before it etherealizes or releases the servant). Null means "take the normal
// invocation path". Move-only.
class DirectServant {
 public:
  DirectServant() noexcept = default;
  DirectServant(DirectUpcall* upcall, std::shared_ptr<void> servant,
                std::shared_ptr<DirectLease> lease, std::uint32_t slot,
                std::uint32_t generation) noexcept
      : upcall_(upcall),
        servant_(std::move(servant)),
        lease_(std::move(lease)),
        slot_(slot),
        generation_(generation) {}
  DirectServant(DirectServant&& other) noexcept
      : upcall_(std::exchange(other.upcall_, nullptr)),
        servant_(std::move(other.servant_)),
        lease_(std::move(other.lease_)),
        slot_(other.slot_),
        generation_(other.generation_) {}
  DirectServant& operator=(DirectServant&& other) noexcept {
    if (this != &other) {
      release();
      upcall_ = std::exchange(other.upcall_, nullptr);
      servant_ = std::move(other.servant_);
      lease_ = std::move(other.lease_);
      slot_ = other.slot_;
      generation_ = other.generation_;
    }
    return *this;
  }
  ~DirectServant() { release(); }

  explicit operator bool() const noexcept { return upcall_ != nullptr; }
  DirectUpcall* get() const noexcept { return upcall_; }

 private:
  void release() noexcept {
    if (lease_) lease_->end_direct_call(slot_, generation_);
    lease_.reset();
    servant_.reset();
    upcall_ = nullptr;
  }

  DirectUpcall* upcall_ = nullptr;
  std::shared_ptr<void> servant_;      // keeps the servant alive for the call
  std::shared_ptr<DirectLease> lease_;  // the adapter part (a POA) that counted the call
  std::uint32_t slot_ = 0;
  std::uint32_t generation_ = 0;
};

// The servant to call directly for a request on `proxy`, or null: only when the ORB runs
// with -ORBCollocation direct, the reference's current target is collocated, and the
// adapter would dispatch to that servant with nothing in between (see
// ObjectAdapter::direct_servant). Never raises: every doubt gives null, and the normal
// invocation then raises what it must.
DirectServant direct_servant(const CORBA::Object& proxy) noexcept;

// `upcall` as the upcall class U of one interface, or null if the servant does not
// implement it: dynamic_cast, with the result remembered per thread as an offset for the
// servant's dynamic type (the offset of a base subobject is the same in every complete
// object of one type), so repeated calls on servants of one type cost a typeid and a
// comparison instead of a walk through the class hierarchy.
template <class U>
U* upcall_cast(DirectUpcall* upcall) noexcept {
  struct Memo {
    const std::type_info* type = nullptr;
    std::ptrdiff_t offset = 0;
  };
  static thread_local Memo memo;
  const std::type_info* type = &typeid(*upcall);
  auto* bytes = reinterpret_cast<char*>(upcall);
  if (type == memo.type) return reinterpret_cast<U*>(bytes + memo.offset);
  U* cast = dynamic_cast<U*>(upcall);
  if (cast != nullptr) memo = {type, reinterpret_cast<char*>(cast) - bytes};
  return cast;
}

}  // namespace rtorb::orb
