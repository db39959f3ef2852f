#include "rt_test_support.hpp"

#include <sched.h>

#include <atomic>


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

IDL::traits<PortableServer::POA>::ref_type make_rt_poa(const IDL::traits<CORBA::ORB>::ref_type& orb,
                                                       const std::string& name,
                                                       RTCORBA::PriorityModel model,
                                                       RTCORBA::Priority priority,
                                                       RTCORBA::ThreadpoolId pool) {
  auto rt = rt_orb(orb);
  auto root = root_poa(orb);
  return root->create_POA(name, root->the_POAManager(),
                          {rt->create_priority_model_policy(model, priority),
                           rt->create_threadpool_policy(pool)});
}

int linear_fifo(RTCORBA::Priority priority) {
  const int min = sched_get_priority_min(SCHED_FIFO);
  const int max = sched_get_priority_max(SCHED_FIFO);
  return min + priority * (max - min) / RTCORBA::maxPriority;
}

}  // namespace rt_test
