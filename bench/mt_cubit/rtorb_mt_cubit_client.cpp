// rtorb-mt-cubit-client --ior-dir DIR --low N [--low-rate HZ] [--seconds S]
//   [--model server_declared|client_propagated] [--calls N] [--json] [ORB options]
// The paper's MT_Cubit client: one ORB, one high-priority thread calling cube_octet at 20 Hz
// and N low-priority threads (mt_driver.hpp), against rtorb-mt-cubit-server's references.
// server_declared: the high thread calls DIR/high.ior, the others DIR/low.ior;
// client_propagated: all call DIR/propagated.ior, each with its RTCurrent priority. The
// high thread runs at high_priority through RTCurrent; the low threads carry low_priority
// but run with normal scheduling, as the paper's low-priority clients do.
#include <rtorb/corba/orb.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <pthread.h>
#include <sched.h>

#include <iostream>
#include <stdexcept>
#include <string>

#include "cube.hpp"
#include "cubitC.h"
#include "lane_reportC.h"
#include "mt_driver.hpp"
#include "mt_priorities.hpp"

namespace {

void run_with_normal_scheduling() {
  sched_param param{};
  pthread_setschedparam(pthread_self(), SCHED_OTHER, &param);
}

}  // namespace

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    mt_cubit::DriverOptions options = mt_cubit::parse_driver_options(argc, argv);
    options.orb = "rtorb";
    options.model = "server_declared";
    std::string dir;
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--ior-dir" && i + 1 < argc) {
        dir = argv[++i];
      } else if (arg == "--model" && i + 1 < argc) {
        options.model = argv[++i];
      } else {
        std::cerr << "rtorb-mt-cubit-client: unknown argument " << arg << '\n';
        return 2;
      }
    }
    if (dir.empty() || (options.model != "server_declared" && options.model != "client_propagated")) {
      std::cerr << "usage: rtorb-mt-cubit-client --ior-dir DIR --low N [--low-rate HZ] "
                   "[--seconds S] [--model server_declared|client_propagated] [--calls N] "
                   "[--json]\n";
      return 2;
    }
    const bool propagated = options.model == "client_propagated";
    auto current = IDL::traits<RTCORBA::Current>::narrow(orb->resolve_initial_references("RTCurrent"));
    const auto reference = [&](const char* name) {
      auto cubit = IDL::traits<Cubit>::narrow(orb->string_to_object("file://" + dir + "/" + name));
      if (!cubit) throw std::runtime_error(std::string(name) + " is not a Cubit");
      return cubit;
    };
    mt_cubit::ThreadSetup setup;
    setup.make_call = [&](bool high, std::size_t) -> mt_cubit::Call {
      current->the_priority(high ? mt_cubit::high_priority : mt_cubit::low_priority);
      if (!high) run_with_normal_scheduling();
      auto cubit = reference(propagated ? "propagated.ior" : high ? "high.ior" : "low.ior");
      return [cubit](std::size_t i) {
        const auto o = static_cast<std::uint8_t>(i);
        if (cubit->cube_octet(o) != cubit::cube(o)) throw std::runtime_error("wrong cube");
      };
    };
    const mt_cubit::Result result = mt_cubit::run(options, setup);
    std::optional<std::uint64_t> violations;
    try {
      auto report = IDL::traits<LaneReport>::narrow(orb->string_to_object("file://" + dir + "/stats.ior"));
      if (report) violations = report->priority_violations();
    } catch (const CORBA::Exception& e) {
      std::cerr << "rtorb-mt-cubit-client: no lane report: " << e.what() << '\n';
    }
    mt_cubit::print(result, options, violations);
    orb->destroy();
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "rtorb-mt-cubit-client: " << e.what() << '\n';
    return 1;
  }
}
