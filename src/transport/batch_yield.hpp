// Why a reader gives up its CPU after serving a batch: docs/transport.md, "Yielding after
// a batch".
#pragma once

#include <sched.h>

#include <cstddef>

namespace rtorb::transport {

// Two or more messages from one read mean the peer writes faster than this thread reads
// one message at a time. Where the two share a CPU, reading again at once would make the
// kernel wake this thread for nearly every message the peer sends next (two context
// switches each); yielding first lets the peer go on writing, and the next read takes
// what it wrote in one go. With nothing else runnable on the CPU the yield returns at
// once; under SCHED_FIFO it gives way to threads of the same priority only.
inline void yield_after_batch(bool enabled, std::size_t messages_from_one_read) noexcept {
  if (enabled && messages_from_one_read >= 2) ::sched_yield();
}

}  // namespace rtorb::transport
