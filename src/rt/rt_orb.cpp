// RTCORBA::RTORB and RTCORBA::Current over an RtState, and their registration.
#include "rt/rt_orb.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/rt/extensions.hpp>

#include <map>
#include <mutex>
#include <string>

#include "core/orb_options.hpp"
#include "core/orb_parts.hpp"
#include "core/seams/request_priority.hpp"
#include "core/seams/seam_registry.hpp"
#include "rt/rt_client_policies.hpp"
#include "rt/rt_mutex.hpp"
#include "rt/rt_policies.hpp"
#include "rt/rt_server_qos.hpp"
#include "rt/rt_state.hpp"

namespace rtorb::rt {
namespace {

class RtCurrentImpl final : public RTCORBA::Current {
 public:
  explicit RtCurrentImpl(std::shared_ptr<RtState> state) : state_(std::move(state)) {}
  RTCORBA::Priority the_priority() override {
    const std::int32_t priority = orb::thread_priority();
    if (priority == orb::no_priority) {
      raise<CORBA::INITIALIZE>(minor::initialize_priority_unset,
                               "RTCurrent::the_priority read before it was set on this thread");
    }
    return static_cast<RTCORBA::Priority>(priority);
  }
  void the_priority(RTCORBA::Priority priority) override { state_->set_thread_priority(priority); }
  bool _is_a(const std::string& repository_id) override {
    return repository_id == IDL::traits<RTCORBA::Current>::repository_id ||
           repository_id == "IDL:omg.org/CORBA/Current:1.0" ||
           CORBA::LocalObject::_is_a(repository_id);
  }

 private:
  std::shared_ptr<RtState> state_;
};

class RtOrbImpl final : public RTCORBA::RTORB {
 public:
  explicit RtOrbImpl(std::shared_ptr<RtState> state) : state_(std::move(state)) {}
  RtState& state() noexcept { return *state_; }

  CORBA::object_reference<RTCORBA::Mutex> create_mutex() override { return make_rt_mutex(); }
  void destroy_mutex(CORBA::object_reference<RTCORBA::Mutex> the_mutex) override {
    std::lock_guard lock(names_mutex_);
    std::erase_if(named_mutexes_, [&](const auto& entry) { return entry.second == the_mutex; });
  }
  CORBA::object_reference<RTCORBA::Mutex> create_named_mutex(const std::string& name,
                                                             bool& created_flag) override {
    std::lock_guard lock(names_mutex_);
    auto& slot = named_mutexes_[name];
    created_flag = !slot;
    if (!slot) slot = make_rt_mutex();
    return slot;
  }
  CORBA::object_reference<RTCORBA::Mutex> open_named_mutex(const std::string& name) override {
    std::lock_guard lock(names_mutex_);
    auto it = named_mutexes_.find(name);
    if (it == named_mutexes_.end()) throw MutexNotFound();
    return it->second;
  }

  CORBA::object_reference<RTCORBA::TCPProtocolProperties> create_tcp_protocol_properties(
      std::int32_t send_buffer_size, std::int32_t recv_buffer_size, bool keep_alive,
      bool dont_route, bool no_delay, bool enable_network_priority) override {
    return make_tcp_properties(send_buffer_size, recv_buffer_size, keep_alive, dont_route,
                               no_delay, enable_network_priority);
  }

  RTCORBA::ThreadpoolId create_threadpool(std::uint32_t stacksize, std::uint32_t static_threads,
                                          std::uint32_t dynamic_threads,
                                          RTCORBA::Priority default_priority,
                                          bool allow_request_buffering,
                                          std::uint32_t max_buffered_requests,
                                          std::uint32_t max_request_buffer_size) override {
    return create_threadpool_with_lanes(
        stacksize, {RTCORBA::ThreadpoolLane(default_priority, static_threads, dynamic_threads)},
        false, allow_request_buffering, max_buffered_requests, max_request_buffer_size);
  }

  RTCORBA::ThreadpoolId create_threadpool_with_lanes(
      std::uint32_t stacksize, const RTCORBA::ThreadpoolLanes& lanes, bool allow_borrowing,
      bool allow_request_buffering, std::uint32_t max_buffered_requests,
      std::uint32_t max_request_buffer_size) override {
    orb::RequestBuffering buffering;
    buffering.enabled = allow_request_buffering;
    buffering.max_requests = max_buffered_requests;
    buffering.max_bytes = max_request_buffer_size;
    return state_->create_threadpool(lanes, stacksize, allow_borrowing, buffering);
  }

  void destroy_threadpool(RTCORBA::ThreadpoolId threadpool) override {
    state_->destroy_threadpool(threadpool);
  }

  CORBA::object_reference<RTCORBA::PriorityModelPolicy> create_priority_model_policy(
      RTCORBA::PriorityModel priority_model, RTCORBA::Priority server_priority) override {
    return make_priority_model_policy(priority_model, server_priority);
  }
  CORBA::object_reference<RTCORBA::ThreadpoolPolicy> create_threadpool_policy(
      RTCORBA::ThreadpoolId threadpool) override {
    return make_threadpool_policy(threadpool);
  }
  CORBA::object_reference<RTCORBA::PriorityBandedConnectionPolicy>
  create_priority_banded_connection_policy(const RTCORBA::PriorityBands& bands) override {
    return make_banded_policy(bands);
  }
  CORBA::object_reference<RTCORBA::ServerProtocolPolicy> create_server_protocol_policy(
      const RTCORBA::ProtocolList& protocols) override {
    return make_server_protocol_policy(protocols);
  }
  CORBA::object_reference<RTCORBA::ClientProtocolPolicy> create_client_protocol_policy(
      const RTCORBA::ProtocolList& protocols) override {
    return make_client_protocol_policy(protocols);
  }
  CORBA::object_reference<RTCORBA::PrivateConnectionPolicy> create_private_connection_policy()
      override {
    return make_private_connection_policy();
  }

  bool _is_a(const std::string& repository_id) override {
    return repository_id == IDL::traits<RTCORBA::RTORB>::repository_id ||
           CORBA::LocalObject::_is_a(repository_id);
  }

 private:
  std::shared_ptr<RtState> state_;
  std::mutex names_mutex_;  // guards named_mutexes_
  std::map<std::string, CORBA::object_reference<RTCORBA::Mutex>> named_mutexes_;
};

RtState& state_of(CORBA::ORB& orb) {
  auto rt = IDL::traits<RTCORBA::RTORB>::narrow(orb.resolve_initial_references("RTORB"));
  auto* impl = dynamic_cast<RtOrbImpl*>(rt.operator->());
  if (impl == nullptr) {
    raise<CORBA::INTERNAL>(minor::internal_foreign_rtorb, "\"RTORB\" is not rtorb's");
  }
  return impl->state();
}

}  // namespace

std::function<void(orb::OrbContext&)> make_rt_initializer(RtOptions options) {
  return [options = std::move(options)](orb::OrbContext& core) {
    auto state = std::make_shared<RtState>(core, options);
    auto rt_orb = CORBA::make_reference<RtOrbImpl>(state);
    auto current = CORBA::make_reference<RtCurrentImpl>(state);
    orb::SeamRegistry& seams = orb::seams_of(core);
    seams.register_initial_reference("RTORB", [rt_orb] { return rt_orb; });
    seams.register_initial_reference("RTCurrent", [current] { return current; });
    seams.add_server_policy_handler(make_rt_policy_handler(state));
    seams.add_client_policy_handler(make_rt_client_policies(state));
  };
}

orb::LayerSetup register_rt_layer(orb::OptionTable& table) {
  auto options = std::make_shared<RtOptions>();
  add_rt_options(table, *options);
  return [options](orb::OrbOptions& orb_options) {
    orb_options.initializers.push_back(make_rt_initializer(*options));
  };
}

void install_priority_mapping(CORBA::ORB& orb, std::shared_ptr<RTCORBA::PriorityMapping> mapping) {
  state_of(orb).install_mapping(std::move(mapping));
}

std::shared_ptr<RTCORBA::PriorityMapping> priority_mapping(CORBA::ORB& orb) {
  return state_of(orb).shared_mapping();
}

void install_network_priority_mapping(CORBA::ORB& orb,
                                      std::shared_ptr<NetworkPriorityMapping> mapping) {
  state_of(orb).protocols().install_mapping(std::move(mapping));
}

void install_priority_transform(CORBA::ORB& orb,
                                std::shared_ptr<RTCORBA::PriorityTransform> transform) {
  state_of(orb).install_transform(std::move(transform));
}

bool real_time_scheduling(CORBA::ORB& orb) {
  return state_of(orb).scheduling().policy != SCHED_OTHER;
}

std::vector<LaneStatistics> lane_statistics(CORBA::ORB& orb) {
  return state_of(orb).lane_statistics();
}

}  // namespace rtorb::rt

extern "C" const rtorb::orb::LinkedLayer rtorb_rt_layer{"rt", &rtorb::rt::register_rt_layer};
