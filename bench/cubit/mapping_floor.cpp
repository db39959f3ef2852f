// rtorb-mapping-floor [--seq-len N] [--calls N] [--json] [ORB options]: the user-space work a
// cube_long_sequence call costs under the IDL to C++11 mapping for an ORB that copies the
// longs once out of its receive buffer (as rtorb's reactive and pool servers still do for
// a request), timed per call with no ORB and no
// socket: the request's longs copied into the servant's `in` vector, the benchmark's own
// servant (cubit_servant.hpp: a new result vector, every element cubed), and the reply's
// longs copied into the client's result vector. Added to raw-pingpong's time for the same
// bytes, it is the lowest p50 such an ORB can reach; the report sets rtorb and omniORB
// against it (docs/bench.md). An ORB that reads the longs from the socket straight into the
// sequence trades each copy for nothing (omniORB's own buffer) or, into a std::vector, for
// the vector's zero-fill (rtorb's blocking paths, docs/transport.md). The heap is set up as the cubit servers' is
// (ORB_init with -ORBLockMemory yes).
#include <chrono>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "cubit_servant.hpp"
#include "latency_stats.hpp"

int main(int argc, char* argv[]) {
  std::vector<char*> args(argv, argv + argc);
  std::string lock = "-ORBLockMemory", yes = "yes";
  args.push_back(lock.data());
  args.push_back(yes.data());
  int orb_argc = static_cast<int>(args.size());
  auto orb = CORBA::ORB_init(orb_argc, args.data());
  std::size_t seq_len = 65536;
  std::size_t calls = 2000;
  bool json = false;
  for (int i = 1; i < orb_argc; ++i) {
    const std::string arg = args[static_cast<std::size_t>(i)];
    if (arg == "--seq-len" && i + 1 < orb_argc) {
      seq_len = std::stoul(args[static_cast<std::size_t>(++i)]);
    } else if (arg == "--calls" && i + 1 < orb_argc) {
      calls = std::stoul(args[static_cast<std::size_t>(++i)]);
    } else if (arg == "--json") {
      json = true;
    } else {
      std::cerr << "usage: rtorb-mapping-floor [--seq-len N] [--calls N] [--json]\n";
      return 2;
    }
  }
  // What the two ORBs' buffers would hold: the marshaled request and reply longs.
  std::vector<std::int32_t> request_body(seq_len, 3), reply_body(seq_len);
  auto servant = CORBA::make_reference<cubit::CubitServant>();
  const auto one_call = [&](std::size_t i) {
    request_body.front() = static_cast<std::int32_t>(i);
    Cubit::LongSeq in(seq_len);  // the skeleton's unmarshaled `in` argument
    std::memcpy(in.data(), request_body.data(), seq_len * sizeof(std::int32_t));
    const Cubit::LongSeq result = servant->cube_long_sequence(in);
    // The reply is written from `result` (zero-copy); the client unmarshals a new vector.
    Cubit::LongSeq out(seq_len);
    std::memcpy(out.data(), result.data(), seq_len * sizeof(std::int32_t));
    reply_body.front() = out.back();
  };
  using Clock = std::chrono::steady_clock;
  for (std::size_t i = 0; i < std::max<std::size_t>(calls / 10, 100); ++i) one_call(i);
  std::vector<std::chrono::nanoseconds> samples(calls);
  const auto start = Clock::now();
  for (std::size_t i = 0; i < calls; ++i) {
    const auto t0 = Clock::now();
    one_call(i);
    samples[i] = Clock::now() - t0;
  }
  const auto summary = cubit::summarize("mapping_floor[" + std::to_string(seq_len) + "]",
                                        std::move(samples), Clock::now() - start);
  if (json) {
    std::cout << '[' << cubit::to_json(summary) << "]\n";  // a list, like the clients' output
  } else {
    cubit::print_header();
    cubit::print_row(summary);
  }
  orb->destroy();
  return 0;
}
