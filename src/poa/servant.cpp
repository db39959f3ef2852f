// PortableServer::Servant: _default_POA, _this() support and the CORBA::Object operations
// every servant answers (CORBA 3.x, 15.3.10 and the GIOP operation names of 15.4.2).
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/orb/server_request.hpp>
#include <rtorb/poa/poa.hpp>

#include "poa/poa_impl.hpp"
#include "poa/poa_system.hpp"
#include "poa/servant_access.hpp"
#include "poa/upcall_context.hpp"

namespace PortableServer {

CORBA::object_reference<POA> Servant::_default_POA() {
  auto system =
      std::static_pointer_cast<rtorb::poa::PoaSystem>(ServantAccess::default_poa(*this));
  if (!system) {
    rtorb::raise<CORBA::OBJ_ADAPTER>(rtorb::minor::obj_adapter_no_orb,
                                     "servant never activated: no ORB to find a RootPOA in; "
                                     "override _default_POA()");
  }
  return CORBA::object_reference<POA>::adopt(system->root());
}

bool Servant::_is_a(const std::string& repository_id) {
  return repository_id == rtorb_repository_id() ||
         repository_id == IDL::traits<CORBA::Object>::repository_id;
}

CORBA::object_reference<CORBA::Object> Servant::rtorb_this() {
  if (const auto* frame = rtorb::poa::current_upcall();
      frame != nullptr && frame->servant->shared().get() == this) {
    return frame->poa->reference_for(frame->object_id, rtorb_repository_id());
  }
  auto poa = _default_POA();
  std::shared_ptr<Servant> self;
  try {
    self = shared_from_this();
  } catch (const std::bad_weak_ptr&) {
    rtorb::raise<CORBA::BAD_INV_ORDER>(
        rtorb::minor::bad_inv_order_no_servant,
        "_this() on a servant not made by CORBA::make_reference");
  }
  try {
    return poa->servant_to_reference(CORBA::servant_reference<Servant>::adopt(std::move(self)));
  } catch (const POA::WrongPolicy&) {
    rtorb::raise<CORBA::OBJ_ADAPTER>(rtorb::minor::obj_adapter_this_failed,
                                     "_this(): the default POA cannot activate implicitly");
  } catch (const POA::ServantNotActive&) {
    rtorb::raise<CORBA::OBJ_ADAPTER>(rtorb::minor::obj_adapter_this_failed,
                                     "_this(): servant not active in its default POA");
  }
}

void Servant::rtorb_dispatch(rtorb::orb::ServerRequest& request) {
  const std::string_view op = request.operation();
  if (op == "_is_a") {
    const std::string id = request.arguments().read_string();
    const bool result = _is_a(id);
    if (request.response_expected()) request.reply().write_boolean(result);
  } else if (op == "_non_existent" || op == "_not_existent") {
    const bool result = _non_existent();
    if (request.response_expected()) request.reply().write_boolean(result);
  } else if (op == "_repository_id") {
    if (request.response_expected()) request.reply().write_string(rtorb_repository_id());
  } else if (op == "_component") {
    // A nil reference: empty type id, no profiles.
    if (request.response_expected()) {
      auto& out = request.reply();
      out.write_string("");
      out.write_ulong(0);
    }
  } else if (op == "_interface") {
    rtorb::raise<CORBA::NO_IMPLEMENT>(rtorb::minor::no_implement_interface,
                                      "_interface: no interface repository");
  } else {
    rtorb::raise<CORBA::BAD_OPERATION>(
        rtorb::minor::bad_operation_unknown,
        "no operation '" + std::string(op) + "' in " + rtorb_repository_id());
  }
}

}  // namespace PortableServer
