// omni-cubit-server [--ior-file F] [omniORB options]: the same Cubit as rtorb-cubit-server,
// served by omniORB, for side-by-side benchmarks.
#include <pthread.h>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>

#include "cube.hpp"
#include "cubit.hh"

namespace {

using cubit::cube;

class CubitServant final : public POA_Cubit {
 public:
  explicit CubitServant(CORBA::ORB_ptr orb) : orb_(CORBA::ORB::_duplicate(orb)) {}
  void cube_void() override {}
  CORBA::Octet cube_octet(CORBA::Octet o) override { return cube<std::uint8_t>(o); }
  CORBA::Long cube_long(CORBA::Long l) override { return cube<std::int32_t>(l); }
  Cubit::Many cube_struct(const Cubit::Many& m) override {
    Cubit::Many r;
    r.o = cube<std::uint8_t>(m.o);
    r.l = cube<std::int32_t>(m.l);
    r.s = cube<std::int16_t>(m.s);
    return r;
  }
  Cubit::LongSeq* cube_long_sequence(const Cubit::LongSeq& s) override {
    auto* r = new Cubit::LongSeq;
    r->length(s.length());
    for (CORBA::ULong i = 0; i < s.length(); ++i) (*r)[i] = cube<std::int32_t>(s[i]);
    return r;
  }
  void ping_oneway() override {}
  void cube_oneway(CORBA::Long l) override { last_ = cube<std::int32_t>(l); }
  void sequence_oneway(const Cubit::LongSeq&) override {}
  void shutdown() override { orb_->shutdown(false); }

 private:
  CORBA::ORB_var orb_;
  CORBA::Long last_ = 0;
};

}  // namespace

int main(int argc, char* argv[]) {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  try {
    CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
    std::string ior_file;
    for (int i = 1; i < argc; ++i) {
      if (std::strcmp(argv[i], "--ior-file") == 0 && i + 1 < argc) {
        ior_file = argv[++i];
      } else {
        std::cerr << "usage: omni-cubit-server [--ior-file F] [omniORB options]\n";
        return 2;
      }
    }
    CORBA::Object_var obj = orb->resolve_initial_references("RootPOA");
    PortableServer::POA_var poa = PortableServer::POA::_narrow(obj);
    PortableServer::Servant_var<CubitServant> servant = new CubitServant(orb);
    PortableServer::ObjectId_var id = poa->activate_object(servant);
    CORBA::Object_var ref = poa->id_to_reference(id);
    CORBA::String_var ior = orb->object_to_string(ref);
    poa->the_POAManager()->activate();
    if (ior_file.empty()) {
      std::cout << ior.in() << std::endl;
    } else {
      const std::string partial = ior_file + ".partial";
      std::ofstream(partial) << ior.in() << '\n';
      std::rename(partial.c_str(), ior_file.c_str());
    }
    std::thread signal_waiter([&] {
      int signal = 0;
      sigwait(&signals, &signal);
      try {
        orb->shutdown(false);
      } catch (const CORBA::BAD_INV_ORDER&) {
        // omniORB refuses a second shutdown: run() has already returned.
      }
    });
    orb->run();
    pthread_kill(signal_waiter.native_handle(), SIGTERM);
    signal_waiter.join();
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "omni-cubit-server: CORBA exception " << e._name() << '\n';
    return 1;
  }
}
