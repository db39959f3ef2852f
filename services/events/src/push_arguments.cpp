// Reading a push's EventSet in place: the kept set's elements, and the payload buffers
// inside them, are reused from one push to the next on the same thread.
#include "push_arguments.hpp"

#include <rtorb/cdr/codec.hpp>

namespace rtorb::events::detail {

namespace {

struct KeptEventSet {
  RtecEventComm::EventSet events;
  bool in_use = false;
};

thread_local KeptEventSet kept;

// A set longer than this is not kept after its push: one burst should not pin its memory
// to the thread for good.
constexpr std::size_t kept_events_limit = 64;

// Each element is overwritten whole by the generated reader (every field is read), and
// an octet payload is assigned into the buffer it already has.
void read_in_place(cdr::InputStream& in, RtecEventComm::EventSet& events) {
  const std::uint32_t count = in.read_length(cdr::Codec<RtecEventComm::Event>::min_size);
  events.resize(count);
  for (auto& event : events) cdr::Codec<RtecEventComm::Event>::read(in, event);
}

}  // namespace

PushArguments::PushArguments(cdr::InputStream& arguments) {
  if (kept.in_use) {
    events_ = &nested_.emplace();
  } else {
    kept.in_use = true;
    holds_kept_ = true;
    events_ = &kept.events;
  }
  try {
    read_in_place(arguments, *events_);
  } catch (...) {
    release();
    throw;
  }
}

PushArguments::~PushArguments() { release(); }

void PushArguments::release() noexcept {
  if (!holds_kept_) return;
  holds_kept_ = false;
  if (kept.events.size() > kept_events_limit) RtecEventComm::EventSet().swap(kept.events);
  kept.in_use = false;
}

}  // namespace rtorb::events::detail
