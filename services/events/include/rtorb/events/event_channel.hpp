// The real-time event channel as a library: TAO's RtecEventChannelAdmin::EventChannel with
// its admins and proxies as servants of a POA the caller gives, filters built at connect,
// and dispatching as DispatchingOptions say (docs/events.md). rtorb-event-service is this
// class in a program; an application can link it into its own process instead.
#pragma once

#include <rtorb/corba/orb.hpp>
#include <rtorb/events/dispatching.hpp>
#include <rtorb/poa/poa.hpp>

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "RtecEventChannelAdminC.h"

namespace rtorb::events {

class ChannelCore;  // private: proxies, subscriptions, dispatch groups

struct ChannelOptions {
  DispatchingOptions dispatching;
  // The priority (rate group) of a consumer from the RT_Info handles of its dependencies:
  // the highest over them. Default (no Scheduling Service): the handle itself, clamped to
  // 0..32767, is the CORBA priority. Called at connect only, never on the event path.
  std::function<RTCORBA::Priority(RtecBase::handle_t)> priority_of_rt_info;
  // How long a push to one consumer may wait (connecting, or for room in a full socket
  // buffer) before it fails, and the consumer with it: a consumer that hangs delays its
  // rate group by at most this much, once. Zero: no bound.
  std::chrono::milliseconds push_timeout{1000};
  // Consumers disconnected for a failed push, dispatch threads that could not take their
  // priority. Default: a line on stderr.
  std::function<void(const std::string&)> log;
  // Keeps the proxies across restarts (docs/events.md, "Restarts"): every proxy created,
  // connected or disconnected rewrites this file, and a channel started with the file a
  // previous run left serves the same proxies, connected to the same clients with the same
  // QOS. The channel's objects then have fixed ids, so the POA given must have the
  // PERSISTENT and USER_ID policies, and references last only if the ORB keeps its
  // endpoint (-ORBEndpoint with a fixed port). Empty (the default): no state.
  std::string state_file;
};

class EventChannel {
 public:
  // Activates the channel's objects in `poa` (which needs the SYSTEM_ID and
  // IMPLICIT_ACTIVATION-free defaults of the RootPOA or a child of it; the caller activates
  // its manager) and starts the dispatching threads of pool mode. Raises what the POA raises.
  EventChannel(CORBA::object_reference<CORBA::ORB> orb,
               IDL::traits<PortableServer::POA>::ref_type poa, ChannelOptions options = {});
  EventChannel(const EventChannel&) = delete;
  EventChannel& operator=(const EventChannel&) = delete;
  // destroy(), then joins the dispatching threads. With a state file the clients are not
  // told and the file is kept: the next run serves them again.
  ~EventChannel();

  IDL::traits<RtecEventChannelAdmin::EventChannel>::ref_type reference() const;
  ChannelStatistics statistics() const;
  // What EventChannel::destroy does: disconnects every client (calling their
  // disconnect_push_consumer / disconnect_push_supplier), deactivates the objects, removes
  // the state file. Calls on the channel afterwards raise OBJECT_NOT_EXIST
  // object_not_exist_rtec_channel_destroyed.
  void destroy();
  // Set by whoever owns the process: runs once destroy() has been called through the IDL
  // (rtorb-event-service shuts its ORB down from here).
  void on_destroyed(std::function<void()> callback);

 private:
  std::shared_ptr<ChannelCore> core_;
};

}  // namespace rtorb::events
