// SchedulingService: the POA and the one Scheduler object in it.
#include <rtorb/poa/poa.hpp>
#include <rtorb/rt/extensions.hpp>
#include <rtorb/scheduling/scheduling_service.hpp>

#include "scheduler_servant.hpp"

namespace rtorb::scheduling {
namespace {

constexpr const char* object_id = "ScheduleService";

}  // namespace

SchedulingService::SchedulingService(CORBA::object_reference<CORBA::ORB> orb,
                                     SchedulingServiceOptions options) {
  std::shared_ptr<RTCORBA::PriorityMapping> mapping = std::move(options.priority_mapping);
  if (!mapping) mapping = rt::priority_mapping(*orb);
  auto root =
      IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  const CORBA::PolicyList policies{
      root->create_lifespan_policy(PortableServer::LifespanPolicyValue::PERSISTENT),
      root->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID)};
  poa_ = root->create_POA(options.poa_name, root->the_POAManager(), policies);
  const std::string id = object_id;
  const PortableServer::ObjectId oid(id.begin(), id.end());
  poa_->activate_object_with_id(oid,
                                CORBA::make_reference<SchedulerServant>(std::move(mapping)));
  scheduler_ = IDL::traits<RtecScheduler::Scheduler>::narrow(poa_->id_to_reference(oid));
}

SchedulingService::~SchedulingService() {
  try {
    poa_->destroy(false, true);
  } catch (const CORBA::Exception&) {
    // The ORB was destroyed first: its POAs went with it.
  }
}

IDL::traits<RtecScheduler::Scheduler>::ref_type SchedulingService::scheduler() const {
  return scheduler_;
}

}  // namespace rtorb::scheduling
