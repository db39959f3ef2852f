#include "rt/rt_policies.hpp"

#include <rtorb/rt/extensions.hpp>

#include <utility>

namespace rtorb::rt {
namespace {

// The parts every policy shares: its type, _is_a for its interface, copy() (through the
// policy's own clone()).
template <class Interface, CORBA::PolicyType Type, class Self>
class PolicyBase : public Interface {
 public:
  CORBA::PolicyType policy_type() override { return Type; }
  CORBA::object_reference<CORBA::Policy> copy() override {
    return static_cast<Self&>(*this).clone();
  }
  bool _is_a(const std::string& repository_id) override {
    return repository_id == IDL::traits<Interface>::repository_id ||
           repository_id == IDL::traits<CORBA::Policy>::repository_id ||
           CORBA::LocalObject::_is_a(repository_id);
  }
};

class PriorityModelPolicyImpl final
    : public PolicyBase<RTCORBA::PriorityModelPolicy, RTCORBA::PRIORITY_MODEL_POLICY_TYPE,
                        PriorityModelPolicyImpl> {
 public:
  PriorityModelPolicyImpl(RTCORBA::PriorityModel model, RTCORBA::Priority priority) noexcept
      : model_(model), priority_(priority) {}
  CORBA::object_reference<CORBA::Policy> clone() {
    return CORBA::make_reference<PriorityModelPolicyImpl>(model_, priority_);
  }
  RTCORBA::PriorityModel priority_model() override { return model_; }
  RTCORBA::Priority server_priority() override { return priority_; }

 private:
  RTCORBA::PriorityModel model_;
  RTCORBA::Priority priority_;
};

class ThreadpoolPolicyImpl final
    : public PolicyBase<RTCORBA::ThreadpoolPolicy, RTCORBA::THREADPOOL_POLICY_TYPE,
                        ThreadpoolPolicyImpl> {
 public:
  explicit ThreadpoolPolicyImpl(RTCORBA::ThreadpoolId id) noexcept : id_(id) {}
  CORBA::object_reference<CORBA::Policy> clone() {
    return CORBA::make_reference<ThreadpoolPolicyImpl>(id_);
  }
  RTCORBA::ThreadpoolId threadpool() override { return id_; }

 private:
  RTCORBA::ThreadpoolId id_;
};

class BandedPolicyImpl final
    : public PolicyBase<RTCORBA::PriorityBandedConnectionPolicy,
                        RTCORBA::PRIORITY_BANDED_CONNECTION_POLICY_TYPE, BandedPolicyImpl> {
 public:
  explicit BandedPolicyImpl(RTCORBA::PriorityBands bands) : bands_(std::move(bands)) {}
  CORBA::object_reference<CORBA::Policy> clone() {
    return CORBA::make_reference<BandedPolicyImpl>(bands_);
  }
  RTCORBA::PriorityBands priority_bands() override { return bands_; }

 private:
  RTCORBA::PriorityBands bands_;
};

template <class Interface, CORBA::PolicyType Type>
class ProtocolPolicyImpl final
    : public PolicyBase<Interface, Type, ProtocolPolicyImpl<Interface, Type>> {
 public:
  explicit ProtocolPolicyImpl(RTCORBA::ProtocolList protocols)
      : protocols_(std::move(protocols)) {}
  CORBA::object_reference<CORBA::Policy> clone() {
    return CORBA::make_reference<ProtocolPolicyImpl>(protocols_);
  }
  RTCORBA::ProtocolList protocols() override { return protocols_; }

 private:
  RTCORBA::ProtocolList protocols_;
};

class PrivateConnectionPolicyImpl final
    : public PolicyBase<RTCORBA::PrivateConnectionPolicy,
                        RTCORBA::PRIVATE_CONNECTION_POLICY_TYPE, PrivateConnectionPolicyImpl> {
 public:
  CORBA::object_reference<CORBA::Policy> clone() {
    return CORBA::make_reference<PrivateConnectionPolicyImpl>();
  }
};

class TcpPropertiesImpl final : public RTCORBA::TCPProtocolProperties {
 public:
  TcpPropertiesImpl(std::int32_t send, std::int32_t recv, bool keep_alive, bool dont_route,
                    bool no_delay, bool network_priority) noexcept
      : send_(send),
        recv_(recv),
        keep_alive_(keep_alive),
        dont_route_(dont_route),
        no_delay_(no_delay),
        network_priority_(network_priority) {}
  std::int32_t send_buffer_size() override { return send_; }
  void send_buffer_size(std::int32_t v) override { send_ = v; }
  std::int32_t recv_buffer_size() override { return recv_; }
  void recv_buffer_size(std::int32_t v) override { recv_ = v; }
  bool keep_alive() override { return keep_alive_; }
  void keep_alive(bool v) override { keep_alive_ = v; }
  bool dont_route() override { return dont_route_; }
  void dont_route(bool v) override { dont_route_ = v; }
  bool no_delay() override { return no_delay_; }
  void no_delay(bool v) override { no_delay_ = v; }
  bool enable_network_priority() override { return network_priority_; }
  void enable_network_priority(bool v) override { network_priority_ = v; }
  bool _is_a(const std::string& repository_id) override {
    return repository_id == IDL::traits<RTCORBA::TCPProtocolProperties>::repository_id ||
           repository_id == IDL::traits<RTCORBA::ProtocolProperties>::repository_id ||
           CORBA::LocalObject::_is_a(repository_id);
  }

 private:
  std::int32_t send_;
  std::int32_t recv_;
  bool keep_alive_;
  bool dont_route_;
  bool no_delay_;
  bool network_priority_;
};

class FramingPropertiesImpl final : public GIOPFramingProperties {
 public:
  explicit FramingPropertiesImpl(bool giop_lite) noexcept : giop_lite_(giop_lite) {}
  bool giop_lite() override { return giop_lite_; }
  void giop_lite(bool v) override { giop_lite_ = v; }
  bool _is_a(const std::string& repository_id) override {
    return repository_id == IDL::traits<GIOPFramingProperties>::repository_id ||
           repository_id == IDL::traits<RTCORBA::GIOPProtocolProperties>::repository_id ||
           repository_id == IDL::traits<RTCORBA::ProtocolProperties>::repository_id ||
           CORBA::LocalObject::_is_a(repository_id);
  }

 private:
  bool giop_lite_;
};

}  // namespace

CORBA::object_reference<GIOPFramingProperties> create_giop_framing_properties(bool giop_lite) {
  return CORBA::make_reference<FramingPropertiesImpl>(giop_lite);
}

CORBA::object_reference<RTCORBA::PriorityModelPolicy> make_priority_model_policy(
    RTCORBA::PriorityModel model, RTCORBA::Priority server_priority) {
  return CORBA::make_reference<PriorityModelPolicyImpl>(model, server_priority);
}
CORBA::object_reference<RTCORBA::ThreadpoolPolicy> make_threadpool_policy(
    RTCORBA::ThreadpoolId id) {
  return CORBA::make_reference<ThreadpoolPolicyImpl>(id);
}
CORBA::object_reference<RTCORBA::PriorityBandedConnectionPolicy> make_banded_policy(
    RTCORBA::PriorityBands bands) {
  return CORBA::make_reference<BandedPolicyImpl>(std::move(bands));
}
CORBA::object_reference<RTCORBA::ServerProtocolPolicy> make_server_protocol_policy(
    RTCORBA::ProtocolList protocols) {
  return CORBA::make_reference<
      ProtocolPolicyImpl<RTCORBA::ServerProtocolPolicy, RTCORBA::SERVER_PROTOCOL_POLICY_TYPE>>(
      std::move(protocols));
}
CORBA::object_reference<RTCORBA::ClientProtocolPolicy> make_client_protocol_policy(
    RTCORBA::ProtocolList protocols) {
  return CORBA::make_reference<
      ProtocolPolicyImpl<RTCORBA::ClientProtocolPolicy, RTCORBA::CLIENT_PROTOCOL_POLICY_TYPE>>(
      std::move(protocols));
}
CORBA::object_reference<RTCORBA::PrivateConnectionPolicy> make_private_connection_policy() {
  return CORBA::make_reference<PrivateConnectionPolicyImpl>();
}
CORBA::object_reference<RTCORBA::TCPProtocolProperties> make_tcp_properties(
    std::int32_t send_buffer_size, std::int32_t recv_buffer_size, bool keep_alive,
    bool dont_route, bool no_delay, bool enable_network_priority) {
  return CORBA::make_reference<TcpPropertiesImpl>(send_buffer_size, recv_buffer_size,
                                                  keep_alive, dont_route, no_delay,
                                                  enable_network_priority);
}

}  // namespace rtorb::rt
