// rtorb-demux-bench [--duration S] [--max-servants N] [--json]: the time from a complete GIOP
// Request (bytes as a connection has read them) to the servant's upcall and the reply handed
// to the connection, through orb::serve_message, as the POA holds 1..100,000 servants, the
// servant's POA is nested 1..25 deep and its interface has 1..50 operations. Requests cycle
// over up to 64 objects spread over the POA and over every operation, so a lookup that
// depends on position or a cache-friendly single key cannot hide.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <numeric>
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>
#include <span>
#include <string>
#include <vector>

#include "demux_servants.hpp"
#include "giop_request.hpp"
#include "ior/ior_string.hpp"
#include "orb/orb_core.hpp"
#include "server/server_connections.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using PoaRef = IDL::traits<PortableServer::POA>::ref_type;
using Requests = std::vector<std::vector<std::uint8_t>>;

constexpr std::size_t max_objects = 64;

// What a connection would do with the reply: here it is only counted.
class CountingChannel final : public rtorb::orb::ReplyChannel {
 public:
  void send(const rtorb::cdr::OutputStream& message) override {
    ++replies;
    last_size = message.size();
  }
  void close() noexcept override { ++closes; }
  std::size_t replies = 0, closes = 0, last_size = 0;
};

struct Bench {
  IDL::traits<CORBA::ORB>::ref_type orb;
  PoaRef root;
  double duration = 0.2;
  int unique = 0;  // names POAs uniquely
};

std::vector<std::uint8_t> object_key(Bench& b, const PoaRef& poa,
                                     const PortableServer::ObjectId& id) {
  const auto reference =
      rtorb::ior::reference_from_ior_string(b.orb->object_to_string(poa->id_to_reference(id)));
  return std::get<rtorb::ior::IiopProfile>(reference.profiles.at(0)).object_key;
}

// A chain of `depth` POAs starting at the root (depth 1: the RootPOA itself), sharing its
// manager.
PoaRef nested_poa(Bench& b, int depth) {
  PoaRef poa = b.root;
  const int chain = b.unique++;
  for (int level = 2; level <= depth; ++level) {
    poa = poa->create_POA("c" + std::to_string(chain) + "_" + std::to_string(level),
                          b.root->the_POAManager(), {});
  }
  return poa;
}

template <class Servant>
std::vector<PortableServer::ObjectId> activate(const PoaRef& poa, std::size_t count) {
  std::vector<PortableServer::ObjectId> ids;
  ids.reserve(count);
  for (std::size_t i = 0; i < count; ++i)
    ids.push_back(poa->activate_object(CORBA::make_reference<Servant>()));
  return ids;
}

// Which operations of an interface the requests call. Cycling over all of them also
// measures the branch predictor missing the upcall's target; calling only the last one
// separates that from the cost of finding an operation among many.
enum class Called { every_operation, last_operation };

// Requests for up to max_objects of `ids` (evenly spread) times the called operations.
Requests requests_for(Bench& b, const PoaRef& poa,
                      const std::vector<PortableServer::ObjectId>& ids,
                      std::size_t operations, Called called) {
  Requests requests;
  const std::size_t objects = std::min(ids.size(), max_objects);
  std::uint32_t request_id = 1;
  for (std::size_t k = 0; k < objects; ++k) {
    const auto key =
        object_key(b, poa, ids[k * ids.size() / objects + (ids.size() / objects) / 2]);
    const std::size_t first = called == Called::every_operation ? 0 : operations - 1;
    for (std::size_t op = first; op < operations; ++op) {
      requests.push_back(demux::giop_request(request_id++, key, "op_" + std::to_string(op), 7));
    }
  }
  // Interleave objects and operations so consecutive requests differ in both.
  const std::size_t stride = 7919;  // a prime: i * stride visits every index once
  if (std::gcd(stride, requests.size()) != 1) return requests;
  Requests shuffled;
  for (std::size_t i = 0; i < requests.size(); ++i)
    shuffled.push_back(requests[(i * stride) % requests.size()]);
  return shuffled;
}

// A connection reads every message into the same buffer; so does the benchmark, so that
// cycling over many prepared requests costs no more cache than serving one.
class ReceiveBuffer {
 public:
  std::span<const std::uint8_t> receive(const std::vector<std::uint8_t>& message) {
    if (message.size() > bytes_.size()) bytes_.resize(message.size());
    std::memcpy(bytes_.data(), message.data(), message.size());
    return {bytes_.data(), message.size()};
  }

 private:
  std::vector<std::uint8_t> bytes_ = std::vector<std::uint8_t>(4096);
};

// The best of seven batches of the time per request (copy into the receive buffer, then
// serve_message: decode, demultiplex, upcall, reply). The minimum, not the median: on a
// shared VM other work only ever adds time.
double ns_per_dispatch(Bench& b, const Requests& requests) {
  auto& core = CORBA::rtorb_core(*b.orb);
  rtorb::orb::ConnectionCodeSets state;
  CountingChannel channel;
  ReceiveBuffer buffer;
  for (const auto& r : requests)
    rtorb::orb::serve_message(core, buffer.receive(r), state, channel);
  if (channel.replies != requests.size() || channel.closes != 0) {
    throw std::runtime_error("a request was not answered normally");
  }
  std::vector<double> batches;
  for (int batch = 0; batch < 7; ++batch) {
    std::size_t calls = 0;
    const auto start = Clock::now();
    const auto deadline = start + std::chrono::duration<double>(b.duration / 7);
    do {
      for (std::size_t i = 0; i < 64; ++i) {
        rtorb::orb::serve_message(core, buffer.receive(requests[(calls + i) % requests.size()]),
                                  state, channel);
      }
      calls += 64;
    } while (Clock::now() < deadline);
    batches.push_back(std::chrono::duration<double, std::nano>(Clock::now() - start).count() /
                      static_cast<double>(calls));
  }
  return *std::min_element(batches.begin(), batches.end());
}

template <class Servant>
Requests prepare(Bench& b, int depth, std::size_t servants, std::size_t operations,
                 Called called = Called::every_operation) {
  const PoaRef poa = nested_poa(b, depth);
  return requests_for(b, poa, activate<Servant>(poa, servants), operations, called);
}

template <class Servant>
double measure(Bench& b, int depth, std::size_t servants, std::size_t operations,
               Called called = Called::every_operation) {
  return ns_per_dispatch(b, prepare<Servant>(b, depth, servants, operations, called));
}

template <class F>
double with_interface(std::size_t operations, F&& f) {
#define DEMUX_CASE(n, servant) \
  if (operations == n) return f.template operator()<servant>();
  DEMUX_INTERFACES(DEMUX_CASE)
#undef DEMUX_CASE
  throw std::runtime_error("no generated interface with that many operations");
}

struct Point {
  std::size_t n;
  double ns;
};

std::string points_json(const std::vector<Point>& points) {
  std::string s = "[";
  for (const auto& p : points) {
    char item[96];
    std::snprintf(item, sizeof item, "%s{\"n\":%zu,\"ns_per_dispatch\":%.1f}",
                  s.size() > 1 ? "," : "", p.n, p.ns);
    s += item;
  }
  return s + "]";
}

}  // namespace

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    Bench b{orb, IDL::traits<PortableServer::POA>::narrow(
                     orb->resolve_initial_references("RootPOA"))};
    std::size_t max_servants = 100'000;
    bool json = false;
    for (int i = 1; i < argc; ++i) {
      if (std::strcmp(argv[i], "--duration") == 0 && i + 1 < argc) {
        b.duration = std::stod(argv[++i]);
      } else if (std::strcmp(argv[i], "--max-servants") == 0 && i + 1 < argc) {
        max_servants = std::stoul(argv[++i]);
      } else if (std::strcmp(argv[i], "--json") == 0) {
        json = true;
      } else {
        std::cerr << "usage: rtorb-demux-bench [--duration S] [--max-servants N] [--json] [ORB "
                     "options]\n";
        return 2;
      }
    }
    b.root->the_POAManager()->activate();

    measure<Ops1Servant>(b, 1, 1, 1);  // warms caches and the allocator; not reported
    // Servants: one POA (a child of the root, fresh for each count).
    std::vector<Point> servants, depths, operations, last_operation;
    for (std::size_t n = 1; n <= max_servants; n *= 10) {
      servants.push_back({n, measure<Ops1Servant>(b, 2, n, 1)});
    }
    for (int d : {1, 2, 5, 10, 25})
      depths.push_back({static_cast<std::size_t>(d), measure<Ops1Servant>(b, d, 1, 1)});
    for (std::size_t n : {1, 5, 10, 25, 50}) {
      operations.push_back(
          {n, with_interface(n, [&]<class S>() { return measure<S>(b, 1, 1, n); })});
      last_operation.push_back({n, with_interface(n, [&]<class S>() {
                                  return measure<S>(b, 1, 1, n, Called::last_operation);
                                })});
    }
    // The two extremes alternate, three times each, so a burst of noise hits both.
    const Requests base_requests = prepare<Ops1Servant>(b, 1, 1, 1);
    const Requests worst_requests = prepare<Ops50Servant>(b, 25, max_servants, 50);
    double base = 1e300, worst = 1e300;
    for (int round = 0; round < 3; ++round) {
      base = std::min(base, ns_per_dispatch(b, base_requests));
      worst = std::min(worst, ns_per_dispatch(b, worst_requests));
    }

    if (json) {
      std::printf(
          "{\"series\":{\"servants\":%s,\"poa_depth\":%s,\"operations\":%s,"
          "\"operations_last_called\":%s},"
          "\"combined\":{\"base_ns\":%.1f,\"worst_ns\":%.1f,\"worst\":\"%zu servants, depth "
          "25, 50 operations\"}}\n",
          points_json(servants).c_str(), points_json(depths).c_str(),
          points_json(operations).c_str(), points_json(last_operation).c_str(), base, worst,
          max_servants);
    } else {
      for (const auto& [name, points] : {std::pair{"servants", &servants},
                                         {"poa depth", &depths},
                                         {"operations", &operations},
                                         {"last op of", &last_operation}}) {
        for (const auto& p : *points) std::printf("%-12s %8zu %10.1f ns\n", name, p.n, p.ns);
      }
      std::printf("1/1/1 %.1f ns, %zu/25/50 %.1f ns\n", base, max_servants, worst);
    }
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "rtorb-demux-bench: " << e.what() << '\n';
  } catch (const std::exception& e) {
    std::cerr << "rtorb-demux-bench: " << e.what() << '\n';
  }
  return 1;
}
