// What every benchmark and demo server's main() does the same way: publish a reference in a
// file a reader never sees half written, and serve until SIGINT or SIGTERM.
#pragma once

#include <rtorb/corba/orb.hpp>

#include <pthread.h>

#include <csignal>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>

namespace cubit {

// Written whole, then renamed.
inline void write_ior_file(const std::string& path, const std::string& ior) {
  const std::string partial = path + ".partial";
  std::ofstream(partial) << ior << '\n';
  std::rename(partial.c_str(), path.c_str());
}

// SIGINT and SIGTERM, blocked from construction on: make it first in main(), before
// ORB_init starts threads, so every thread inherits the mask and only the waiter of
// run_until_signalled takes them (a signal handler may not call into the ORB).
class TerminationSignals {
 public:
  TerminationSignals() noexcept {
    sigemptyset(&set_);
    sigaddset(&set_, SIGINT);
    sigaddset(&set_, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set_, nullptr);
  }

  // orb->run() until a signal shuts the ORB down (or something else does).
  void run_until_signalled(const IDL::traits<CORBA::ORB>::ref_type& orb) const {
    std::thread waiter([&] {
      int signal = 0;
      sigwait(&set_, &signal);
      orb->shutdown(false);  // harmless when run() has already returned
    });
    orb->run();
    pthread_kill(waiter.native_handle(), SIGTERM);  // in case run() ended without one
    waiter.join();
  }

 private:
  sigset_t set_;
};

}  // namespace cubit
