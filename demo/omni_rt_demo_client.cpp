// omni-rt-demo-client --ior FILE [--steps 0,5,10,20,50] [--step-seconds S] [-ORB... options]:
// the real-time demo's client (demo_load.hpp) on omniORB, against omni-cubit-server.
// omniORB has no lanes and no CORBA priorities: every thread calls the one object in FILE;
// the periodic threads run at their level's SCHED_FIFO priority, the same as rtorb's
// client threads get, and the flood threads with normal scheduling. Exits 1 if a call failed.
#include <pthread.h>
#include <sched.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "../bench/cubit/cube.hpp"
#include "cubit.hh"
#include "demo_load.hpp"

namespace {

// What ORB_init and the load options left in argv: --ior FILE.
std::string parse_ior_file(int argc, char* argv[]) {
  if (argc != 3 || std::string(argv[1]) != "--ior") {
    throw std::invalid_argument(
        "usage: omni-rt-demo-client --ior FILE [--steps N,N,...] [--step-seconds S] "
        "[-ORB... omniORB options]");
  }
  return argv[2];
}

std::string read_reference(const std::string& file) {
  std::ifstream in(file);
  std::string reference;
  if (!(in >> reference)) throw std::runtime_error("cannot read a reference from " + file);
  return reference;
}

// Where the OS refuses, the thread stays SCHED_OTHER; the table's header says what it got.
void run_at_fifo(const rt_demo::PriorityLevel& level) {
  sched_param param{};
  param.sched_priority = level.fifo;
  if (const int error = pthread_setschedparam(pthread_self(), SCHED_FIFO, &param); error != 0) {
    std::cerr << "omni-rt-demo-client: SCHED_FIFO " << level.fifo << " refused ("
              << std::strerror(error) << "); the " << level.name << " thread stays as it is\n";
  }
}

void run_with_normal_scheduling() {
  sched_param param{};
  pthread_setschedparam(pthread_self(), SCHED_OTHER, &param);
}

// This thread's own reference to the object; a call cubes the octet and checks it.
rt_demo::Call make_call(CORBA::ORB_ptr orb, const std::string& reference) {
  CORBA::Object_var object = orb->string_to_object(reference.c_str());
  auto target = std::make_shared<Cubit_var>(Cubit::_narrow(object));
  if (CORBA::is_nil(*target)) throw std::runtime_error("the reference is not a Cubit");
  return [target](std::uint8_t o) {
    CORBA::Octet cubed = 0;
    try {
      cubed = (*target)->cube_octet(o);
    } catch (const CORBA::Exception& e) {
      throw std::runtime_error(std::string("CORBA exception ") + e._name());
    }
    if (cubed != cubit::cube<std::uint8_t>(o)) throw std::runtime_error("a wrong cube");
  };
}

}  // namespace

int main(int argc, char* argv[]) {
  try {
    CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
    rt_demo::LoadOptions options = rt_demo::parse_load_options(argc, argv);
    options.title = "omniORB: one object, no lanes (thread per connection)";
    const std::string reference = read_reference(parse_ior_file(argc, argv));
    rt_demo::ClientSetup setup;
    setup.periodic = [&](const rt_demo::PriorityLevel& level) {
      run_at_fifo(level);
      return make_call(orb.in(), reference);
    };
    setup.flood = [&] {
      run_with_normal_scheduling();
      return make_call(orb.in(), reference);
    };
    const std::uint64_t failed = rt_demo::run(options, setup);
    orb->destroy();
    return failed == 0 ? 0 : 1;
  } catch (const CORBA::Exception& e) {
    std::cerr << "omni-rt-demo-client: CORBA exception " << e._name() << '\n';
  } catch (const std::exception& e) {
    std::cerr << "omni-rt-demo-client: " << e.what() << '\n';
  }
  return 1;
}
