// rtorb-rt-demo-server --ior-dir DIR [--low-threads N] [ORB options]: the real-time demo's
// server. One thread pool with a lane per priority level of demo_priorities.hpp (one thread
// each, N in the low lane, which the flood shares), a SERVER_DECLARED POA per lane serving
// Cubit, and DIR/<level>.ior for each, the lowest level's last (a starter waits for it).
// Stops on SIGINT/SIGTERM, then prints on stdout what each lane served and how many
// requests a lane below their priority handled (rtorb::rt::lane_statistics).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>
#include <rtorb/rt/extensions.hpp>
#include <rtorb/rt/rtcorba.hpp>
#include <string>

#include "../bench/cubit/cubit_servant.hpp"
#include "../bench/cubit/server_main.hpp"
#include "demo_priorities.hpp"

namespace {

struct ServerArguments {
  std::string ior_dir;
  std::uint32_t low_threads = 2;
};

[[noreturn]] void usage() {
  std::cerr << "usage: rtorb-rt-demo-server --ior-dir DIR [--low-threads N] [ORB options]\n";
  std::exit(2);
}

// What ORB_init left in argv.
ServerArguments parse_arguments(int argc, char* argv[]) {
  ServerArguments args;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) usage();
    if (arg == "--ior-dir") {
      args.ior_dir = argv[++i];
    } else if (arg == "--low-threads") {
      args.low_threads = static_cast<std::uint32_t>(std::stoul(argv[++i]));
    } else {
      usage();
    }
  }
  if (args.ior_dir.empty() || args.low_threads == 0) usage();
  return args;
}

RTCORBA::ThreadpoolLanes lanes(std::uint32_t low_threads) {
  RTCORBA::ThreadpoolLanes out;
  for (const rt_demo::PriorityLevel& level : rt_demo::levels) {
    const bool flooded = &level == &rt_demo::flood_level;
    out.emplace_back(level.corba, flooded ? low_threads : 1, 0);
  }
  return out;
}

// A POA whose objects' requests all run in the pool's lane of `priority`.
IDL::traits<PortableServer::POA>::ref_type lane_poa(
    const IDL::traits<PortableServer::POA>::ref_type& root,
    const IDL::traits<RTCORBA::RTORB>::ref_type& rt, RTCORBA::ThreadpoolId pool,
    const rt_demo::PriorityLevel& level) {
  return root->create_POA(
      level.name, root->the_POAManager(),
      {rt->create_priority_model_policy(RTCORBA::PriorityModel::SERVER_DECLARED, level.corba),
       rt->create_threadpool_policy(pool)});
}

// Serves one Cubit from a lane per level and writes each lane's reference into the dir.
void serve_lanes(const IDL::traits<CORBA::ORB>::ref_type& orb, const ServerArguments& args) {
  auto rt = IDL::traits<RTCORBA::RTORB>::narrow(orb->resolve_initial_references("RTORB"));
  auto root =
      IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  const RTCORBA::ThreadpoolId pool =
      rt->create_threadpool_with_lanes(0, lanes(args.low_threads), false, false, 0, 0);
  root->the_POAManager()->activate();
  auto cubit = CORBA::make_reference<cubit::CubitServant>();
  // Highest first, so the lowest level's file, written last, says all are there.
  for (const rt_demo::PriorityLevel& level : rt_demo::levels) {
    auto poa = lane_poa(root, rt, pool, level);
    const auto id = poa->activate_object(cubit);
    cubit::write_ior_file(args.ior_dir + "/" + level.name + ".ior",
               orb->object_to_string(poa->id_to_reference(id)));
  }
}

const char* level_name(RTCORBA::Priority priority) {
  for (const rt_demo::PriorityLevel& level : rt_demo::levels) {
    if (level.corba == priority) return level.name;
  }
  return "?";
}

void print_lane_statistics(CORBA::ORB& orb) {
  std::uint64_t violations = 0;
  std::printf("rtorb-rt-demo-server's lanes:\n");
  for (const auto& lane : rtorb::rt::lane_statistics(orb)) {
    std::printf("  lane %5d (%s, %u thread%s): %llu requests, %llu priority violations\n",
                lane.lane_priority, level_name(lane.lane_priority), lane.static_threads,
                lane.static_threads == 1 ? "" : "s",
                static_cast<unsigned long long>(lane.requests),
                static_cast<unsigned long long>(lane.priority_violations));
    violations += lane.priority_violations;
  }
  // The line a script looks for: requests served by a lane below their priority.
  std::printf("priority violations: %llu\n", static_cast<unsigned long long>(violations));
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char* argv[]) {
  const cubit::TerminationSignals signals;
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    const ServerArguments args = parse_arguments(argc, argv);
    serve_lanes(orb, args);
    signals.run_until_signalled(orb);
    print_lane_statistics(*orb);
    orb->destroy();
    return 0;
  } catch (const std::exception& e) {  // CORBA exceptions included
    std::cerr << "rtorb-rt-demo-server: " << e.what() << '\n';
    return 1;
  }
}
