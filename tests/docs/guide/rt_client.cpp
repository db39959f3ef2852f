// docs/guide/real-time.md's client, word for word: calls guide-rt-server's two objects at
// chosen priorities, over private and banded connections; what it prints is checked by
// Guide.RealTimeProgramsRun.
//   guide-rt-client DECLARED PROPAGATED AT_20000 (references) [-ORB options]
#include <rtorb/corba/orb.hpp>
#include <rtorb/rt/extensions.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <iostream>

#include "guide_rtC.h"

int main(int argc, char* argv[]) {
  auto orb = CORBA::ORB_init(argc, argv);
  if (argc != 4) {
    std::cerr << "usage: guide-rt-client DECLARED PROPAGATED AT_20000 (references) [-ORB options]\n";
    return 2;
  }
  if (!rtorb::rt::real_time_scheduling(*orb)) std::cerr << "note: priorities run with SCHED_OTHER\n";
  auto declared = IDL::traits<Plant::Controller>::narrow(orb->string_to_object(argv[1]));
  auto propagated = IDL::traits<Plant::Controller>::narrow(orb->string_to_object(argv[2]));
  auto at_20000 = IDL::traits<Plant::Controller>::narrow(orb->string_to_object(argv[3]));
  auto current = IDL::traits<RTCORBA::Current>::narrow(orb->resolve_initial_references("RTCurrent"));
  auto rt = IDL::traits<RTCORBA::RTORB>::narrow(orb->resolve_initial_references("RTORB"));

  current->the_priority(20000);  // this thread now runs at the native priority of 20000
  std::cout << "declared: " << declared->upcall_priority() << '\n';      // 30000
  std::cout << "declared at 20000: " << at_20000->upcall_priority() << '\n';
  std::cout << "propagated: " << propagated->upcall_priority() << '\n';  // 20000
  current->the_priority(30000);
  std::cout << "propagated: " << propagated->upcall_priority() << '\n';  // 30000

  // A connection of its own for this reference, shared with no other reference.
  auto private_ref = IDL::traits<Plant::Controller>::narrow(propagated->_set_policy_overrides(
      {rt->create_private_connection_policy()}, CORBA::SetOverrideType::ADD_OVERRIDE));
  std::cout << "private: " << private_ref->upcall_priority() << '\n';  // 30000

  // One connection per band of priorities (used where the server's IOR names no lanes).
  auto banded = IDL::traits<Plant::Controller>::narrow(propagated->_set_policy_overrides(
      {rt->create_priority_banded_connection_policy(
          {RTCORBA::PriorityBand(0, 14999), RTCORBA::PriorityBand(15000, 32767)})},
      CORBA::SetOverrideType::ADD_OVERRIDE));
  current->the_priority(10000);
  std::cout << "banded: " << banded->upcall_priority() << '\n';  // 10000

  std::cout << "priority violations: " << declared->priority_violations() << '\n';  // 0
  orb->destroy();
}
