// How the test and benchmark peers are stopped: SIGTERM or SIGINT, taken by sigwait on the
// main thread. Block them before ORB_init: every thread the ORB starts inherits the mask,
// so no signal lands in one of those.
#pragma once

#include <pthread.h>
#include <signal.h>

namespace rtorb::test {

class StopSignals {
 public:
  StopSignals() noexcept {
    sigemptyset(&signals_);
    sigaddset(&signals_, SIGTERM);
    sigaddset(&signals_, SIGINT);
    pthread_sigmask(SIG_BLOCK, &signals_, nullptr);
  }
  // Returns once SIGTERM or SIGINT arrived.
  void wait() const noexcept {
    int signal_number = 0;
    sigwait(&signals_, &signal_number);
  }

 private:
  sigset_t signals_;
};

}  // namespace rtorb::test
