// The Scheduling Service as a library: one RtecScheduler::Scheduler object in a POA of its
// own, holding the RT_Infos its clients register and the schedule it computes from them
// with the exact analysis (docs/scheduling.md).
#pragma once

#include <memory>
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>
#include <rtorb/rt/rtcorba.hpp>
#include <string>

#include "RtecSchedulerC.h"

namespace rtorb::scheduling {

class SchedulerServant;  // private: the RT_Infos and the last schedule

struct SchedulingServiceOptions {
  // The child of the RootPOA serving the Scheduler (PERSISTENT, USER_ID; object id
  // "ScheduleService"), so its reference stays valid when restarted on the same endpoint.
  std::string poa_name = "ScheduleService";
  // Maps the CORBA priorities the rate groups get onto the OS priorities RT_Info and
  // Config_Info report. Null: the serving ORB's own (rtorb::rt::priority_mapping), so the
  // plan names the OS priorities that ORB's lanes will run at.
  std::shared_ptr<RTCORBA::PriorityMapping> priority_mapping;
};

class SchedulingService {
 public:
  // Creates the POA under the RootPOA, with the RootPOA's manager (which the caller
  // activates). Raises what the POA raises (e.g. AdapterAlreadyExists for a POA name taken).
  SchedulingService(CORBA::object_reference<CORBA::ORB> orb,
                    SchedulingServiceOptions options = {});
  SchedulingService(const SchedulingService&) = delete;
  SchedulingService& operator=(const SchedulingService&) = delete;
  ~SchedulingService();  // destroys the POA, waiting for calls in progress

  IDL::traits<RtecScheduler::Scheduler>::ref_type scheduler() const;

 private:
  IDL::traits<PortableServer::POA>::ref_type poa_;
  IDL::traits<RtecScheduler::Scheduler>::ref_type scheduler_;
};

}  // namespace rtorb::scheduling
