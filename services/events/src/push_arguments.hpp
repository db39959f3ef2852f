// The `in EventSet` of a push read into storage its thread keeps, so that receiving a push
// whose events fit what the thread received before allocates nothing (docs/events.md,
// "Allocation"). The generated skeleton reads each set into a new vector, and each payload
// into a new one of its own.
#pragma once

#include <rtorb/cdr/input_stream.hpp>

#include <optional>

#include "RtecEventCommC.h"

namespace rtorb::events::detail {

class PushArguments {
 public:
  // Reads the set from `arguments` into the thread's kept set, or into a set of its own
  // when the kept one is in use lower on this thread's stack (a nested upcall). Raises
  // what the CDR reader raises (MARSHAL) on a malformed set.
  explicit PushArguments(cdr::InputStream& arguments);
  PushArguments(const PushArguments&) = delete;
  PushArguments& operator=(const PushArguments&) = delete;
  // Gives the kept set back to the thread (a very large one is released).
  ~PushArguments();

  const RtecEventComm::EventSet& events() const noexcept { return *events_; }

 private:
  void release() noexcept;

  RtecEventComm::EventSet* events_ = nullptr;
  std::optional<RtecEventComm::EventSet> nested_;
  bool holds_kept_ = false;
};

}  // namespace rtorb::events::detail
