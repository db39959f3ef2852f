// rtorb-rt-probe-server --ior-dir DIR [ORB options]: PriorityProbe objects on a thread pool
// with two lanes (1000 and 30000), for the omniORB interop test of Real-time CORBA. Writes
// DIR/high.ior and DIR/low.ior (SERVER_DECLARED at each lane's priority) and
// DIR/propagated.ior (CLIENT_PROPAGATED at 1000), prints "ready" (or "ready non-rt" without
// real-time scheduling), and serves until SIGTERM.
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>
#include <rtorb/rt/extensions.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <pthread.h>

#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>

#include "probe_servant.hpp"

int main(int argc, char* argv[]) {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    if (argc != 3 || std::string(argv[1]) != "--ior-dir") {
      std::cerr << "usage: rtorb-rt-probe-server --ior-dir DIR [ORB options]\n";
      return 2;
    }
    const std::string dir = argv[2];
    auto rt = IDL::traits<RTCORBA::RTORB>::narrow(orb->resolve_initial_references("RTORB"));
    auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    const auto pool = rt->create_threadpool_with_lanes(
        0, {RTCORBA::ThreadpoolLane(1000, 1, 0), RTCORBA::ThreadpoolLane(30000, 1, 0)}, false,
        false, 0, 0);
    const auto publish = [&](const std::string& name, RTCORBA::PriorityModel model,
                             RTCORBA::Priority priority) {
      auto poa = root->create_POA(name, root->the_POAManager(),
                                  {rt->create_priority_model_policy(model, priority),
                                   rt->create_threadpool_policy(pool)});
      const auto id = poa->activate_object(CORBA::make_reference<rt_test::ProbeServant>());
      std::ofstream(dir + "/" + name + ".ior") << orb->object_to_string(poa->id_to_reference(id))
                                               << '\n';
    };
    publish("high", RTCORBA::PriorityModel::SERVER_DECLARED, 30000);
    publish("low", RTCORBA::PriorityModel::SERVER_DECLARED, 1000);
    publish("propagated", RTCORBA::PriorityModel::CLIENT_PROPAGATED, 1000);
    root->the_POAManager()->activate();
    std::cout << (rtorb::rt::real_time_scheduling(*orb) ? "ready" : "ready non-rt") << std::endl;
    std::thread waiter([&] {
      int signal = 0;
      sigwait(&signals, &signal);
      orb->shutdown(false);
    });
    orb->run();
    pthread_kill(waiter.native_handle(), SIGTERM);
    waiter.join();
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "rtorb-rt-probe-server: " << e.what() << '\n';
    return 1;
  }
}
