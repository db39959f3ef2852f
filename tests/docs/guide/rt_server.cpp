// docs/guide/real-time.md's server, word for word: a thread pool with three lanes, a
// SERVER_DECLARED POA whose objects run at 30000 and a CLIENT_PROPAGATED one whose objects
// run at their callers' priorities, with one object of the first at 20000 instead.
//   guide-rt-server DECLARED_IOR PROPAGATED_IOR AT_20000_IOR [-ORB options]
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>
#include <rtorb/rt/extensions.hpp>
#include <rtorb/rt/rt_portable_server.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <cstdint>
#include <fstream>
#include <iostream>
#include <utility>

#include "guide_rtS.h"

class Controller final : public CORBA::servant_traits<Plant::Controller>::base_type {
 public:
  explicit Controller(IDL::traits<CORBA::ORB>::ref_type orb)
      : orb_(orb),
        current_(IDL::traits<RTCORBA::Current>::narrow(orb->resolve_initial_references("RTCurrent"))) {}

  std::int16_t upcall_priority() override { return current_->the_priority(); }
  std::uint64_t priority_violations() override {
    std::uint64_t violations = 0;
    for (const auto& lane : rtorb::rt::lane_statistics(*orb_)) violations += lane.priority_violations;
    return violations;
  }

 private:
  IDL::traits<CORBA::ORB>::ref_type orb_;
  IDL::traits<RTCORBA::Current>::ref_type current_;
};

int main(int argc, char* argv[]) {
  auto orb = CORBA::ORB_init(argc, argv);
  if (argc != 4) {
    std::cerr << "usage: guide-rt-server DECLARED_IOR PROPAGATED_IOR AT_20000_IOR [-ORB options]\n";
    return 2;
  }
  if (!rtorb::rt::real_time_scheduling(*orb)) std::cerr << "note: no SCHED_FIFO here\n";
  auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  auto rt = IDL::traits<RTCORBA::RTORB>::narrow(orb->resolve_initial_references("RTORB"));

  // Three lanes of one static thread each, at CORBA priorities 10000, 20000 and 30000. Each
  // lane listens on an endpoint of its own; its threads run at the lane's priority.
  auto pool = rt->create_threadpool_with_lanes(
      0,  // default stack size
      {RTCORBA::ThreadpoolLane(10000, 1, 0), RTCORBA::ThreadpoolLane(20000, 1, 0),
       RTCORBA::ThreadpoolLane(30000, 1, 0)},
      false,           // no borrowing of threads between lanes
      false, 0, 0);    // no request buffering

  // SERVER_DECLARED: every call runs at 30000, whoever makes it.
  auto declared = root->create_POA("declared", root->the_POAManager(),
      {rt->create_priority_model_policy(RTCORBA::PriorityModel::SERVER_DECLARED, 30000),
       rt->create_threadpool_policy(pool)});
  // CLIENT_PROPAGATED: a call runs at its caller's priority (10000 if it sends none).
  auto propagated = root->create_POA("propagated", root->the_POAManager(),
      {rt->create_priority_model_policy(RTCORBA::PriorityModel::CLIENT_PROPAGATED, 10000),
       rt->create_threadpool_policy(pool)});
  root->the_POAManager()->activate();

  // One servant, an object in each POA (a POA other than the root activates explicitly).
  auto servant = CORBA::make_reference<Controller>(orb);
  auto in_declared = declared->id_to_reference(declared->activate_object(servant));
  auto in_propagated = propagated->id_to_reference(propagated->activate_object(servant));
  // An object of the SERVER_DECLARED POA with a priority of its own (a lane's).
  auto rt_poa = IDL::traits<RTPortableServer::POA>::narrow(declared);
  auto at_20000 = declared->id_to_reference(rt_poa->activate_object_with_priority(
      CORBA::make_reference<Controller>(orb), 20000));
  std::ofstream(argv[1]) << orb->object_to_string(in_declared) << '\n';
  std::ofstream(argv[2]) << orb->object_to_string(in_propagated) << '\n';
  std::ofstream(argv[3]) << orb->object_to_string(at_20000) << '\n';
  orb->run();  // the lanes' threads serve; run() waits for shutdown
}
