// Fuzzes the ConsumerQOS filter builder: each 6 input bytes are one dependency (type,
// source, period), types mostly small so designators and nesting are common. A list is
// either refused with BAD_PARAM bad_param_malformed_qos or built into a tree whose ranges
// hold together and which evaluates events (and conjunction state) without failing.
#include <rtorb/events/filter.hpp>
#include <rtorb/events/minor_codes.hpp>

#include <cstdint>
#include <cstdlib>

namespace {

using rtorb::events::Filter;

RtecEventChannelAdmin::ConsumerQOS read_qos(const std::uint8_t* data, std::size_t size) {
  RtecEventChannelAdmin::ConsumerQOS qos;
  for (std::size_t at = 0; at + 6 <= size; at += 6) {
    RtecEventChannelAdmin::Dependency d;
    // Under 0xf0 a type is small (0..23: designators, reserved and a few user types);
    // above, a wide value for the masks.
    const std::int32_t type = data[at] < 0xf0 ? data[at] % 24 : static_cast<std::int32_t>(data[at + 1]) << 8 | data[at];
    d.event().header().type(type);
    d.event().header().source(static_cast<std::int8_t>(data[at + 2]) % 8);
    d.event().header().creation_time(static_cast<std::uint64_t>(data[at + 3]) * 10000);
    d.rt_info(data[at + 4]);
    qos.dependencies().push_back(d);
  }
  return qos;
}

void check_ranges(const Filter& filter) {
  const auto& nodes = filter.nodes();
  for (std::uint32_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].end <= i || nodes[i].end > nodes.size()) std::abort();
    std::uint32_t children = 0;
    for (std::uint32_t c = i + 1; c < nodes[i].end; c = nodes[c].end) ++children;
    if (nodes[i].kind != Filter::Kind::type && nodes[i].kind != Filter::Kind::null &&
        nodes[i].kind != Filter::Kind::timeout && nodes[i].kind != Filter::Kind::masked_type &&
        children != nodes[i].children) {
      std::abort();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto qos = read_qos(data, size);
  try {
    const Filter filter = Filter::build(qos);
    check_ranges(filter);
    rtorb::events::FilterState state(filter);
    RtecEventComm::EventSet collected;
    for (std::size_t at = 0; at + 2 <= size && at < 64; at += 2) {
      RtecEventComm::Event event;
      event.header().type(data[at] % 24);
      event.header().source(data[at + 1] % 8);
      (void)filter.may_accept(event.header());
      (void)state.offer(filter, event, collected);
      collected.clear();
    }
  } catch (const CORBA::BAD_PARAM& e) {
    if (e.minor() != rtorb::minor::bad_param_malformed_qos) std::abort();
  }
  return 0;
}
