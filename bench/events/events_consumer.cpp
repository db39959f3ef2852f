// rtorb-events-consumer: the event benchmark's consumers (bench/scripts/exp_events.py).
//   rtorb-events-consumer receive --face rtec|cos|direct --channel REF [--consumers N]
//       [--suppliers S] [--type T] [--rt-info R] [--deadline-us D] [--seconds T]
//       [--ior-file F] [ORB options]
//     connects N consumers (direct: serves one and writes its IOR to F), prints "READY",
//     and once every consumer has seen S end events (S = 0: at SIGTERM; or after T s)
//     prints one JSON line: latencies from the supplier's stamp, received, events/s over
//     the first to the last receipt, deadline misses (latency above D µs).
//     --groups T/P/D,.. [--channels REF,..]: instead, one consumer per rate group (type T,
//     rt_info P, deadline D µs; on the group's own channel where --channels names one
//     each) and one JSON line per group, with its "type".
//   rtorb-events-consumer connect --face rtec|cos --channel REF [--times K]
//     times K connects (obtain the proxy, connect) and K disconnects; prints JSON.
#include <rtorb/corba/orb.hpp>
#include <rtorb/events/push_consumer_servant.hpp>
#include <rtorb/poa/poa.hpp>

#include <atomic>
#include <csignal>
#include <fstream>
#include <functional>
#include <memory>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include "CosEventChannelAdminS.h"
#include "RtecEventChannelAdminS.h"
#include "event_bench.hpp"

namespace {

using namespace event_bench;
using OrbRef = CORBA::object_reference<CORBA::ORB>;
using PoaRef = IDL::traits<PortableServer::POA>::ref_type;

std::atomic<bool> stop_requested{false};
void on_signal(int) { stop_requested = true; }

// What one consumer saw; pushes may come from several ORB threads.
class Record {
 public:
  void reserve(std::size_t n) { latencies_us_.reserve(n); }
  void event(std::uint64_t stamp_ns) {
    const std::uint64_t now = now_ns();
    std::lock_guard lock(mutex_);
    if (first_ns_ == 0) first_ns_ = now;
    last_ns_ = now;
    latencies_us_.push_back(static_cast<double>(now - stamp_ns) / 1000.0);
  }
  void end() { ends_.fetch_add(1); }
  int ends() const { return ends_.load(); }
  // Appends this consumer's results to the totals (called after the ORB stopped).
  void add_to(std::vector<double>& all, std::uint64_t& first, std::uint64_t& last) {
    std::lock_guard lock(mutex_);
    all.insert(all.end(), latencies_us_.begin(), latencies_us_.end());
    if (first_ns_ != 0 && (first == 0 || first_ns_ < first)) first = first_ns_;
    last = std::max(last, last_ns_);
  }

 private:
  std::mutex mutex_;
  std::vector<double> latencies_us_;
  std::uint64_t first_ns_ = 0;
  std::uint64_t last_ns_ = 0;
  std::atomic<int> ends_{0};
};

// Receives into the thread's kept set (PushConsumerServant): the allocation-free path.
class RtecConsumer final : public rtorb::events::PushConsumerServant {
 public:
  explicit RtecConsumer(Record& record) : record_(record) {}
  void push(const RtecEventComm::EventSet& events) override {
    for (const auto& e : events) {
      if (e.header().type() == end_type) {
        record_.end();
      } else {
        record_.event(e.header().creation_time());
      }
    }
  }
  void disconnect_push_consumer() override {}

 private:
  Record& record_;
};

// The CosEvent face carries a CORBA::ULongLong stamp, or a CORBA::ULong end event.
class CosConsumer final : public CORBA::servant_traits<CosEventComm::PushConsumer>::base_type {
 public:
  explicit CosConsumer(Record& record) : record_(record) {}
  void push(const CORBA::Any& data) override {
    std::uint64_t stamp = 0;
    std::uint32_t end = 0;
    if (data.extract(stamp)) {
      record_.event(stamp);
    } else if (data.extract(end)) {
      record_.end();
    }
  }
  void disconnect_push_consumer() override {}

 private:
  Record& record_;
};

RtecEventChannelAdmin::ConsumerQOS rtec_qos(std::int32_t type, std::int32_t rt_info) {
  RtecEventChannelAdmin::ConsumerQOS qos;
  for (std::int32_t t : {type, end_type}) {
    RtecEventChannelAdmin::Dependency d;
    d.event().header().type(t);
    d.rt_info(rt_info);
    qos.dependencies().push_back(d);
  }
  return qos;
}

template <class Interface, class Servant>
typename IDL::traits<Interface>::ref_type activate(const PoaRef& poa, Record& record) {
  return IDL::traits<Interface>::narrow(
      poa->id_to_reference(poa->activate_object(CORBA::make_reference<Servant>(record))));
}

// One consumer's subscription: its type, rate group (rt_info), deadline and channel.
struct Subscription {
  std::int32_t type = 20;
  std::int32_t rt_info = 0;
  long deadline_us = 0;
  std::string channel;
};

std::vector<Subscription> subscriptions_of(const Options& opt) {
  const Subscription plain{static_cast<std::int32_t>(opt.number("type", 20)),
                           static_cast<std::int32_t>(opt.number("rt-info", 0)),
                           opt.number("deadline-us", 0), opt.text("channel")};
  if (opt.text("groups").empty()) {
    const long count = opt.face() == Face::direct ? 1 : opt.number("consumers", 1);
    return std::vector<Subscription>(static_cast<std::size_t>(count), plain);
  }
  const auto channels = split(opt.text("channels"), ',');
  std::vector<Subscription> subs;
  for (const auto& group : split(opt.text("groups"), ',')) {
    const auto f = split(group, '/');
    if (f.size() != 3) {
      throw std::invalid_argument("--groups TYPE/PRIORITY/DEADLINE_US,..: " + group);
    }
    Subscription sub{static_cast<std::int32_t>(std::stol(f[0])),
                     static_cast<std::int32_t>(std::stol(f[1])), std::stol(f[2]),
                     plain.channel};
    if (subs.size() < channels.size()) sub.channel = channels[subs.size()];
    subs.push_back(sub);
  }
  return subs;
}

// Connects one consumer through the face; returns its disconnect.
std::function<void()> connect_one(const OrbRef& orb, const PoaRef& poa, const Options& opt,
                                  const Subscription& sub, Record& record) {
  const auto face = opt.face();
  const std::string& channel = sub.channel;
  if (face == Face::rtec) {
    auto ec = IDL::traits<RtecEventChannelAdmin::EventChannel>::narrow(
        orb->string_to_object(channel));
    auto proxy = ec->for_consumers()->obtain_push_supplier();
    auto consumer = activate<RtecEventComm::PushConsumer, RtecConsumer>(poa, record);
    proxy->connect_push_consumer(consumer, rtec_qos(sub.type, sub.rt_info));
    return [proxy] { proxy->disconnect_push_supplier(); };
  }
  if (face == Face::cos) {
    auto ec = IDL::traits<CosEventChannelAdmin::EventChannel>::narrow(
        orb->string_to_object(channel));
    auto proxy = ec->for_consumers()->obtain_push_supplier();
    proxy->connect_push_consumer(
        activate<CosEventComm::PushConsumer, CosConsumer>(poa, record));
    return [proxy] { proxy->disconnect_push_supplier(); };
  }
  auto consumer = activate<RtecEventComm::PushConsumer, RtecConsumer>(poa, record);
  std::ofstream(opt.text("ior-file")) << orb->object_to_string(consumer) << '\n';
  return [] {};
}

bool all_ended(const std::vector<std::unique_ptr<Record>>& records, long suppliers) {
  if (suppliers <= 0) return false;
  for (const auto& r : records) {
    if (r->ends() < suppliers) return false;
  }
  return true;
}

void print_results(const std::vector<std::unique_ptr<Record>>& records, long deadline_us,
                   const std::string& label = {}) {
  std::vector<double> all;
  std::uint64_t first = 0, last = 0;
  for (const auto& r : records) r->add_to(all, first, last);
  const auto misses = std::count_if(all.begin(), all.end(), [&](double us) {
    return deadline_us > 0 && us > static_cast<double>(deadline_us);
  });
  const double span_s = static_cast<double>(last - first) / 1e9;
  const double rate = span_s > 0 ? static_cast<double>(all.size() - 1) / span_s : 0.0;
  std::ostringstream extra;
  extra << "\"received\": " << all.size() << ", \"events_per_second\": " << rate
        << ", \"deadline_misses\": " << misses << ", \"consumers\": " << records.size()
        << label;
  std::cout << latency_json(std::move(all), extra.str()) << std::endl;
}

int receive(const OrbRef& orb, const PoaRef& poa, const Options& opt) {
  const auto subs = subscriptions_of(opt);
  std::vector<std::unique_ptr<Record>> records;
  std::vector<std::function<void()>> disconnects;
  for (const auto& sub : subs) {
    records.push_back(std::make_unique<Record>());
    records.back()->reserve(100000);
    disconnects.push_back(connect_one(orb, poa, opt, sub, *records.back()));
  }
  std::thread server([orb] { orb->run(); });
  std::cout << "READY" << std::endl;
  const auto until =
      std::chrono::steady_clock::now() + std::chrono::seconds(opt.number("seconds", 120));
  while (!stop_requested && !all_ended(records, opt.number("suppliers", 1)) &&
         std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  for (auto& disconnect : disconnects) {
    try {
      disconnect();
    } catch (const CORBA::Exception&) {  // the channel may be gone already
    }
  }
  orb->shutdown(true);
  server.join();
  if (opt.text("groups").empty()) {
    print_results(records, opt.number("deadline-us", 0));
    return 0;
  }
  for (std::size_t i = 0; i < subs.size(); ++i) {
    std::vector<std::unique_ptr<Record>> one;
    one.push_back(std::move(records[i]));
    print_results(one, subs[i].deadline_us, ", \"type\": " + std::to_string(subs[i].type));
  }
  return 0;
}

// K connects and K disconnects of one consumer object, each timed.
int connect_cost(const OrbRef& orb, const PoaRef& poa, const Options& opt) {
  Record record;
  const Subscription sub = subscriptions_of(opt).front();
  std::vector<double> connect_us, disconnect_us;
  const long times = opt.number("times", 200);
  for (long i = 0; i < times; ++i) {
    const std::uint64_t t0 = now_ns();
    auto disconnect = connect_one(orb, poa, opt, sub, record);
    const std::uint64_t t1 = now_ns();
    disconnect();
    const std::uint64_t t2 = now_ns();
    connect_us.push_back(static_cast<double>(t1 - t0) / 1000.0);
    disconnect_us.push_back(static_cast<double>(t2 - t1) / 1000.0);
  }
  std::cout << "{\"connect\": " << latency_json(connect_us)
            << ", \"disconnect\": " << latency_json(disconnect_us) << "}" << std::endl;
  return 0;
}

}  // namespace

int main(int argc, char* argv[]) {
  std::signal(SIGTERM, on_signal);
  std::signal(SIGINT, on_signal);
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    if (argc < 2) {
      std::cerr << "usage: rtorb-events-consumer receive|connect --face F --channel REF ...\n";
      return 2;
    }
    const std::string mode = argv[1];
    const Options opt(argc, argv, 2);
    auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    poa->the_POAManager()->activate();
    const int status = mode == "connect" ? connect_cost(orb, poa, opt) : receive(orb, poa, opt);
    orb->destroy();
    return status;
  } catch (const CORBA::Exception& e) {
    std::cerr << "rtorb-events-consumer: " << e.what() << '\n';
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "rtorb-events-consumer: " << e.what() << '\n';
    return 2;
  }
}
