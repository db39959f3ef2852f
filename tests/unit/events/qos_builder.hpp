// Builds ConsumerQOS prefix lists and events for the event service's tests.
#pragma once

#include <cstdint>
#include <initializer_list>

#include "RtecEventChannelAdminC.h"

namespace events_test {

inline RtecEventComm::Event event(std::int32_t type, std::int32_t source, std::uint64_t time = 0) {
  RtecEventComm::Event e;
  e.header().type(type);
  e.header().source(source);
  e.header().creation_time(time);
  return e;
}

struct Entry {
  std::int32_t type;
  std::int32_t source;
  std::uint64_t time = 0;
  RtecBase::handle_t rt_info = 0;
};

inline RtecEventChannelAdmin::ConsumerQOS qos(std::initializer_list<Entry> entries) {
  RtecEventChannelAdmin::ConsumerQOS q;
  for (const Entry& entry : entries) {
    RtecEventChannelAdmin::Dependency d;
    d.event(event(entry.type, entry.source, entry.time));
    d.rt_info(entry.rt_info);
    q.dependencies().push_back(d);
  }
  return q;
}

}  // namespace events_test
