#include "rt/rt_state.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <algorithm>
#include <set>

#include "core/orb_context.hpp"
#include "core/seams/request_priority.hpp"
#include "giop/service_context.hpp"
#include "ior/encapsulation.hpp"
#include "server/server_lane.hpp"
#include "server/server_side.hpp"

namespace rtorb::rt {
namespace {

thread_local Lane* this_thread_lane = nullptr;

void check_lanes(const RTCORBA::ThreadpoolLanes& lanes, const orb::RequestBuffering& buffering) {
  if (lanes.empty()) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_bad_threadpool, "a thread pool needs a lane");
  }
  std::set<RTCORBA::Priority> seen;
  for (const auto& lane : lanes) {
    if (lane.lane_priority() < RTCORBA::minPriority) {
      raise<CORBA::BAD_PARAM>(minor::bad_param_bad_priority,
                              "lane priority " + std::to_string(lane.lane_priority()));
    }
    if (!seen.insert(lane.lane_priority()).second) {
      raise<CORBA::BAD_PARAM>(minor::bad_param_bad_threadpool,
                              "two lanes of priority " + std::to_string(lane.lane_priority()));
    }
    if (lane.static_threads() == 0) {
      raise<CORBA::BAD_PARAM>(minor::bad_param_bad_threadpool,
                              "lane of priority " + std::to_string(lane.lane_priority()) +
                                  " has no threads");
    }
    // One thread keeps reading while the others serve (orb/request_buffer.hpp): a lane
    // of one thread could never hold a request.
    if (buffering.enabled && lane.static_threads() + lane.dynamic_threads() < 2) {
      raise<CORBA::BAD_PARAM>(minor::bad_param_bad_threadpool,
                              "request buffering needs lanes of two threads or more; lane " +
                                  std::to_string(lane.lane_priority()) + " has one");
    }
  }
  if (buffering.enabled && buffering.max_requests == 0 && buffering.max_bytes == 0) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_bad_threadpool,
                            "request buffering needs max_buffered_requests or "
                            "max_request_buffer_size");
  }
}

// The priority a held request is served in order of: its RTCorbaPriority, or else its
// lane's (a SERVER_DECLARED object of a lane has the lane's priority).
std::int32_t buffered_priority(const giop::ServiceContextList& contexts,
                               RTCORBA::Priority lane_priority) noexcept {
  const auto* context = giop::find_service_context(contexts, giop::service_id::rt_corba_priority);
  if (context == nullptr) return lane_priority;
  try {
    cdr::InputStream is = ior::open_encapsulation(context->context_data);
    return is.read_short();
  } catch (const CORBA::SystemException&) {
    return lane_priority;  // the upcall refuses it; its place in line does not matter
  }
}

}  // namespace

Lane* current_lane() noexcept { return this_thread_lane; }

namespace {

// Each lane may borrow from the lanes below it, the nearest first (RT-CORBA 1.2: a lane
// borrows only from lower-priority lanes).
void lend_downwards(const Threadpool& pool) {
  for (std::size_t i = 0; i < pool.lanes.size(); ++i) {
    std::vector<std::weak_ptr<orb::ServerLane>> lenders;
    for (std::size_t j = i; j-- > 0;) lenders.push_back(pool.lanes[j]->server_lane);
    pool.lanes[i]->server_lane->set_lenders(std::move(lenders));
  }
}

}  // namespace

const Lane& Threadpool::lane_for(RTCORBA::Priority priority) const noexcept {
  for (const auto& lane : lanes) {
    if (priority >= lane->band_low && priority <= lane->band_high) return *lane;
  }
  return *lanes.front();
}

RtState::RtState(orb::OrbContext& orb, RtOptions options)
    : orb_(orb), options_(std::move(options)), scheduling_(choose_scheduling(options_.sched_policy)),
      protocols_(ProtocolControl::create(orb, options_.network_priority)) {
  if (!scheduling_.permitted) {
    // Said whatever the debug level: the user asked for real-time scheduling.
    orb::logger_of(orb).write_line(
        "warning: real-time scheduling is not permitted here (needs root, CAP_SYS_NICE or an "
        "rtprio limit); priorities run with SCHED_OTHER");
  }
  auto mapping = make_priority_mapping(options_.priority_mapping, scheduling_.range);
  if (!mapping) mapping = make_priority_mapping("linear", scheduling_.range);
  install_mapping(std::move(mapping));
}

void RtState::install_mapping(std::shared_ptr<RTCORBA::PriorityMapping> mapping) {
  if (!mapping) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_nil_mapping, "a priority mapping may not be null");
  }
  std::lock_guard lock(mutex_);
  mapping_.store(mapping.get(), std::memory_order_release);
  mappings_.push_back(std::move(mapping));
}

std::shared_ptr<RTCORBA::PriorityMapping> RtState::shared_mapping() const {
  std::lock_guard lock(mutex_);
  return mappings_.back();
}

void RtState::install_transform(std::shared_ptr<RTCORBA::PriorityTransform> transform) {
  if (!transform) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_nil_mapping, "a priority transform may not be null");
  }
  {
    std::lock_guard lock(mutex_);
    transform_.store(transform.get(), std::memory_order_release);
    transforms_.push_back(std::move(transform));
  }
  orb::seams_of(orb_).set_outbound_priority(this);
}

namespace {

// What a transform makes of `priority`; a transform that declines, throws or gives a
// priority outside 0..32767 leaves it.
template <class Apply>
RTCORBA::Priority transformed(RTCORBA::Priority priority, Apply apply) noexcept {
  RTCORBA::Priority changed = priority;
  try {
    if (apply(changed) && changed >= RTCORBA::minPriority) return changed;
  } catch (...) {
  }
  return priority;
}

}  // namespace

RTCORBA::Priority RtState::inbound(RTCORBA::Priority priority,
                                   std::span<const std::uint8_t> object_key) const noexcept {
  RTCORBA::PriorityTransform* t = transform();
  if (t == nullptr) return priority;
  return transformed(priority, [&](RTCORBA::Priority& p) { return t->inbound(p, object_key); });
}

std::int32_t RtState::outbound(std::int32_t priority,
                               std::span<const std::uint8_t> object_key) noexcept {
  RTCORBA::PriorityTransform* t = transform();
  if (t == nullptr) return priority;
  return transformed(static_cast<RTCORBA::Priority>(priority),
                     [&](RTCORBA::Priority& p) { return t->outbound(p, object_key); });
}

std::optional<NativeScheduling> RtState::native_of(RTCORBA::Priority priority) const noexcept {
  RTCORBA::NativePriority native = 0;
  try {
    if (!mapping().to_native(priority, native)) return std::nullopt;
  } catch (...) {
    return std::nullopt;  // an application's mapping that throws refuses
  }
  return NativeScheduling{scheduling_.policy, native};
}

void RtState::set_thread_priority(RTCORBA::Priority priority) const {
  if (priority < RTCORBA::minPriority) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_bad_priority,
                            "CORBA priority " + std::to_string(priority) + " is outside 0..32767");
  }
  const auto native = native_of(priority);
  if (!native) {
    raise<CORBA::DATA_CONVERSION>(minor::data_conversion_priority_mapping,
                                  "the priority mapping cannot map " + std::to_string(priority));
  }
  set_scheduling(*native);  // refused only where real-time scheduling is not permitted
  orb::set_thread_priority(priority);
}

namespace {

// The pool's lanes, lowest priority first: each serves from its own priority up to the
// next lane's, the lowest from 0.
std::shared_ptr<Threadpool> lay_out_lanes(const RTCORBA::ThreadpoolLanes& wanted) {
  auto pool = std::make_shared<Threadpool>();
  for (const auto& l : wanted) {
    auto lane = std::make_unique<Lane>();
    lane->priority = l.lane_priority();
    lane->static_threads = l.static_threads();
    lane->dynamic_threads = l.dynamic_threads();
    pool->lanes.push_back(std::move(lane));
  }
  std::sort(pool->lanes.begin(), pool->lanes.end(),
            [](const auto& a, const auto& b) { return a->priority < b->priority; });
  for (std::size_t i = 0; i < pool->lanes.size(); ++i) {
    Lane& lane = *pool->lanes[i];
    lane.band_low = i == 0 ? RTCORBA::minPriority : lane.priority;
    lane.band_high = i + 1 == pool->lanes.size()
                         ? RTCORBA::maxPriority
                         : static_cast<RTCORBA::Priority>(pool->lanes[i + 1]->priority - 1);
  }
  return pool;
}

}  // namespace

RTCORBA::ThreadpoolId RtState::create_threadpool(const RTCORBA::ThreadpoolLanes& wanted,
                                                 std::size_t stack_size, bool allow_borrowing,
                                                 const orb::RequestBuffering& buffering) {
  check_lanes(wanted, buffering);
  auto pool = lay_out_lanes(wanted);
  try {
    for (auto& lane : pool->lanes) {
      lane->lane = orb_server().lanes().add(lane_options(*lane, stack_size, buffering));
      lane->server_lane = orb_server().lanes().find(lane->lane);
    }
  } catch (...) {
    for (auto& lane : pool->lanes) {
      if (lane->lane != orb::default_lane) orb_server().lanes().remove(lane->lane);
    }
    throw;
  }
  if (allow_borrowing) lend_downwards(*pool);
  std::lock_guard lock(mutex_);
  pool->id = next_pool_++;
  pools_.emplace(pool->id, pool);
  return pool->id;
}

orb::LaneOptions RtState::lane_options(Lane& lane, std::size_t stack_size,
                                       const orb::RequestBuffering& buffering) {
  orb::LaneOptions options;
  options.threads = lane.static_threads;
  options.dynamic_threads = lane.dynamic_threads;
  options.dynamic_idle_timeout = options_.dynamic_thread_idle_timeout;
  options.stack_size = stack_size;
  options.buffering = buffering;
  options.buffering.priority_of = [priority = lane.priority](const auto& contexts) {
    return buffered_priority(contexts, priority);
  };
  options.socket_options = lane.socket_options = protocols_->open_lane(lane.priority);
  for (const auto& e : options_.lane_endpoints) {
    if (e.priority == lane.priority) options.endpoints.push_back(e.endpoint);
  }
  const auto native = native_of(lane.priority);
  if (!native) {
    raise<CORBA::DATA_CONVERSION>(minor::data_conversion_priority_mapping,
                                  "the priority mapping cannot map lane priority " +
                                      std::to_string(lane.priority));
  }
  options.on_thread_start = [self = &lane, native = *native] {
    this_thread_lane = self;
    set_scheduling(native);
    orb::set_thread_priority(self->priority);
  };
  return options;
}

void RtState::destroy_threadpool(RTCORBA::ThreadpoolId id) {
  std::shared_ptr<Threadpool> pool;
  {
    std::lock_guard lock(mutex_);
    auto it = pools_.find(id);
    if (it == pools_.end()) throw RTCORBA::RTORB::InvalidThreadpool();
    pool = std::move(it->second);
    pools_.erase(it);
    retired_.push_back(pool);  // POAs made with it may still read its lanes
  }
  for (auto& lane : pool->lanes) orb_server().lanes().remove(lane->lane);
}

std::shared_ptr<const Threadpool> RtState::threadpool(RTCORBA::ThreadpoolId id) const {
  std::lock_guard lock(mutex_);
  auto it = pools_.find(id);
  if (it == pools_.end()) return nullptr;
  return it->second;
}

std::vector<LaneStatistics> RtState::lane_statistics() const {
  std::vector<LaneStatistics> all;
  std::lock_guard lock(mutex_);
  for (const auto& [id, pool] : pools_) {
    for (const auto& lane : pool->lanes) {
      LaneStatistics s;
      s.threadpool = id;
      s.lane_priority = lane->priority;
      s.static_threads = lane->static_threads;
      s.dynamic_threads = lane->server_lane ? static_cast<std::uint32_t>(
                                                  lane->server_lane->dynamic_threads())
                                            : 0;
      s.borrowed_threads = lane->server_lane ? static_cast<std::uint32_t>(
                                                   lane->server_lane->borrowed_threads())
                                             : 0;
      s.threads_busy = lane->busy.load(std::memory_order_relaxed);
      s.requests = lane->requests.load(std::memory_order_relaxed);
      s.priority_violations = lane->priority_violations.load(std::memory_order_relaxed);
      if (lane->server_lane) {
        s.buffered_requests = static_cast<std::uint32_t>(lane->server_lane->buffered_requests());
        s.refused_requests = lane->server_lane->refused_requests();
      }
      all.push_back(s);
    }
  }
  return all;
}

}  // namespace rtorb::rt
