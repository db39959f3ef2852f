// NamingService: the public face of ServiceCore.
#include <rtorb/naming/naming_service.hpp>

#include "service_core.hpp"

namespace rtorb::naming {

NamingService::NamingService(CORBA::object_reference<CORBA::ORB> orb, ServiceOptions options)
    : core_(std::make_shared<ServiceCore>(std::move(orb), std::move(options))) {
  try {
    core_->start();
  } catch (...) {
    core_->stop();
    throw;
  }
}

NamingService::~NamingService() {
  try {
    core_->stop();
  } catch (const CORBA::Exception&) {
    // The ORB was destroyed first: its POAs went with it.
  }
}

IDL::traits<CosNaming::NamingContextExt>::ref_type NamingService::root_context() const {
  return IDL::traits<CosNaming::NamingContextExt>::narrow(core_->context_reference(root_context_id));
}

}  // namespace rtorb::naming
