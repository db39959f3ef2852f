#include "rt_test_support.hpp"

#include <pthread.h>
#include <sched.h>

#include <atomic>

#include "orb/request_priority.hpp"

namespace rt_test {

IDL::traits<CORBA::ORB>::ref_type make_orb(std::vector<std::string> options) {
  static std::atomic<int> counter{0};
  std::vector<std::string> args = {"rt_unit_tests"};
  args.insert(args.end(), options.begin(), options.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  return CORBA::ORB_init(argc, argv.data(), "rt-test-" + std::to_string(counter++));
}

IDL::traits<RTCORBA::RTORB>::ref_type rt_orb(const IDL::traits<CORBA::ORB>::ref_type& orb) {
  return IDL::traits<RTCORBA::RTORB>::narrow(orb->resolve_initial_references("RTORB"));
}

IDL::traits<RTCORBA::Current>::ref_type rt_current(const IDL::traits<CORBA::ORB>::ref_type& orb) {
  return IDL::traits<RTCORBA::Current>::narrow(orb->resolve_initial_references("RTCurrent"));
}

IDL::traits<PortableServer::POA>::ref_type root_poa(const IDL::traits<CORBA::ORB>::ref_type& orb) {
  return IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
}

int linear_fifo(RTCORBA::Priority priority) {
  const int min = sched_get_priority_min(SCHED_FIFO);
  const int max = sched_get_priority_max(SCHED_FIFO);
  return min + priority * (max - min) / RTCORBA::maxPriority;
}

PriorityProbe::Scheduling ProbeServant::upcall_scheduling() {
  int policy = 0;
  sched_param param{};
  pthread_getschedparam(pthread_self(), &policy, &param);
  return PriorityProbe::Scheduling(policy, param.sched_priority,
                                   static_cast<std::int16_t>(rtorb::orb::thread_priority()));
}

}  // namespace rt_test
