// Real-time CORBA 1.2 (OMG formal/05-01-04), module RTCORBA, in the IDL to C++11 mapping:
// CORBA priorities and their mappings, priority models, thread pools with lanes,
// priority-banded and private connections, protocol properties, RT mutexes, RTCurrent and
// the RTORB ("RTORB", "RTCurrent" initial references). docs/rt.md explains the design.
#pragma once

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/object.hpp>
#include <rtorb/corba/object_reference.hpp>
#include <rtorb/corba/policy.hpp>
#include <rtorb/corba/time_base.hpp>
#include <rtorb/poa/local_traits.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace RTCORBA {

using NativePriority = std::int16_t;
using Priority = std::int16_t;
inline constexpr Priority minPriority = 0;
inline constexpr Priority maxPriority = 32767;

// Maps CORBA priorities onto the operating system's (RT-CORBA 2.6; a native interface, so
// C++ of the ORB's choosing). Both return false for a priority they cannot map. An
// application installs its own with rtorb::rt::install_priority_mapping (rt/extensions.hpp).
class PriorityMapping {
 public:
  virtual ~PriorityMapping() = default;
  virtual bool to_native(Priority corba_priority, NativePriority& native_priority) = 0;
  virtual bool to_CORBA(NativePriority native_priority, Priority& corba_priority) = 0;
};

// Changes a request's priority on its way out of a client and into a server (RT-CORBA 1.0's
// PriorityTransform; rtorb::rt::install_priority_transform installs one). Return true
// having changed `priority` to use the new one; false, or a priority outside 0..32767,
// leaves it as it was. `object_key` is the target's object key as on the wire.
class PriorityTransform {
 public:
  virtual ~PriorityTransform() = default;
  // On the server, before the upcall: `priority` is what the priority model says.
  virtual bool inbound(Priority& priority, std::span<const std::uint8_t> object_key) = 0;
  // On the client, before a request leaves: `priority` is the calling thread's; the result
  // is what the request carries and chooses its lane or band by.
  virtual bool outbound(Priority& priority, std::span<const std::uint8_t> object_key) = 0;
};

// --- policies ----------------------------------------------------------------------------

inline constexpr CORBA::PolicyType PRIORITY_MODEL_POLICY_TYPE = 40;
inline constexpr CORBA::PolicyType THREADPOOL_POLICY_TYPE = 41;
inline constexpr CORBA::PolicyType SERVER_PROTOCOL_POLICY_TYPE = 42;
inline constexpr CORBA::PolicyType CLIENT_PROTOCOL_POLICY_TYPE = 43;
inline constexpr CORBA::PolicyType PRIVATE_CONNECTION_POLICY_TYPE = 44;
inline constexpr CORBA::PolicyType PRIORITY_BANDED_CONNECTION_POLICY_TYPE = 45;

enum class PriorityModel : std::uint32_t { CLIENT_PROPAGATED, SERVER_DECLARED };

class PriorityModelPolicy : public virtual CORBA::Policy {
 public:
  virtual PriorityModel priority_model() = 0;
  virtual Priority server_priority() = 0;
};

using ThreadpoolId = std::uint32_t;

class ThreadpoolPolicy : public virtual CORBA::Policy {
 public:
  virtual ThreadpoolId threadpool() = 0;
};

// struct ThreadpoolLane { Priority lane_priority; unsigned long static_threads;
// unsigned long dynamic_threads; };
class ThreadpoolLane {
 public:
  ThreadpoolLane() = default;
  ThreadpoolLane(Priority lane_priority, std::uint32_t static_threads,
                 std::uint32_t dynamic_threads) noexcept
      : lane_priority_(lane_priority),
        static_threads_(static_threads),
        dynamic_threads_(dynamic_threads) {}
  Priority lane_priority() const noexcept { return lane_priority_; }
  void lane_priority(Priority v) noexcept { lane_priority_ = v; }
  std::uint32_t static_threads() const noexcept { return static_threads_; }
  void static_threads(std::uint32_t v) noexcept { static_threads_ = v; }
  std::uint32_t dynamic_threads() const noexcept { return dynamic_threads_; }
  void dynamic_threads(std::uint32_t v) noexcept { dynamic_threads_ = v; }
  bool operator==(const ThreadpoolLane&) const = default;

 private:
  Priority lane_priority_ = 0;
  std::uint32_t static_threads_ = 0;
  std::uint32_t dynamic_threads_ = 0;
};
using ThreadpoolLanes = std::vector<ThreadpoolLane>;

class ProtocolProperties : public virtual CORBA::LocalObject {};

class TCPProtocolProperties : public virtual ProtocolProperties {
 public:
  virtual std::int32_t send_buffer_size() = 0;
  virtual void send_buffer_size(std::int32_t v) = 0;
  virtual std::int32_t recv_buffer_size() = 0;
  virtual void recv_buffer_size(std::int32_t v) = 0;
  virtual bool keep_alive() = 0;
  virtual void keep_alive(bool v) = 0;
  virtual bool dont_route() = 0;
  virtual void dont_route(bool v) = 0;
  virtual bool no_delay() = 0;
  virtual void no_delay(bool v) = 0;
  // RT-CORBA 1.2's TCPProtocolProperties has no DSCP; TAO's and ours: the network
  // priority (DSCP) follows the request's CORBA priority when enabled.
  virtual bool enable_network_priority() = 0;
  virtual void enable_network_priority(bool v) = 0;
};

// The ORB protocol properties of a GIOP entry (orb_protocol_properties): RT-CORBA defines
// none. rtorb's GIOPFramingProperties (rt/extensions.hpp) says which header GIOP uses.
class GIOPProtocolProperties : public virtual ProtocolProperties {};

// struct Protocol { IOP::ProfileId protocol_type; ProtocolProperties
// orb_protocol_properties; ProtocolProperties transport_protocol_properties; };
class Protocol {
 public:
  Protocol() = default;
  Protocol(std::uint32_t protocol_type,
           CORBA::object_reference<ProtocolProperties> orb_protocol_properties,
           CORBA::object_reference<ProtocolProperties> transport_protocol_properties)
      : protocol_type_(protocol_type),
        orb_protocol_properties_(std::move(orb_protocol_properties)),
        transport_protocol_properties_(std::move(transport_protocol_properties)) {}
  std::uint32_t protocol_type() const noexcept { return protocol_type_; }
  void protocol_type(std::uint32_t v) noexcept { protocol_type_ = v; }
  const CORBA::object_reference<ProtocolProperties>& orb_protocol_properties() const noexcept {
    return orb_protocol_properties_;
  }
  void orb_protocol_properties(CORBA::object_reference<ProtocolProperties> v) {
    orb_protocol_properties_ = std::move(v);
  }
  const CORBA::object_reference<ProtocolProperties>& transport_protocol_properties()
      const noexcept {
    return transport_protocol_properties_;
  }
  void transport_protocol_properties(CORBA::object_reference<ProtocolProperties> v) {
    transport_protocol_properties_ = std::move(v);
  }

 private:
  std::uint32_t protocol_type_ = 0;  // TAG_INTERNET_IOP
  CORBA::object_reference<ProtocolProperties> orb_protocol_properties_;
  CORBA::object_reference<ProtocolProperties> transport_protocol_properties_;
};
using ProtocolList = std::vector<Protocol>;

class ServerProtocolPolicy : public virtual CORBA::Policy {
 public:
  virtual ProtocolList protocols() = 0;
};

class ClientProtocolPolicy : public virtual CORBA::Policy {
 public:
  virtual ProtocolList protocols() = 0;
};

class PrivateConnectionPolicy : public virtual CORBA::Policy {};

// struct PriorityBand { Priority low; Priority high; };
class PriorityBand {
 public:
  PriorityBand() = default;
  PriorityBand(Priority low, Priority high) noexcept : low_(low), high_(high) {}
  Priority low() const noexcept { return low_; }
  void low(Priority v) noexcept { low_ = v; }
  Priority high() const noexcept { return high_; }
  void high(Priority v) noexcept { high_ = v; }
  bool operator==(const PriorityBand&) const = default;

 private:
  Priority low_ = 0;
  Priority high_ = 0;
};
using PriorityBands = std::vector<PriorityBand>;

class PriorityBandedConnectionPolicy : public virtual CORBA::Policy {
 public:
  virtual PriorityBands priority_bands() = 0;
};

// --- Current, Mutex, RTORB ---------------------------------------------------------------

// The calling thread's CORBA priority ("RTCurrent"). Setting it maps the priority onto the
// thread's native priority at once. Raises INITIALIZE when read before it was set,
// BAD_PARAM for a priority outside 0..32767, DATA_CONVERSION when the mapping refuses it.
class Current : public virtual CORBA::LocalObject {
 public:
  virtual Priority the_priority() = 0;
  virtual void the_priority(Priority priority) = 0;
};

// A mutex with priority inheritance: a thread holding it runs at the priority of the
// highest thread waiting for it.
class Mutex : public virtual CORBA::LocalObject {
 public:
  virtual void lock() = 0;
  virtual void unlock() = 0;
  // Waits at most max_wait (100 ns units; 0: does not wait). True if it got the lock.
  virtual bool try_lock(TimeBase::TimeT max_wait) = 0;
};

class RTORB : public virtual CORBA::LocalObject {
 public:
  class MutexNotFound : public CORBA::UserException {
   public:
    const char* _name() const noexcept override { return "MutexNotFound"; }
    const char* _rep_id() const noexcept override {
      return "IDL:omg.org/RTCORBA/RTORB/MutexNotFound:1.0";
    }
    const char* what() const noexcept override { return _rep_id(); }
  };
  class InvalidThreadpool : public CORBA::UserException {
   public:
    const char* _name() const noexcept override { return "InvalidThreadpool"; }
    const char* _rep_id() const noexcept override {
      return "IDL:omg.org/RTCORBA/RTORB/InvalidThreadpool:1.0";
    }
    const char* what() const noexcept override { return _rep_id(); }
  };

  virtual CORBA::object_reference<Mutex> create_mutex() = 0;
  virtual void destroy_mutex(CORBA::object_reference<Mutex> the_mutex) = 0;
  // The mutex called `name`, created if none is; created_flag says which.
  virtual CORBA::object_reference<Mutex> create_named_mutex(const std::string& name,
                                                            bool& created_flag) = 0;
  // Raises MutexNotFound.
  virtual CORBA::object_reference<Mutex> open_named_mutex(const std::string& name) = 0;

  virtual CORBA::object_reference<TCPProtocolProperties> create_tcp_protocol_properties(
      std::int32_t send_buffer_size, std::int32_t recv_buffer_size, bool keep_alive,
      bool dont_route, bool no_delay, bool enable_network_priority) = 0;

  // A pool of one lane at default_priority. Raises BAD_PARAM for 0 static threads or a bad
  // priority, INITIALIZE when its endpoints cannot be opened.
  virtual ThreadpoolId create_threadpool(std::uint32_t stacksize, std::uint32_t static_threads,
                                         std::uint32_t dynamic_threads,
                                         Priority default_priority, bool allow_request_buffering,
                                         std::uint32_t max_buffered_requests,
                                         std::uint32_t max_request_buffer_size) = 0;
  // Raises BAD_PARAM for no lanes, two lanes of one priority, a lane without threads.
  virtual ThreadpoolId create_threadpool_with_lanes(std::uint32_t stacksize,
                                                    const ThreadpoolLanes& lanes,
                                                    bool allow_borrowing,
                                                    bool allow_request_buffering,
                                                    std::uint32_t max_buffered_requests,
                                                    std::uint32_t max_request_buffer_size) = 0;
  // Raises InvalidThreadpool.
  virtual void destroy_threadpool(ThreadpoolId threadpool) = 0;

  virtual CORBA::object_reference<PriorityModelPolicy> create_priority_model_policy(
      PriorityModel priority_model, Priority server_priority) = 0;
  virtual CORBA::object_reference<ThreadpoolPolicy> create_threadpool_policy(
      ThreadpoolId threadpool) = 0;
  virtual CORBA::object_reference<PriorityBandedConnectionPolicy>
  create_priority_banded_connection_policy(const PriorityBands& priority_bands) = 0;
  virtual CORBA::object_reference<ServerProtocolPolicy> create_server_protocol_policy(
      const ProtocolList& protocols) = 0;
  virtual CORBA::object_reference<ClientProtocolPolicy> create_client_protocol_policy(
      const ProtocolList& protocols) = 0;
  virtual CORBA::object_reference<PrivateConnectionPolicy> create_private_connection_policy() = 0;
};

}  // namespace RTCORBA

RTORB_POA_LOCAL_TRAITS(RTCORBA::PriorityModelPolicy, "IDL:omg.org/RTCORBA/PriorityModelPolicy:1.0")
RTORB_POA_LOCAL_TRAITS(RTCORBA::ThreadpoolPolicy, "IDL:omg.org/RTCORBA/ThreadpoolPolicy:1.0")
RTORB_POA_LOCAL_TRAITS(RTCORBA::ProtocolProperties, "IDL:omg.org/RTCORBA/ProtocolProperties:1.0")
RTORB_POA_LOCAL_TRAITS(RTCORBA::TCPProtocolProperties,
                       "IDL:omg.org/RTCORBA/TCPProtocolProperties:1.0")
RTORB_POA_LOCAL_TRAITS(RTCORBA::GIOPProtocolProperties,
                       "IDL:omg.org/RTCORBA/GIOPProtocolProperties:1.0")
RTORB_POA_LOCAL_TRAITS(RTCORBA::ServerProtocolPolicy, "IDL:omg.org/RTCORBA/ServerProtocolPolicy:1.0")
RTORB_POA_LOCAL_TRAITS(RTCORBA::ClientProtocolPolicy, "IDL:omg.org/RTCORBA/ClientProtocolPolicy:1.0")
RTORB_POA_LOCAL_TRAITS(RTCORBA::PrivateConnectionPolicy,
                       "IDL:omg.org/RTCORBA/PrivateConnectionPolicy:1.0")
RTORB_POA_LOCAL_TRAITS(RTCORBA::PriorityBandedConnectionPolicy,
                       "IDL:omg.org/RTCORBA/PriorityBandedConnectionPolicy:1.0")
RTORB_POA_LOCAL_TRAITS(RTCORBA::Current, "IDL:omg.org/RTCORBA/Current:1.0")
RTORB_POA_LOCAL_TRAITS(RTCORBA::Mutex, "IDL:omg.org/RTCORBA/Mutex:1.0")
RTORB_POA_LOCAL_TRAITS(RTCORBA::RTORB, "IDL:omg.org/RTCORBA/RTORB:1.0")
