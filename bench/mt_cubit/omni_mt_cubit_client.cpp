// omni-mt-cubit-client --ior FILE_OR_URL [--model LABEL] [driver options] [-ORB...]: the
// MT_Cubit client on omniORB. One ORB serves every thread, as in the paper's ORBs; omniORB
// alone decides which connection a call takes (-ORBmaxGIOPConnectionPerServer and
// -ORBoneCallPerConnection set how many there are), so its "priority" is only the high
// thread's own SCHED_FIFO priority on the client host.
#include <pthread.h>
#include <sched.h>

#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>

#include "../cubit/cube.hpp"
#include "cubit.hh"
#include "mt_driver.hpp"

namespace {

constexpr int high_priority = 90;

[[noreturn]] void usage() {
  std::cerr << "usage: omni-mt-cubit-client --ior <IOR:...|corbaloc:...|file://F|F> "
               "[--model LABEL] [--low N] [--low-rate HZ] [--high-rate HZ] [--seconds S] "
               "[--calls N] [--scavenger] [--json] [-ORB... omniORB options]\n";
  std::exit(2);
}

struct ClientArguments {
  std::string reference;
  std::string model = "default";
};

// What the driver and ORB_init left in argv.
ClientArguments parse_client_arguments(int argc, char* argv[]) {
  ClientArguments args;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) usage();
    if (arg == "--ior") {
      args.reference = argv[++i];
    } else if (arg == "--model") {
      args.model = argv[++i];
    } else {
      usage();
    }
  }
  if (args.reference.empty()) usage();
  return args;
}

// A stringified reference as is; anything else names a file holding one (omniORB reads no
// file:// URLs itself).
std::string read_reference(const std::string& text) {
  for (const char* scheme : {"IOR:", "corbaloc:", "corbaname:"}) {
    if (text.rfind(scheme, 0) == 0) return text;
  }
  const std::string path = text.rfind("file://", 0) == 0 ? text.substr(7) : text;
  std::ifstream in(path);
  std::string reference;
  if (!(in >> reference)) throw std::runtime_error("cannot read a reference from " + path);
  return reference;
}

// The paper's high-priority client thread: SCHED_FIFO. Where the OS refuses, the run goes
// on at SCHED_OTHER (the output's high_sched says which it was).
void raise_to_fifo() {
  sched_param param{};
  param.sched_priority = high_priority;
  if (const int error = pthread_setschedparam(pthread_self(), SCHED_FIFO, &param); error != 0) {
    std::cerr << "omni-mt-cubit-client: SCHED_FIFO " << high_priority << " refused ("
              << std::strerror(error) << "); the high thread stays SCHED_OTHER\n";
  }
}

// This thread's own reference to the target; a call cubes the octet and checks the result.
mt_cubit::Call make_call(CORBA::ORB_ptr orb, const std::string& reference) {
  CORBA::Object_var object = orb->string_to_object(reference.c_str());
  auto target = std::make_shared<Cubit_var>(Cubit::_narrow(object));
  if (CORBA::is_nil(*target)) throw std::runtime_error("the reference is not a Cubit");
  return [target](std::size_t i) {
    const auto o = static_cast<CORBA::Octet>(i);
    CORBA::Octet r = 0;
    try {
      r = (*target)->cube_octet(o);
    } catch (const CORBA::Exception& e) {
      throw std::runtime_error(std::string("CORBA exception ") + e._name());
    }
    if (r != cubit::cube<std::uint8_t>(o))
      throw std::runtime_error("wrong result from cube_octet");
  };
}

}  // namespace

int main(int argc, char* argv[]) {
  try {
    CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
    auto options = mt_cubit::parse_driver_options(argc, argv);
    const auto args = parse_client_arguments(argc, argv);
    options.orb = "omniorb";
    options.model = args.model;
    const std::string reference = read_reference(args.reference);
    const mt_cubit::ThreadSetup setup{[&](bool high, std::size_t) {
      if (high) raise_to_fifo();
      return make_call(orb.in(), reference);
    }};
    const auto result = mt_cubit::run(options, setup);
    mt_cubit::print(result, options, std::nullopt);
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "omni-mt-cubit-client: CORBA exception " << e._name() << '\n';
  } catch (const std::exception& e) {
    std::cerr << "omni-mt-cubit-client: " << e.what() << '\n';
  }
  return 1;
}
