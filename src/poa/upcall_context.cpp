// Thread-local upcall frames and POACurrent.
#include "poa/upcall_context.hpp"

#include "poa/poa_impl.hpp"

namespace rtorb::poa {
namespace {
thread_local UpcallFrame* top = nullptr;
}

UpcallScope::UpcallScope(UpcallFrame& frame) noexcept : frame_(frame) {
  frame_.previous = top;
  top = &frame_;
}

UpcallScope::~UpcallScope() { top = frame_.previous; }

UpcallFrame* current_upcall() noexcept { return top; }

bool in_upcall_of(const void* system) noexcept {
  for (const UpcallFrame* f = top; f != nullptr; f = f->previous) {
    if (f->system == system) return true;
  }
  return false;
}

UpcallFrame& CurrentImpl::frame() {
  if (top == nullptr) throw NoContext();
  return *top;
}

CORBA::object_reference<PortableServer::POA> CurrentImpl::get_POA() {
  return CORBA::object_reference<PortableServer::POA>::adopt(frame().poa->shared_from_this());
}

PortableServer::ObjectId CurrentImpl::get_object_id() {
  const auto& oid = frame().object_id;
  return {oid.begin(), oid.end()};
}

CORBA::object_reference<CORBA::Object> CurrentImpl::get_reference() {
  UpcallFrame& f = frame();
  return f.poa->reference_for(f.object_id, (*f.servant)->rtorb_repository_id());
}

CORBA::servant_reference<PortableServer::Servant> CurrentImpl::get_servant() {
  return *frame().servant;
}

bool CurrentImpl::_is_a(const std::string& repository_id) {
  return repository_id == IDL::traits<PortableServer::Current>::repository_id ||
         repository_id == "IDL:omg.org/CORBA/Current:1.0" ||
         CORBA::LocalObject::_is_a(repository_id);
}

}  // namespace rtorb::poa
