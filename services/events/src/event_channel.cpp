// EventChannel, the library's face: a ChannelCore started on the caller's POA.
#include <rtorb/events/event_channel.hpp>

#include "channel_core.hpp"

namespace rtorb::events {

EventChannel::EventChannel(CORBA::object_reference<CORBA::ORB> orb,
                           IDL::traits<PortableServer::POA>::ref_type poa, ChannelOptions options)
    : core_(std::make_shared<ChannelCore>(std::move(orb), std::move(poa), std::move(options))) {
  core_->start();
}

EventChannel::~EventChannel() {
  if (core_->keeps_state()) {
    core_->close();
  } else {
    core_->destroy();
  }
}

IDL::traits<RtecEventChannelAdmin::EventChannel>::ref_type EventChannel::reference() const {
  return core_->channel();
}
ChannelStatistics EventChannel::statistics() const { return core_->statistics(); }
void EventChannel::destroy() { core_->destroy(); }
void EventChannel::on_destroyed(std::function<void()> callback) { core_->on_destroyed(std::move(callback)); }

}  // namespace rtorb::events
