// The CosEvent channel as a library (docs/cosevent.md): an untyped OMG event channel with
// push and pull on both sides, a bounded queue and a dispatcher per consumer, on rtorb's
// public API only. The program that serves it creates one on its ORB and runs the ORB.
#pragma once

#include <rtorb/corba/orb.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "CosEventChannelAdminC.h"
#include "CosNamingC.h"

namespace rtorb::cosevent {

class ChannelCore;  // private: the proxies, the subscriber table, the worker threads

// What a consumer's full queue does with one more event. Every event it loses is counted.
enum class FullPolicy {
  drop_oldest,     // the oldest queued event goes (the default, as omniEvents does)
  drop_newest,     // the new event is not queued
  block_supplier,  // the supplier's push waits for room (a failed consumer makes room)
};

struct ChannelOptions {
  std::string poa_name = "CosEventChannel";  // the RootPOA's child serving every object
  std::size_t queue_length = 1024;           // events held per consumer (at least 1)
  FullPolicy full_policy = FullPolicy::drop_oldest;
  // The RelativeRoundtripTimeout on every call to a consumer or pull supplier: a peer that
  // takes longer is disconnected (counted and logged) and never delays the others.
  std::chrono::milliseconds call_timeout{2000};
  // The pause after a try_pull that found nothing, for pull suppliers the channel polls.
  std::chrono::milliseconds pull_period{10};
  // Disconnected proxies stay active so a late push or pull gets Disconnected, as the
  // specification says; past this many the oldest goes (then OBJECT_NOT_EXIST).
  std::size_t disconnected_proxies_kept = 1024;
  // Registered in the ORB's IORTable when not empty: corbaloc::host:port/<key>.
  std::string corbaloc_key;
  // The name bind_in_naming uses: omniEvents' tools look up "EventChannel" by default.
  std::string naming_name = "EventChannel";
  std::function<void(const std::string&)> log;  // failures and drops; default: stderr
};

struct ChannelCounters {
  std::uint64_t events_in = 0;          // accepted from suppliers (pushed or pulled)
  std::uint64_t delivered = 0;          // pushed to or pulled by consumers
  std::uint64_t dropped = 0;            // lost to a full queue, under its FullPolicy
  std::uint64_t consumers_failed = 0;   // push consumers disconnected after a failed push
  std::uint64_t suppliers_failed = 0;   // pull suppliers disconnected after a failed pull
  std::uint64_t queue_high_water = 0;   // the deepest any consumer queue has been
  std::uint64_t consumers = 0;          // connected now (push and pull)
  std::uint64_t suppliers = 0;          // connected now (push and pull)
};

class EventChannel {
 public:
  // Creates the POA under the RootPOA (with the RootPOA's manager, which the caller
  // activates) and activates the channel; registers options.corbaloc_key if set. Raises
  // BAD_PARAM for queue_length 0, and what the POA raises (AdapterAlreadyExists for a
  // poa_name in use).
  EventChannel(CORBA::object_reference<CORBA::ORB> orb, ChannelOptions options = {});
  EventChannel(const EventChannel&) = delete;
  EventChannel& operator=(const EventChannel&) = delete;
  // Disconnects every peer (each is told), destroys the POA and joins the dispatchers.
  ~EventChannel();

  IDL::traits<CosEventChannelAdmin::EventChannel>::ref_type reference() const;

  // Binds (rebind) the channel under options.naming_name ("a/b.kind" syntax) in `context`.
  // Raises what the context raises (NotFound for a missing intermediate context).
  void bind_in_naming(const IDL::traits<CosNaming::NamingContext>::ref_type& context) const;

  // Whether a client called EventChannel::destroy (the owner may then exit).
  bool destroyed() const;

  ChannelCounters counters() const;

 private:
  std::shared_ptr<ChannelCore> core_;
};

}  // namespace rtorb::cosevent
