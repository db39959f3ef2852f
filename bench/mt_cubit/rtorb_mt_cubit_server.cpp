// rtorb-mt-cubit-server --ior-dir DIR [--high-threads N] [--low-threads N] [ORB options]:
// serves Cubit from a thread pool with a high-priority and a low-priority lane, and writes
// DIR/high.ior and DIR/low.ior (SERVER_DECLARED at each lane's priority),
// DIR/propagated.ior (CLIENT_PROPAGATED) and DIR/stats.ior (a LaneReport). Runs until
// SIGINT/SIGTERM.
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>
#include <rtorb/rt/extensions.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <cstring>
#include <iostream>
#include <string>

#include "cubit_servant.hpp"
#include "lane_reportS.h"
#include "mt_priorities.hpp"
#include "server_main.hpp"

namespace {

class LaneReportServant final : public CORBA::servant_traits<LaneReport>::base_type {
 public:
  explicit LaneReportServant(IDL::traits<CORBA::ORB>::ref_type orb) : orb_(std::move(orb)) {}
  std::uint64_t priority_violations() override {
    std::uint64_t total = 0;
    for (const auto& lane : rtorb::rt::lane_statistics(*orb_)) total += lane.priority_violations;
    return total;
  }
  std::string lanes() override {
    std::string text;
    for (const auto& lane : rtorb::rt::lane_statistics(*orb_)) {
      text += "pool " + std::to_string(lane.threadpool) + " lane " +
              std::to_string(lane.lane_priority) + ": requests " + std::to_string(lane.requests) +
              ", violations " + std::to_string(lane.priority_violations) + "\n";
    }
    return text;
  }

 private:
  IDL::traits<CORBA::ORB>::ref_type orb_;
};

}  // namespace

int main(int argc, char* argv[]) {
  const cubit::TerminationSignals signals;
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    std::string dir;
    std::uint32_t high_threads = 1;
    std::uint32_t low_threads = 2;
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--ior-dir" && i + 1 < argc) {
        dir = argv[++i];
      } else if (arg == "--high-threads" && i + 1 < argc) {
        high_threads = static_cast<std::uint32_t>(std::stoul(argv[++i]));
      } else if (arg == "--low-threads" && i + 1 < argc) {
        low_threads = static_cast<std::uint32_t>(std::stoul(argv[++i]));
      } else {
        std::cerr << "usage: rtorb-mt-cubit-server --ior-dir DIR [--high-threads N] "
                     "[--low-threads N] [ORB options]\n";
        return 2;
      }
    }
    if (dir.empty()) {
      std::cerr << "rtorb-mt-cubit-server: --ior-dir is required\n";
      return 2;
    }
    auto rt = IDL::traits<RTCORBA::RTORB>::narrow(orb->resolve_initial_references("RTORB"));
    auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    const RTCORBA::ThreadpoolId pool = rt->create_threadpool_with_lanes(
        0,
        {RTCORBA::ThreadpoolLane(mt_cubit::low_priority, low_threads, 0),
         RTCORBA::ThreadpoolLane(mt_cubit::high_priority, high_threads, 0)},
        false, false, 0, 0);
    auto manager = root->the_POAManager();
    const auto make_poa = [&](const std::string& name, RTCORBA::PriorityModel model,
                              RTCORBA::Priority priority) {
      return root->create_POA(name, manager,
                              {rt->create_priority_model_policy(model, priority),
                               rt->create_threadpool_policy(pool)});
    };
    auto high = make_poa("high", RTCORBA::PriorityModel::SERVER_DECLARED, mt_cubit::high_priority);
    auto low = make_poa("low", RTCORBA::PriorityModel::SERVER_DECLARED, mt_cubit::low_priority);
    auto propagated =
        make_poa("propagated", RTCORBA::PriorityModel::CLIENT_PROPAGATED, mt_cubit::low_priority);
    manager->activate();
    const auto publish = [&](const IDL::traits<PortableServer::POA>::ref_type& poa,
                             const PortableServer::POA::ServantRef& servant,
                             const std::string& name) {
      const auto id = poa->activate_object(servant);
      cubit::write_ior_file(dir + "/" + name, orb->object_to_string(poa->id_to_reference(id)));
    };
    auto cubit = CORBA::make_reference<cubit::CubitServant>();
    publish(high, cubit, "high.ior");
    publish(low, cubit, "low.ior");
    publish(root, CORBA::make_reference<LaneReportServant>(orb), "stats.ior");
    publish(propagated, cubit, "propagated.ior");  // last: the harness waits for it
    if (!rtorb::rt::real_time_scheduling(*orb)) {
      std::cerr << "rtorb-mt-cubit-server: running without real-time priorities\n";
    }
    signals.run_until_signalled(orb);
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "rtorb-mt-cubit-server: " << e.what() << '\n';
    return 1;
  }
}
