// rtorb-naming-bench [ORB options] --bindings N [--resolves M]: binds N names ("n0.obj" ...)
// in the root context of resolve_initial_references("NameService") one call at a time,
// lists them all, resolves M of them chosen at random, and prints one JSON object with the
// per-call latencies (microseconds) and the list's total time. The server under test is
// whatever -ORBInitRef NameService=URL names, so rtorb-naming and omniNames are measured by
// the same client. Exit status 1 if any call fails or a result is wrong.
#include <rtorb/corba/orb.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "CosNamingC.h"

namespace {

using Clock = std::chrono::steady_clock;
using CosNaming::NamingContext;

double micros(Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

struct Summary {
  double median = 0, p99 = 0, max = 0, mean = 0;
};

Summary summarize(std::vector<double> samples) {
  Summary s;
  if (samples.empty()) return s;
  std::sort(samples.begin(), samples.end());
  const auto at = [&](double q) { return samples[static_cast<std::size_t>(q * (samples.size() - 1))]; };
  s.median = at(0.5);
  s.p99 = at(0.99);
  s.max = samples.back();
  double total = 0;
  for (const double x : samples) total += x;
  s.mean = total / static_cast<double>(samples.size());
  return s;
}

void print(const char* key, const Summary& s) {
  std::printf("\"%s\": {\"median_us\": %.2f, \"p99_us\": %.2f, \"max_us\": %.2f, \"mean_us\": %.2f}",
              key, s.median, s.p99, s.max, s.mean);
}

CosNaming::Name name_of(std::size_t i) { return {{"n" + std::to_string(i), "obj"}}; }

int bench(CORBA::ORB& orb, std::size_t bindings, std::size_t resolves) {
  auto root = IDL::traits<NamingContext>::narrow(orb.resolve_initial_references("NameService"));
  if (!root) {
    std::cerr << "rtorb-naming-bench: NameService is not a naming context\n";
    return 1;
  }
  // Every binding names the root itself: what is bound does not change the server's work.
  const auto object = IDL::traits<CORBA::Object>::narrow(root);
  std::vector<double> bind_us;
  bind_us.reserve(bindings);
  const auto bind_start = Clock::now();
  for (std::size_t i = 0; i < bindings; ++i) {
    const auto t0 = Clock::now();
    root->bind(name_of(i), object);
    bind_us.push_back(micros(Clock::now() - t0));
  }
  const auto bind_total = Clock::now() - bind_start;

  const auto list_start = Clock::now();
  CosNaming::BindingList some;
  IDL::traits<CosNaming::BindingIterator>::ref_type iterator;
  root->list(1000, some, iterator);
  std::size_t listed = some.size();
  if (iterator) {
    while (iterator->next_n(1000, some)) listed += some.size();
    iterator->destroy();
  }
  const auto list_total = Clock::now() - list_start;
  if (listed < bindings) {
    std::cerr << "rtorb-naming-bench: listed " << listed << " of " << bindings << " bindings\n";
    return 1;
  }

  std::mt19937 random(7);
  std::vector<double> resolve_us;
  resolve_us.reserve(resolves);
  for (std::size_t i = 0; i < resolves; ++i) {
    const auto name = name_of(random() % bindings);
    const auto t0 = Clock::now();
    const auto found = root->resolve(name);
    resolve_us.push_back(micros(Clock::now() - t0));
    if (!found) {
      std::cerr << "rtorb-naming-bench: " << name[0].id() << " resolved to nil\n";
      return 1;
    }
  }

  std::printf("{\"bindings\": %zu, \"resolves\": %zu, \"bind_total_ms\": %.1f, \"list_ms\": %.2f, ",
              bindings, resolves, micros(bind_total) / 1000, micros(list_total) / 1000);
  print("bind", summarize(std::move(bind_us)));
  std::printf(", ");
  print("resolve", summarize(std::move(resolve_us)));
  std::printf("}\n");
  return 0;
}

}  // namespace

int main(int argc, char* argv[]) {
  CORBA::object_reference<CORBA::ORB> orb;
  int status = 1;
  try {
    orb = CORBA::ORB_init(argc, argv);
    std::size_t bindings = 0;
    std::size_t resolves = 10'000;
    for (int i = 1; i + 1 < argc; i += 2) {
      const std::string option = argv[i];
      const auto value = std::stoul(argv[i + 1]);
      if (option == "--bindings") bindings = value;
      else if (option == "--resolves") resolves = value;
      else throw std::invalid_argument(option);
    }
    if (bindings == 0 || argc % 2 == 0) {
      std::cerr << "usage: rtorb-naming-bench -ORBInitRef NameService=URL --bindings N [--resolves M]\n";
      status = 2;
    } else {
      status = bench(*orb, bindings, resolves);
    }
  } catch (const CORBA::Exception& e) {
    std::cerr << "rtorb-naming-bench: " << e.what() << '\n';
  } catch (const std::exception& e) {
    std::cerr << "rtorb-naming-bench: bad argument " << e.what() << '\n';
    status = 2;
  }
  if (orb) orb->destroy();
  return status;
}
