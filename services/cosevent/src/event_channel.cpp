// EventChannel: the public face of ChannelCore.
#include <rtorb/cosevent/event_channel.hpp>
#include <rtorb/naming/name_syntax.hpp>

#include "channel_core.hpp"

namespace rtorb::cosevent {

EventChannel::EventChannel(CORBA::object_reference<CORBA::ORB> orb, ChannelOptions options)
    : core_(std::make_shared<ChannelCore>(std::move(orb), std::move(options))) {
  try {
    core_->start();
  } catch (...) {
    core_->stop();
    throw;
  }
}

EventChannel::~EventChannel() {
  try {
    core_->stop();
  } catch (const CORBA::Exception&) {
    // The ORB was destroyed first: its POAs went with it.
  }
}

IDL::traits<CosEventChannelAdmin::EventChannel>::ref_type EventChannel::reference() const {
  return IDL::traits<CosEventChannelAdmin::EventChannel>::narrow(core_->channel_reference());
}

void EventChannel::bind_in_naming(const IDL::traits<CosNaming::NamingContext>::ref_type& context) const {
  context->rebind(rtorb::naming::to_name(core_->options().naming_name), core_->channel_reference());
}

bool EventChannel::destroyed() const { return core_->destroyed(); }

ChannelCounters EventChannel::counters() const { return core_->counters(); }

}  // namespace rtorb::cosevent
