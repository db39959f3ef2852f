// The calling thread's stack of POA upcalls: what PortableServer::Current reports, what
// _this() returns inside an upcall, and how wait_for_completion detects a call from
// inside a request. Frames live on the dispatching thread's stack.
#pragma once

#include <cstdint>
#include <rtorb/poa/current.hpp>
#include <rtorb/poa/servant.hpp>
#include <span>

namespace rtorb::poa {

class PoaImpl;

struct UpcallFrame {
  const void* system = nullptr;  // the PoaSystem (one per ORB) that dispatched it
  PoaImpl* poa = nullptr;        // kept alive by the dispatcher
  std::span<const std::uint8_t> object_id;
  const CORBA::servant_reference<PortableServer::Servant>* servant = nullptr;
  UpcallFrame* previous = nullptr;
};

// Pushes `frame` for its lifetime.
class UpcallScope {
 public:
  explicit UpcallScope(UpcallFrame& frame) noexcept;
  ~UpcallScope();
  UpcallScope(const UpcallScope&) = delete;
  UpcallScope& operator=(const UpcallScope&) = delete;

 private:
  UpcallFrame& frame_;
};

// The innermost upcall on this thread, or nullptr.
UpcallFrame* current_upcall() noexcept;
// True if this thread is inside an upcall dispatched by `system`.
bool in_upcall_of(const void* system) noexcept;

// "POACurrent": a view of the calling thread's innermost frame.
class CurrentImpl final : public PortableServer::Current {
 public:
  CORBA::object_reference<PortableServer::POA> get_POA() override;
  PortableServer::ObjectId get_object_id() override;
  CORBA::object_reference<CORBA::Object> get_reference() override;
  CORBA::servant_reference<PortableServer::Servant> get_servant() override;
  bool _is_a(const std::string& repository_id) override;

 private:
  static UpcallFrame& frame();  // raises NoContext
};

}  // namespace rtorb::poa
