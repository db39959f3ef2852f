// rtorb-rt-demo-client --ior-dir DIR [--steps 0,5,10,20,50] [--step-seconds S] [ORB options]:
// the real-time demo's client (demo_load.hpp) on rtorb, against rtorb-rt-demo-server. Each
// periodic thread takes its level's priority through RTCurrent and calls DIR/<level>.ior,
// which the server's lane of that priority serves; the flood threads carry the low
// priority but run with normal scheduling, and call DIR/low.ior. Exits 1 if a call failed.
#include <pthread.h>
#include <sched.h>

#include <cstdint>
#include <iostream>
#include <rtorb/corba/orb.hpp>
#include <rtorb/rt/rtcorba.hpp>
#include <stdexcept>
#include <string>

#include "../bench/cubit/cube.hpp"
#include "cubitC.h"
#include "demo_load.hpp"

namespace {

using OrbRef = IDL::traits<CORBA::ORB>::ref_type;

// What ORB_init and the load options left in argv: --ior-dir DIR.
std::string parse_ior_dir(int argc, char* argv[]) {
  if (argc != 3 || std::string(argv[1]) != "--ior-dir") {
    throw std::invalid_argument(
        "usage: rtorb-rt-demo-client --ior-dir DIR [--steps N,N,...] [--step-seconds S] "
        "[ORB options]");
  }
  return argv[2];
}

// The flood's threads compete with each other by the OS's normal rules, as background load
// does; only their requests carry the low CORBA priority.
void run_with_normal_scheduling() {
  sched_param param{};
  pthread_setschedparam(pthread_self(), SCHED_OTHER, &param);
}

// This thread's own reference to the level's object; a call cubes the octet and checks it.
rt_demo::Call make_call(const OrbRef& orb, const std::string& dir,
                        const rt_demo::PriorityLevel& level) {
  const std::string file = dir + "/" + level.name + ".ior";
  auto target = IDL::traits<Cubit>::narrow(orb->string_to_object("file://" + file));
  if (!target) throw std::runtime_error(file + " is not a Cubit");
  return [target](std::uint8_t o) {
    if (target->cube_octet(o) != cubit::cube(o)) throw std::runtime_error("a wrong cube");
  };
}

rt_demo::ClientSetup client_setup(const OrbRef& orb, const std::string& dir) {
  auto current =
      IDL::traits<RTCORBA::Current>::narrow(orb->resolve_initial_references("RTCurrent"));
  rt_demo::ClientSetup setup;
  setup.periodic = [=](const rt_demo::PriorityLevel& level) {
    current->the_priority(level.corba);
    return make_call(orb, dir, level);
  };
  setup.flood = [=] {
    current->the_priority(rt_demo::flood_level.corba);
    run_with_normal_scheduling();
    return make_call(orb, dir, rt_demo::flood_level);
  };
  return setup;
}

}  // namespace

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    rt_demo::LoadOptions options = rt_demo::parse_load_options(argc, argv);
    options.title = "rtorb: a lane per priority (SERVER_DECLARED POAs on one thread pool)";
    const std::string dir = parse_ior_dir(argc, argv);
    const std::uint64_t failed = rt_demo::run(options, client_setup(orb, dir));
    orb->destroy();
    return failed == 0 ? 0 : 1;
  } catch (const std::exception& e) {  // CORBA exceptions included
    std::cerr << "rtorb-rt-demo-client: " << e.what() << '\n';
    return 1;
  }
}
