// Scavenger: a thread at the lowest priority the OS has, counting loop iterations. How fast
// it counts while the clients run, against how fast it counted alone, is the share of CPU
// the clients and the ORB left to low-priority background work.
#pragma once

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <thread>

#include "mono_clock.hpp"

namespace mt_cubit {

class Scavenger {
 public:
  Scavenger() : thread_([this] { spin(); }) {}
  ~Scavenger() {
    stop_.store(true, std::memory_order_relaxed);
    thread_.join();
  }
  Scavenger(const Scavenger&) = delete;
  Scavenger& operator=(const Scavenger&) = delete;

  // Iterations per second from `from` to `until` (CLOCK_MONOTONIC), sleeping in between.
  // Each end is timestamped when it is read, so a caller woken late still gets a true rate.
  double rate(Nanos from, Nanos until) const {
    wait_until_spinning();
    sleep_until(from);
    const Sample a = sample();
    sleep_until(until);
    const Sample b = sample();
    const Nanos elapsed = b.at - a.at;
    if (elapsed <= 0) return 0;
    return static_cast<double>(b.count - a.count) * nanos_per_second /
           static_cast<double>(elapsed);
  }

  // "SCHED_IDLE", or "nice 19" where the OS refused SCHED_IDLE.
  std::string policy() const {
    wait_until_spinning();
    return idle_.load(std::memory_order_acquire) ? "SCHED_IDLE" : "nice 19";
  }

 private:
  struct Sample {
    std::uint64_t count;
    Nanos at;
  };

  Sample sample() const { return {count_.load(std::memory_order_relaxed), now()}; }

  void wait_until_spinning() const {
    while (count_.load(std::memory_order_acquire) == 0) sleep_until(now() + 1'000'000);
  }

  void spin() noexcept {
    idle_.store(lower_own_priority(), std::memory_order_release);
    std::uint64_t count = 0;
    while (!stop_.load(std::memory_order_relaxed)) {
      // A block of empty iterations per store keeps the shared counter's traffic out of
      // what is being counted.
      for (int i = 0; i < 256; ++i) std::atomic_signal_fence(std::memory_order_seq_cst);
      count_.store(++count, std::memory_order_release);
    }
  }

  // SCHED_IDLE runs only when no other thread wants the CPU; nice 19 is the fallback.
  static bool lower_own_priority() noexcept {
    sched_param param{};
    param.sched_priority = 0;
    if (pthread_setschedparam(pthread_self(), SCHED_IDLE, &param) == 0) return true;
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 19);
    return false;
  }

  std::atomic<bool> stop_{false};
  std::atomic<bool> idle_{false};
  std::atomic<std::uint64_t> count_{0};
  std::thread thread_;  // last: it starts spinning on the members above
};

}  // namespace mt_cubit
