#include "poa/reclamation.hpp"

#include <linux/membarrier.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <mutex>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <utility>
#include <vector>

namespace rtorb::poa::reclamation {

using detail::any_retired;
using detail::ThreadRecord;
using detail::this_thread;

namespace {

struct Retired {
  void* object;
  void (*destroy)(void*);
  // The threads that were inside a section when it was retired, with their state then: it
  // is freed once each has moved on.
  std::vector<std::pair<const ThreadRecord*, std::uint64_t>> waits_for;
};

// membarrier registered for the process, unless the environment asks for the fallback
// (RTORB_RECLAMATION_FENCED=1, which the tests use: every kernel here has membarrier).
bool register_expedited() noexcept {
  const char* fenced = std::getenv("RTORB_RECLAMATION_FENCED");
  if (fenced != nullptr && fenced[0] == '1') return false;
  return ::syscall(__NR_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0;
}

struct Domain {
  const bool expedited = register_expedited();
  // Unregisters a thread's record when it exits (the main thread's stays to the end).
  ::pthread_key_t exit_key{};
  const bool has_exit_key = ::pthread_key_create(&exit_key, &unregister_thread) == 0;
  std::mutex mutex;
  ThreadRecord* threads = nullptr;  // (mutex)
  std::vector<Retired> retired;     // (mutex)

  static void unregister_thread(void* record) noexcept;
};

// Never destroyed: threads exit, and POAs go, after static destruction has begun.
Domain& domain() {
  static Domain* const instance = new Domain;
  return *instance;
}

// Orders every reader's section entry against the caller: after it, a reader's entry
// store is visible here, or that reader's later loads see what the caller stored before.
// Without membarrier the readers' locked entries and the sequentially consistent loads
// of their state in retire do that.
void fence_readers(const Domain& d) noexcept {
  // Registered, so it cannot fail.
  if (d.expedited) ::syscall(__NR_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
}

void Domain::unregister_thread(void* opaque) noexcept {
  auto* record = static_cast<ThreadRecord*>(opaque);
  Domain& d = domain();
  {
    std::lock_guard lock(d.mutex);
    for (ThreadRecord** link = &d.threads; *link != nullptr; link = &(*link)->next) {
      if (*link == record) {
        *link = record->next;
        break;
      }
    }
    // Its sections are scoped, so none is open now: it holds nothing back.
    for (auto& r : d.retired) {
      std::erase_if(r.waits_for, [&](const auto& wait) { return wait.first == record; });
    }
  }
  record->registered = false;
  record->next = nullptr;
  detail::reclaim();
}

}  // namespace

namespace detail {

// Frees what no open section holds back any more.
void reclaim() noexcept {
  Domain& d = domain();
  std::vector<Retired> ready;
  try {
    std::lock_guard lock(d.mutex);
    for (auto& r : d.retired) {
      std::erase_if(r.waits_for, [](const auto& wait) {
        return wait.first->state.load(std::memory_order_acquire) != wait.second;
      });
    }
    const auto held = std::partition(d.retired.begin(), d.retired.end(),
                                     [](const Retired& r) { return !r.waits_for.empty(); });
    ready.assign(std::make_move_iterator(held), std::make_move_iterator(d.retired.end()));
    d.retired.erase(held, d.retired.end());
    any_retired.store(!d.retired.empty(), std::memory_order_relaxed);
  } catch (...) {
    return;  // no memory or no lock: the next section to close tries again
  }
  // Outside the lock: freeing an object may retire others.
  for (const Retired& r : ready) r.destroy(r.object);
}

ThreadRecord& register_thread() {
  Domain& d = domain();
  ThreadRecord& record = this_thread;
  // Without the key's destructor a thread's record would outlive the thread in the list.
  if (!d.has_exit_key || ::pthread_setspecific(d.exit_key, &record) != 0) {
    raise<CORBA::NO_RESOURCES>(minor::no_resources_reclamation,
                               "no thread-specific key for POA reclamation");
  }
  record.fenced = !d.expedited;
  {
    std::lock_guard lock(d.mutex);
    record.next = d.threads;
    d.threads = &record;
  }
  record.registered = true;
  return record;
}

}  // namespace detail

void retire(void* object, void (*destroy)(void*)) noexcept {
  Domain& d = domain();
  try {
    std::lock_guard lock(d.mutex);
    any_retired.store(true);  // before the fence: see ReadSection::leave
    fence_readers(d);
    Retired r{object, destroy, {}};
    for (const ThreadRecord* t = d.threads; t != nullptr; t = t->next) {
      const std::uint64_t state = t->state.load();
      if ((state & 1) != 0) r.waits_for.emplace_back(t, state);
    }
    if (!r.waits_for.empty()) {
      d.retired.push_back(std::move(r));
      return;
    }
    any_retired.store(!d.retired.empty(), std::memory_order_relaxed);
  } catch (...) {
    // No memory to remember it by: keeping it is safe, freeing it might not be.
    return;
  }
  destroy(object);
}

std::size_t pending() noexcept {
  Domain& d = domain();
  std::lock_guard lock(d.mutex);
  return d.retired.size();
}

}  // namespace rtorb::poa::reclamation
