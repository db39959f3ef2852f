// rtorb-context-switch [--json] [--iterations N]: the OS context-switch tests of "OS support
// for real-time CORBA" (2002), section 3.1, on Linux: two threads of equal SCHED_FIFO
// priority on CPU 0 (a) calling sched_yield, (b) handing a token back and forth through a
// futex (its Suspend-Resume test; POSIX threads have no suspend/resume). Each is also timed
// in one thread alone, where nothing switches, as the paper's subtracted baseline.
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <latch>
#include <string>
#include <thread>
#include <vector>

#include "mono_clock.hpp"

namespace {

using mt_cubit::Nanos;
using mt_cubit::now;

constexpr int pair_priority = 50;
constexpr int rounds = 5;
// Rounds stop early past this, so a slow machine still finishes within seconds.
constexpr Nanos budget_per_test = 2 * mt_cubit::nanos_per_second;

struct Options {
  bool json = false;
  std::size_t iterations = 20'000;  // switches per round (each thread does half)
};

[[noreturn]] void usage() {
  std::fprintf(stderr, "usage: rtorb-context-switch [--json] [--iterations N]\n");
  std::exit(2);
}

Options parse(int argc, char* argv[]) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--json") == 0) {
      o.json = true;
    } else if (std::strcmp(argv[i], "--iterations") == 0 && i + 1 < argc) {
      char* end = nullptr;
      o.iterations = std::strtoul(argv[++i], &end, 10);
      if (*end != '\0' || o.iterations < 2) usage();
    } else {
      usage();
    }
  }
  return o;
}

void pin_to_cpu0() {
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
  CPU_SET(0, &cpus);
  if (sched_setaffinity(0, sizeof cpus, &cpus) != 0) std::perror("sched_setaffinity CPU 0");
}

bool set_fifo(pthread_t thread, int priority) {
  sched_param param{};
  param.sched_priority = priority;
  return pthread_setschedparam(thread, SCHED_FIFO, &param) == 0;
}

long futex(std::atomic<int>& word, int op, int value) {
  return syscall(SYS_futex, reinterpret_cast<int*>(&word), op, value, nullptr, nullptr, 0);
}

// The token: whose turn it is. A thread sleeps in the kernel until it is its turn, then
// passes the turn on and wakes the other.
void take_turns(std::atomic<int>& turn, int me, int other, std::size_t turns) {
  for (std::size_t i = 0; i < turns; ++i) {
    for (int v = turn.load(std::memory_order_acquire); v != me;
         v = turn.load(std::memory_order_acquire)) {
      futex(turn, FUTEX_WAIT_PRIVATE, v);
    }
    turn.store(other, std::memory_order_release);
    futex(turn, FUTEX_WAKE_PRIVATE, 1);
  }
}

// Runs `a` and `b` on two threads (pinned to CPU 0 with the process) of equal priority and
// returns the wall time from the first one's start to the last one's end. The main thread
// stands one priority above them while it releases both, so neither starts before the
// other is runnable.
Nanos time_pair(const std::function<void()>& a, const std::function<void()>& b, bool fifo) {
  std::latch go(1);
  Nanos starts[2] = {}, ends[2] = {};
  auto body = [&](int k, const std::function<void()>& work) {
    go.wait();
    starts[k] = now();
    work();
    ends[k] = now();
  };
  std::thread first(body, 0, std::cref(a));
  std::thread second(body, 1, std::cref(b));
  if (fifo) {
    set_fifo(pthread_self(), pair_priority + 1);
    set_fifo(first.native_handle(), pair_priority);
    set_fifo(second.native_handle(), pair_priority);
  }
  go.count_down();
  first.join();
  second.join();
  return std::max(ends[0], ends[1]) - std::min(starts[0], starts[1]);
}

Nanos time_alone(const std::function<void()>& work) {
  const Nanos start = now();
  work();
  return now() - start;
}

struct Measured {
  double mean_us = 0;
  double jitter_us = 0;  // standard deviation over the rounds, as the paper's table gives it
};

// Microseconds per switch over up to `rounds` rounds of `switches` each.
Measured per_switch(const std::function<Nanos()>& round, std::size_t switches) {
  std::vector<double> us;
  const Nanos deadline = now() + budget_per_test;
  for (int r = 0; r < rounds && (r == 0 || now() < deadline); ++r) {
    us.push_back(static_cast<double>(round()) / 1000.0 / static_cast<double>(switches));
  }
  Measured m;
  for (const double v : us) m.mean_us += v / static_cast<double>(us.size());
  for (const double v : us) m.jitter_us += (v - m.mean_us) * (v - m.mean_us);
  m.jitter_us = std::sqrt(m.jitter_us / static_cast<double>(us.size()));
  return m;
}

struct Report {
  Measured yield, yield_alone, futex, futex_alone;
  bool fifo = false;
};

Report measure(const Options& o) {
  const std::size_t half = o.iterations / 2;
  const std::size_t switches = half * 2;
  auto yields = [half] {
    for (std::size_t i = 0; i < half; ++i) sched_yield();
  };
  Report r;
  r.fifo = set_fifo(pthread_self(), pair_priority + 1);  // also the check that FIFO is allowed
  r.yield = per_switch([&] { return time_pair(yields, yields, r.fifo); }, switches);
  r.yield_alone = per_switch([&] { return time_alone(yields); }, half);
  std::atomic<int> turn{0};
  r.futex = per_switch(
      [&] {
        turn = 0;
        return time_pair([&] { take_turns(turn, 0, 1, half); },
                         [&] { take_turns(turn, 1, 0, half); }, r.fifo);
      },
      switches);
  // Alone: the same two system calls per hand-off, a wake with no sleeper and a wait that
  // returns at once because the word has already changed.
  r.futex_alone = per_switch(
      [&] {
        return time_alone([&] {
          for (std::size_t i = 0; i < half; ++i) {
            futex(turn, FUTEX_WAKE_PRIVATE, 1);
            futex(turn, FUTEX_WAIT_PRIVATE, turn.load() + 1);
          }
        });
      },
      half);
  return r;
}

void print(const Report& r, const Options& o) {
  const char* sched = r.fifo ? "SCHED_FIFO" : "SCHED_OTHER";
  if (o.json) {
    std::printf(
        "{\"yield_us\":%.3f,\"futex_us\":%.3f,\"sched\":\"%s\",\"yield_jitter_us\":%.3f,"
        "\"futex_jitter_us\":%.3f,\"yield_no_switch_us\":%.3f,\"futex_no_switch_us\":%.3f,"
        "\"iterations\":%zu,\"cpu\":0}\n",
        r.yield.mean_us, r.futex.mean_us, sched, r.yield.jitter_us, r.futex.jitter_us,
        r.yield_alone.mean_us, r.futex_alone.mean_us, o.iterations);
    return;
  }
  std::printf("two %s threads of equal priority on CPU 0, %zu switches a round\n", sched,
              o.iterations);
  std::printf("%-26s %10s %10s %16s\n", "test", "us/switch", "jitter us", "alone (no switch)");
  std::printf("%-26s %10.3f %10.3f %16.3f\n", "yield", r.yield.mean_us, r.yield.jitter_us,
              r.yield_alone.mean_us);
  std::printf("%-26s %10.3f %10.3f %16.3f\n", "suspend-resume (futex)", r.futex.mean_us,
              r.futex.jitter_us, r.futex_alone.mean_us);
}

}  // namespace

int main(int argc, char* argv[]) {
  const Options options = parse(argc, argv);
  pin_to_cpu0();
  const Report report = measure(options);
  if (!report.fifo)
    std::fprintf(stderr, "rtorb-context-switch: SCHED_FIFO refused; SCHED_OTHER\n");
  print(report, options);
  return 0;
}
