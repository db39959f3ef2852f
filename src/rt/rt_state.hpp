// What the rt layer keeps per ORB (docs/rt.md): the scheduling it may use, the priority
// mapping, the thread pools and their lanes with their counters, named mutexes.
#pragma once

#include <rtorb/rt/extensions.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/orb_parts.hpp"
#include "core/seams/request_priority.hpp"
#include "core/seams/server_qos.hpp"
#include "rt/native_priority.hpp"
#include "rt/protocol_control.hpp"
#include "rt/rt_options.hpp"
#include "server/request_buffer.hpp"

namespace rtorb::orb {
class ServerLane;
struct LaneOptions;
}

namespace rtorb::rt {

// One lane of a thread pool: an ORB server lane whose threads run at `priority` and serve
// the CORBA priorities [band_low, band_high].
struct Lane {
  RTCORBA::Priority priority = 0;
  RTCORBA::Priority band_low = 0;
  RTCORBA::Priority band_high = RTCORBA::maxPriority;
  std::uint32_t static_threads = 0;
  std::uint32_t dynamic_threads = 0;  // at most
  orb::LaneId lane = orb::default_lane;
  std::shared_ptr<orb::ServerLane> server_lane;  // for its thread counts and lenders
  std::shared_ptr<transport::SocketOptionsCell> socket_options;  // of its accepted sockets
  // Counters (lane_statistics); updated by the lane's own threads only, read by anyone.
  std::atomic<std::uint64_t> requests{0};
  std::atomic<std::uint32_t> busy{0};
  std::atomic<std::uint64_t> priority_violations{0};
};

struct Threadpool {
  RTCORBA::ThreadpoolId id = 0;
  std::vector<std::unique_ptr<Lane>> lanes;  // by priority, lowest first

  // The lane serving `priority`: the one whose band holds it.
  const Lane& lane_for(RTCORBA::Priority priority) const noexcept;
};

class RtState final : public std::enable_shared_from_this<RtState>,
                      private orb::OutboundPriority {
 public:
  RtState(orb::OrbContext& orb, RtOptions options);
  RtState(const RtState&) = delete;
  RtState& operator=(const RtState&) = delete;

  orb::OrbContext& orb() const noexcept { return orb_; }
  // The parts of the ORB the rt layer plugs into besides the seams (orb_parts.hpp).
  const orb::OrbOptions& orb_options() const noexcept { return orb::options_of(orb_); }
  orb::ServerSide& orb_server() const noexcept { return orb::server_of(orb_); }
  const RtOptions& options() const noexcept { return options_; }
  const SchedulingChoice& scheduling() const noexcept { return scheduling_; }
  // Socket options and network priorities (protocol_control.hpp).
  ProtocolControl& protocols() const noexcept { return *protocols_; }

  // The mapping in use; never null. Installing one keeps every earlier one alive (a thread
  // may be inside it), so reading it takes no lock.
  RTCORBA::PriorityMapping& mapping() const noexcept {
    return *mapping_.load(std::memory_order_acquire);
  }
  void install_mapping(std::shared_ptr<RTCORBA::PriorityMapping> mapping);
  std::shared_ptr<RTCORBA::PriorityMapping> shared_mapping() const;
  // The priority transform, kept the same way; null until one is installed, which also
  // makes the ORB's invocations ask it (orb::OutboundPriority).
  RTCORBA::PriorityTransform* transform() const noexcept {
    return transform_.load(std::memory_order_acquire);
  }
  void install_transform(std::shared_ptr<RTCORBA::PriorityTransform> transform);
  // `priority` after the transform's inbound (unchanged without one or when it declines).
  RTCORBA::Priority inbound(RTCORBA::Priority priority,
                            std::span<const std::uint8_t> object_key) const noexcept;
  // The native scheduling of `priority`; nullopt if the mapping refuses it.
  std::optional<NativeScheduling> native_of(RTCORBA::Priority priority) const noexcept;
  // Runs the calling thread at `priority` (native and the ORB's view of it). Raises
  // BAD_PARAM bad_param_bad_priority for a negative one, DATA_CONVERSION when the mapping
  // refuses it.
  void set_thread_priority(RTCORBA::Priority priority) const;

  // Opens the lanes (BAD_PARAM bad_param_bad_threadpool for a bad list, or for buffering
  // with no bound or a lane of one thread). `stack_size` in bytes, 0 for the system's
  // default. `buffering`'s bounds apply to each lane; its priority_of is the rt layer's.
  RTCORBA::ThreadpoolId create_threadpool(const RTCORBA::ThreadpoolLanes& lanes,
                                          std::size_t stack_size, bool allow_borrowing,
                                          const orb::RequestBuffering& buffering = {});
  void destroy_threadpool(RTCORBA::ThreadpoolId id);  // RTORB::InvalidThreadpool
  // Null for an unknown or destroyed id. A destroyed pool's lanes are closed, but the pool
  // lives as long as the ORB: POAs made with it may still read them.
  std::shared_ptr<const Threadpool> threadpool(RTCORBA::ThreadpoolId id) const;

  std::vector<LaneStatistics> lane_statistics() const;


 private:
  // What the ORB needs to run `lane` of a pool being made: its threads, sockets,
  // endpoints and buffering, and a start hook that puts each thread at its priority.
  // DATA_CONVERSION if the mapping cannot map the lane's priority.
  orb::LaneOptions lane_options(Lane& lane, std::size_t stack_size,
                                const orb::RequestBuffering& buffering);

  orb::OrbContext& orb_;
  const RtOptions options_;
  const SchedulingChoice scheduling_;
  const std::shared_ptr<ProtocolControl> protocols_;
  std::int32_t outbound(std::int32_t priority,
                        std::span<const std::uint8_t> object_key) noexcept override;

  std::atomic<RTCORBA::PriorityMapping*> mapping_{nullptr};
  std::atomic<RTCORBA::PriorityTransform*> transform_{nullptr};

  mutable std::mutex mutex_;  // guards the members below
  std::vector<std::shared_ptr<RTCORBA::PriorityMapping>> mappings_;  // every one installed
  std::vector<std::shared_ptr<RTCORBA::PriorityTransform>> transforms_;  // every one installed
  std::map<RTCORBA::ThreadpoolId, std::shared_ptr<Threadpool>> pools_;
  std::vector<std::shared_ptr<Threadpool>> retired_;
  RTCORBA::ThreadpoolId next_pool_ = 1;
};

// The lane the calling thread belongs to; null for a thread of no lane.
Lane* current_lane() noexcept;

}  // namespace rtorb::rt
