// rtorb-collocation-bench [--duration S] [--json] [--only MODE]: calls per second of
// cube_long and cube_long_sequence (4 and 1024 longs) in one process, four ways (--only
// measures one of them and cube_long alone, e.g. under callgrind for instructions per call):
//   remote    a second ORB (-ORBCollocation no) calling over loopback TCP,
//   thru_poa  a collocated reference (the default: the call goes through the POA),
//   direct    an ORB with -ORBCollocation direct ("not available" if ORB_init refuses it),
//   virtual   a plain virtual call on the servant, the floor.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <iostream>
#include <optional>
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>
#include <string>
#include <vector>

#include "../cubit/cubit_servant.hpp"
#include "cubitC.h"

namespace {

using cubit::cube;
using cubit::CubitServant;
using CubitRef = IDL::traits<Cubit>::ref_type;
using Clock = std::chrono::steady_clock;

// An ORB created from -ORB arguments; ORB_init's exceptions pass through.
IDL::traits<CORBA::ORB>::ref_type make_orb(std::vector<std::string> args) {
  std::vector<char*> argv;
  std::string program = "rtorb-collocation-bench";
  argv.push_back(program.data());
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(argv.size()) - 1;
  return CORBA::ORB_init(argc, argv.data());
}

// Activates a servant in `orb`'s RootPOA and returns its reference (typed by the same ORB).
CubitRef serve(const IDL::traits<CORBA::ORB>::ref_type& orb,
               const CORBA::servant_reference<CubitServant>& servant) {
  auto poa =
      IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  poa->the_POAManager()->activate();
  return IDL::traits<Cubit>::narrow(poa->id_to_reference(poa->activate_object(servant)));
}

struct Rate {
  double calls_per_second = 0;
  double ns_per_call = 0;
};

// Calls `call` in growing batches until one batch lasts `duration`; the rate of that batch.
Rate measure(const std::function<void(std::size_t)>& call, double duration) {
  for (std::size_t i = 0; i < 100; ++i) call(i);
  for (std::size_t batch = 1000;; batch *= 2) {
    const auto start = Clock::now();
    for (std::size_t i = 0; i < batch; ++i) call(i);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (seconds >= duration || batch >= (std::size_t{1} << 32)) {
      return {static_cast<double>(batch) / seconds, seconds * 1e9 / static_cast<double>(batch)};
    }
  }
}

struct Workload {
  std::string label;
  std::size_t seq_len = 0;  // 0: cube_long
};

// A call of `w` through `invoke`, which is given the argument and must return the result.
template <class Target>
std::function<void(std::size_t)> make_call(Target target, const Workload& w) {
  if (w.seq_len == 0) {
    return [target](std::size_t i) {
      const auto l = static_cast<std::int32_t>(i);
      if (target->cube_long(l) != cube(l)) throw std::runtime_error("wrong cube_long result");
    };
  }
  auto input = std::make_shared<Cubit::LongSeq>(w.seq_len);
  return [target, input](std::size_t i) {
    (*input)[0] = static_cast<std::int32_t>(i);
    const Cubit::LongSeq r = target->cube_long_sequence(*input);
    if (r.size() != input->size() || r[0] != cube((*input)[0])) {
      throw std::runtime_error("wrong cube_long_sequence result");
    }
  };
}

// The servant seen only through its base class, behind a compiler barrier so the call stays
// a real virtual call.
CORBA::servant_traits<Cubit>::base_type* opaque(CORBA::servant_traits<Cubit>::base_type* p) {
  asm volatile("" : "+r"(p));
  return p;
}

std::string rate_json(const std::optional<Rate>& r, const std::string& missing) {
  if (!r) return "\"" + missing + "\"";
  char buffer[128];
  std::snprintf(buffer, sizeof buffer, "{\"calls_per_second\":%.1f,\"ns_per_call\":%.1f}",
                r->calls_per_second, r->ns_per_call);
  return buffer;
}

}  // namespace

int main(int argc, char* argv[]) {
  double duration = 0.3;
  bool json = false;
  std::string only;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--duration") == 0 && i + 1 < argc) {
      duration = std::stod(argv[++i]);
    } else if (std::strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
      only = argv[++i];
    } else if (std::strcmp(argv[i], "--json") == 0) {
      json = true;
    } else {
      std::cerr << "usage: rtorb-collocation-bench [--duration S] [--json] "
                   "[--only remote|thru_poa|direct|virtual]\n";
      return 2;
    }
  }
  try {
    auto servant = CORBA::make_reference<CubitServant>();
    auto server = make_orb(
        {"-ORBId", "server", "-ORBEndpoint", "iiop://127.0.0.1:0", "-ORBServerThreads", "1"});
    const CubitRef thru_poa = serve(server, servant);
    auto client = make_orb({"-ORBId", "client", "-ORBCollocation", "no"});
    const CubitRef remote = IDL::traits<Cubit>::narrow(
        client->string_to_object(server->object_to_string(thru_poa)));
    IDL::traits<CORBA::ORB>::ref_type direct_orb;
    CubitRef direct;
    std::string direct_missing;
    try {
      direct_orb = make_orb({"-ORBId", "direct", "-ORBCollocation", "direct"});
      direct = serve(direct_orb, CORBA::make_reference<CubitServant>());
    } catch (const CORBA::BAD_PARAM& e) {
      direct_missing = std::string("not available: ") + e.what();
    }
    auto* plain = opaque(&*servant);

    std::vector<Workload> workloads = {
        {"cube_long", 0}, {"cube_long_sequence[4]", 4}, {"cube_long_sequence[1024]", 1024}};
    if (!only.empty()) {
      workloads.resize(1);
      const auto run = [&](const char* mode, auto call) {
        if (only != mode) return;
        const Rate r = measure(call, duration);
        std::printf("cube_long %s %.0f/s %.1f ns\n", mode, r.calls_per_second, r.ns_per_call);
      };
      run("remote", make_call(remote, workloads[0]));
      run("thru_poa", make_call(thru_poa, workloads[0]));
      if (direct) run("direct", make_call(direct, workloads[0]));
      run("virtual", make_call(plain, workloads[0]));
      workloads.clear();
    }
    if (json && !workloads.empty()) std::cout << "[";
    for (std::size_t k = 0; k < workloads.size(); ++k) {
      const auto& w = workloads[k];
      const Rate r_remote = measure(make_call(remote, w), duration);
      const Rate r_poa = measure(make_call(thru_poa, w), duration);
      std::optional<Rate> r_direct;
      if (direct) r_direct = measure(make_call(direct, w), duration);
      const Rate r_virtual = measure(make_call(plain, w), duration);
      if (json) {
        std::cout << (k != 0 ? ",\n " : "") << "{\"operation\":\"" << w.label
                  << "\",\"modes\":{"
                  << "\"remote\":" << rate_json(r_remote, "")
                  << ",\"thru_poa\":" << rate_json(r_poa, "")
                  << ",\"direct\":" << rate_json(r_direct, direct_missing)
                  << ",\"virtual\":" << rate_json(r_virtual, "") << "}}";
      } else {
        std::printf("%-26s remote %12.0f/s  thru_poa %12.0f/s  direct %12s  virtual %12.0f/s\n",
                    w.label.c_str(), r_remote.calls_per_second, r_poa.calls_per_second,
                    r_direct
                        ? std::to_string(static_cast<long>(r_direct->calls_per_second)).c_str()
                        : "n/a",
                    r_virtual.calls_per_second);
      }
    }
    if (json && !workloads.empty()) std::cout << "]\n";
    if (direct_orb) direct_orb->destroy();
    client->destroy();
    server->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "rtorb-collocation-bench: " << e.what() << '\n';
  } catch (const std::exception& e) {
    std::cerr << "rtorb-collocation-bench: " << e.what() << '\n';
  }
  return 1;
}
