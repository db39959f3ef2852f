// The serving half of an rtorb peer's main: `threads` threads in ORB::run (leader/followers,
// so a request that calls out never leaves the server without a thread to read replies)
// until SIGTERM or SIGINT, then a shutdown that waits for the calls in progress.
#pragma once

#include <rtorb/corba/orb.hpp>

#include <cstdio>
#include <exception>
#include <thread>
#include <vector>

#include "test_support/stop_signals.hpp"

namespace rtorb::test {

inline void serve_until_stopped(const IDL::traits<CORBA::ORB>::ref_type& orb, int threads,
                                const StopSignals& stop, const char* program) {
  std::vector<std::thread> workers;
  for (int i = 0; i < threads; ++i) {
    workers.emplace_back([&orb, program] {
      try {
        orb->run();
      } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: run: %s\n", program, e.what());
      }
    });
  }
  stop.wait();
  orb->shutdown(true);
  for (std::thread& worker : workers) worker.join();
}

}  // namespace rtorb::test
