// omni-cubit-server [--ior-file F] [--sleep-ms N] [omniORB options]: the same Cubit as
// rtorb-cubit-server, served by omniORB, for side-by-side benchmarks. --sleep-ms N: every
// two-way cube_* operation first sleeps N ms, as rtorb-cubit-server's does.
#include <pthread.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
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
  CubitServant(CORBA::ORB_ptr orb, std::chrono::milliseconds sleep)
      : orb_(CORBA::ORB::_duplicate(orb)), sleep_(sleep) {}
  void cube_void() override { nap(); }
  CORBA::Octet cube_octet(CORBA::Octet o) override {
    nap();
    return cube<std::uint8_t>(o);
  }
  CORBA::Long cube_long(CORBA::Long l) override {
    nap();
    return cube<std::int32_t>(l);
  }
  Cubit::Many cube_struct(const Cubit::Many& m) override {
    nap();
    Cubit::Many r;
    r.o = cube<std::uint8_t>(m.o);
    r.l = cube<std::int32_t>(m.l);
    r.s = cube<std::int16_t>(m.s);
    return r;
  }
  Cubit::LongSeq* cube_long_sequence(const Cubit::LongSeq& s) override {
    nap();
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
  void nap() const {
    if (sleep_.count() > 0) std::this_thread::sleep_for(sleep_);
  }

  CORBA::ORB_var orb_;
  std::chrono::milliseconds sleep_;
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
    long sleep_ms = 0;
    for (int i = 1; i < argc; ++i) {
      if (std::strcmp(argv[i], "--ior-file") == 0 && i + 1 < argc) {
        ior_file = argv[++i];
      } else if (std::strcmp(argv[i], "--sleep-ms") == 0 && i + 1 < argc) {
        sleep_ms = std::strtol(argv[++i], nullptr, 10);
      } else {
        std::cerr << "usage: omni-cubit-server [--ior-file F] [--sleep-ms N] [omniORB options]\n";
        return 2;
      }
    }
    CORBA::Object_var obj = orb->resolve_initial_references("RootPOA");
    PortableServer::POA_var poa = PortableServer::POA::_narrow(obj);
    PortableServer::Servant_var<CubitServant> servant = new CubitServant(orb, std::chrono::milliseconds(sleep_ms));
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
