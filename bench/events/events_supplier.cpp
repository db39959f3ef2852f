// rtorb-events-supplier: the event benchmark's suppliers (bench/scripts/exp_events.py).
//   rtorb-events-supplier --face rtec|cos|direct --channel REF [--suppliers S] [--events M]
//       [--seconds T] [--interval-us I] [--type T] [--payload B] [--priority P] [--end 0|1]
//       [ORB options]
// S threads, each with its own proxy (direct: pushes to the consumer REF itself), push
// events stamped with the send time, one every I µs (0: as fast as the face takes them),
// M of them or for T s, then one end event (--end 0: none). Prints {"sent": N,
// "events_per_second": ...}. rtec and direct events carry a B-octet payload; the CosEvent
// face carries the stamp alone, as a CORBA::ULongLong any. --priority P: each thread
// pushes at RT-CORBA priority P (RTCurrent).
//   --groups T/P/HZ,.. [--channels REF,..]: instead, one thread per rate group pushing type
//   T at HZ events/s and priority P (to the group's own channel where --channels names
//   one each, as for omniEvents); prints {"type": T, "sent": N} per group.
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <atomic>
#include <functional>
#include <memory>
#include <cmath>
#include <iostream>
#include <sstream>
#include <thread>

#include "CosEventChannelAdminC.h"
#include "RtecEventChannelAdminS.h"
#include "event_bench.hpp"

namespace {

using namespace event_bench;
using OrbRef = CORBA::object_reference<CORBA::ORB>;
using PushFn = std::function<void(std::int32_t type, std::uint64_t stamp)>;

// The channel's supplier side wants a PushSupplier to tell of a disconnect.
class QuietSupplier final : public CORBA::servant_traits<RtecEventComm::PushSupplier>::base_type {
 public:
  void disconnect_push_supplier() override {}
};

IDL::traits<RtecEventComm::PushSupplier>::ref_type supplier_object(const OrbRef& orb) {
  auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  poa->the_POAManager()->activate();
  return IDL::traits<RtecEventComm::PushSupplier>::narrow(
      poa->id_to_reference(poa->activate_object(CORBA::make_reference<QuietSupplier>())));
}

// One supplier's push function, connected through the face.
// What one supplier thread pushes, how often, at which priority, to which channel.
struct Stream {
  std::int32_t type = 20;
  long priority = 0;
  long interval_us = 0;
  std::string channel;
};

std::vector<Stream> streams_of(const Options& opt) {
  const Stream plain{static_cast<std::int32_t>(opt.number("type", 20)),
                     opt.number("priority", 0), opt.number("interval-us", 0),
                     opt.text("channel")};
  if (opt.text("groups").empty()) {
    return std::vector<Stream>(static_cast<std::size_t>(opt.number("suppliers", 1)), plain);
  }
  const auto channels = split(opt.text("channels"), ',');
  std::vector<Stream> streams;
  for (const auto& group : split(opt.text("groups"), ',')) {
    const auto f = split(group, '/');
    if (f.size() != 3) throw std::invalid_argument("--groups TYPE/PRIORITY/HZ,..: " + group);
    Stream s{static_cast<std::int32_t>(std::stol(f[0])), std::stol(f[1]),
             std::lround(1e6 / std::stod(f[2])), plain.channel};
    if (streams.size() < channels.size()) s.channel = channels[streams.size()];
    streams.push_back(s);
  }
  return streams;
}

PushFn connect_supplier(const OrbRef& orb, const Options& opt, const std::string& channel) {
  const auto object = orb->string_to_object(channel);
  const auto face = opt.face();
  if (face == Face::cos) {
    auto ec = IDL::traits<CosEventChannelAdmin::EventChannel>::narrow(object);
    auto proxy = ec->for_suppliers()->obtain_push_consumer();
    proxy->connect_push_supplier(nullptr);
    return [proxy](std::int32_t type, std::uint64_t stamp) {
      CORBA::Any event;
      if (type == end_type) {
        event.insert(static_cast<std::uint32_t>(type));
      } else {
        event.insert(stamp);
      }
      proxy->push(event);
    };
  }
  IDL::traits<RtecEventComm::PushConsumer>::ref_type target;
  if (face == Face::rtec) {
    auto ec = IDL::traits<RtecEventChannelAdmin::EventChannel>::narrow(object);
    auto proxy = ec->for_suppliers()->obtain_push_consumer();
    proxy->connect_push_supplier(supplier_object(orb), {});
    target = proxy;
  } else {
    target = IDL::traits<RtecEventComm::PushConsumer>::narrow(object);
  }
  auto set = std::make_shared<RtecEventComm::EventSet>(1);
  (*set)[0].data().payload().resize(static_cast<std::size_t>(opt.number("payload", 64)));
  (*set)[0].header().source(1);
  return [target, set](std::int32_t type, std::uint64_t stamp) {
    (*set)[0].header().type(type);
    (*set)[0].header().creation_time(stamp);
    target->push(*set);
  };
}

void at_priority(const OrbRef& orb, long priority) {
  if (priority <= 0) return;
  auto current = IDL::traits<RTCORBA::Current>::narrow(orb->resolve_initial_references("RTCurrent"));
  current->the_priority(static_cast<RTCORBA::Priority>(priority));
}

// One supplier thread's loop: paced on an absolute schedule, so a late push does not
// shift the ones after it.
long supply(const OrbRef& orb, const Options& opt, const Stream& stream) {
  at_priority(orb, stream.priority);
  const PushFn push = connect_supplier(orb, opt, stream.channel);
  const auto type = stream.type;
  const long events = opt.number("events", 1000);
  const long seconds = opt.number("seconds", 0);
  const auto interval = std::chrono::microseconds(stream.interval_us);
  const auto start = std::chrono::steady_clock::now();
  const auto stop_at = start + std::chrono::seconds(seconds);
  long sent = 0;
  for (;; ++sent) {
    const auto due = start + interval * sent;
    if (seconds > 0 ? due >= stop_at : sent >= events) break;
    if (interval.count() > 0) std::this_thread::sleep_until(due);
    push(type, now_ns());
  }
  if (opt.number("end", 1) != 0) push(end_type, 0);
  return sent;
}

}  // namespace

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    const Options opt(argc, argv, 1);
    const auto streams = streams_of(opt);
    std::vector<long> sent_by(streams.size(), 0);
    std::atomic<long> sent{0};
    std::atomic<bool> failed{false};
    const std::uint64_t t0 = now_ns();
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < streams.size(); ++i) {
      threads.emplace_back([&, i] {
        try {
          sent_by[i] = supply(orb, opt, streams[i]);
          sent += sent_by[i];
        } catch (const CORBA::Exception& e) {
          std::cerr << "rtorb-events-supplier: " << e.what() << '\n';
          failed = true;
        }
      });
    }
    for (auto& t : threads) t.join();
    const double seconds = static_cast<double>(now_ns() - t0) / 1e9;
    for (std::size_t i = 0; i < streams.size() && !opt.text("groups").empty(); ++i) {
      std::cout << "{\"type\": " << streams[i].type << ", \"sent\": " << sent_by[i] << "}\n";
    }
    if (opt.text("groups").empty()) {
      std::cout << "{\"sent\": " << sent.load() << ", \"events_per_second\": "
          << static_cast<double>(sent.load()) / seconds << "}" << std::endl;
    }
    orb->destroy();
    return failed ? 1 : 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "rtorb-events-supplier: " << e.what() << '\n';
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "rtorb-events-supplier: " << e.what() << '\n';
    return 2;
  }
}
