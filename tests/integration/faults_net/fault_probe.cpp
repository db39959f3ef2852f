// faults-net-probe REF [--calls N] [--interval-ms I] [--retry-ms R] [--timeout-ms T] [--seq-len L]
//                  [ORB options]
// The fault matrix's client (docs/faults.md): makes N Cubit calls through one reference,
// going on after a failed call, and prints one line per call, so a driver can read what
// the client saw, in which order and how soon:
//   call <i> at <ms since start> took <us> OK
//   call <i> at <ms since start> took <us> <EXCEPTION> <minor hex> <COMPLETED_...>
// then "summary ok <n> failed <n> p50_us <x> p99_us <x>" over the calls that succeeded.
// cube_long by default; --seq-len L sends cube_long_sequence with L longs (large requests
// and replies that must arrive whole). --timeout-ms sets a RelativeRoundtripTimeout.
// --interval-ms pauses after a call that succeeded, --retry-ms (default: the same) after
// one that failed, so a run can call back to back yet not spin while a server is down.
#include <rtorb/corba/orb.hpp>
#include <rtorb/messaging/messaging.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "cube.hpp"
#include "cubitC.h"

namespace {

using Clock = std::chrono::steady_clock;

struct ProbeOptions {
  std::string reference;
  unsigned long calls = 10;
  unsigned long interval_ms = 0;
  long retry_ms = -1;  // -1: interval_ms
  unsigned long timeout_ms = 0;
  unsigned long seq_len = 0;
};

[[noreturn]] void usage() {
  std::fprintf(stderr,
               "usage: faults-net-probe REF [--calls N] [--interval-ms I] [--retry-ms R] "
               "[--timeout-ms T] [--seq-len L] [ORB options]\n");
  std::exit(2);
}

unsigned long number(const char* text) {
  char* end = nullptr;
  const unsigned long n = std::strtoul(text, &end, 10);
  if (end == text || *end != '\0') usage();
  return n;
}

ProbeOptions parse(int argc, char* argv[]) {
  ProbeOptions o;
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    if (std::strcmp(argv[i], "--calls") == 0 && has_value) {
      o.calls = number(argv[++i]);
    } else if (std::strcmp(argv[i], "--interval-ms") == 0 && has_value) {
      o.interval_ms = number(argv[++i]);
    } else if (std::strcmp(argv[i], "--retry-ms") == 0 && has_value) {
      o.retry_ms = static_cast<long>(number(argv[++i]));
    } else if (std::strcmp(argv[i], "--timeout-ms") == 0 && has_value) {
      o.timeout_ms = number(argv[++i]);
    } else if (std::strcmp(argv[i], "--seq-len") == 0 && has_value) {
      o.seq_len = number(argv[++i]);
    } else if (argv[i][0] != '-' && o.reference.empty()) {
      o.reference = argv[i];
    } else {
      usage();
    }
  }
  if (o.reference.empty()) usage();
  return o;
}

IDL::traits<Cubit>::ref_type with_timeout(CORBA::ORB& orb, IDL::traits<Cubit>::ref_type target,
                                          unsigned long timeout_ms) {
  if (timeout_ms == 0) return target;
  CORBA::Any value;
  value.insert(static_cast<TimeBase::TimeT>(timeout_ms) * 10'000);  // 100 ns units
  CORBA::PolicyList policies{orb.create_policy(Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, value)};
  return IDL::traits<Cubit>::narrow(
      target->_set_policy_overrides(policies, CORBA::SetOverrideType::ADD_OVERRIDE));
}

// One call; a wrong answer is reported as the exception "WRONG_RESULT".
const char* call_once(const IDL::traits<Cubit>::ref_type& target, const ProbeOptions& o,
                      unsigned long i) {
  const auto v = static_cast<std::int32_t>(i % 256);
  if (o.seq_len == 0) return target->cube_long(v) == cubit::cube(v) ? nullptr : "WRONG_RESULT";
  Cubit::LongSeq input(o.seq_len);
  for (std::size_t k = 0; k < input.size(); ++k) input[k] = static_cast<std::int32_t>((k + i) % 256);
  const Cubit::LongSeq r = target->cube_long_sequence(input);
  if (r.size() != input.size()) return "WRONG_RESULT";
  for (std::size_t k = 0; k < r.size(); ++k) {
    if (r[k] != cubit::cube(input[k])) return "WRONG_RESULT";
  }
  return nullptr;
}

const char* completion_name(CORBA::CompletionStatus c) {
  switch (c) {
    case CORBA::CompletionStatus::COMPLETED_YES: return "COMPLETED_YES";
    case CORBA::CompletionStatus::COMPLETED_NO: return "COMPLETED_NO";
    default: return "COMPLETED_MAYBE";
  }
}

long long micros(Clock::duration d) {
  return std::chrono::duration_cast<std::chrono::microseconds>(d).count();
}

void print_summary(std::vector<long long> ok_us, unsigned long failed) {
  std::sort(ok_us.begin(), ok_us.end());
  const auto at = [&](double q) {
    return ok_us.empty() ? 0LL : ok_us[static_cast<std::size_t>(q * static_cast<double>(ok_us.size() - 1))];
  };
  std::printf("summary ok %zu failed %lu p50_us %lld p99_us %lld\n", ok_us.size(), failed, at(0.5),
              at(0.99));
}

int run(CORBA::ORB& orb, const ProbeOptions& o) {
  auto target = IDL::traits<Cubit>::narrow(orb.string_to_object(o.reference));
  if (!target) {
    std::fprintf(stderr, "faults-net-probe: the reference is not a Cubit\n");
    return 1;
  }
  target = with_timeout(orb, target, o.timeout_ms);
  std::vector<long long> ok_us;
  unsigned long failed = 0;
  const auto start = Clock::now();
  const unsigned long retry_ms = o.retry_ms < 0 ? o.interval_ms : static_cast<unsigned long>(o.retry_ms);
  for (unsigned long i = 0; i < o.calls; ++i) {
    const auto began = Clock::now();
    bool ok = false;
    const long long at_ms = micros(began - start) / 1000;
    try {
      if (const char* wrong = call_once(target, o, i)) {
        ++failed;
        std::printf("call %lu at %lld took %lld %s\n", i, at_ms, micros(Clock::now() - began), wrong);
      } else {
        ok = true;
        ok_us.push_back(micros(Clock::now() - began));
        std::printf("call %lu at %lld took %lld OK\n", i, at_ms, ok_us.back());
      }
    } catch (const CORBA::SystemException& e) {
      ++failed;
      std::printf("call %lu at %lld took %lld %s 0x%08x %s\n", i, at_ms, micros(Clock::now() - began),
                  e._name(), e.minor(), completion_name(e.completed()));
    }
    std::fflush(stdout);
    std::this_thread::sleep_for(std::chrono::milliseconds(ok ? o.interval_ms : retry_ms));
  }
  print_summary(std::move(ok_us), failed);
  return 0;
}

}  // namespace

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    const int status = run(*orb, parse(argc, argv));
    orb->destroy();
    return status;
  } catch (const CORBA::Exception& e) {
    std::fprintf(stderr, "faults-net-probe: %s\n", e.what());
    return 1;
  }
}
