// The RT-CORBA policy objects the RTORB's create_*_policy calls return.
#pragma once

#include <rtorb/rt/rtcorba.hpp>

namespace rtorb::rt {

CORBA::object_reference<RTCORBA::PriorityModelPolicy> make_priority_model_policy(
    RTCORBA::PriorityModel model, RTCORBA::Priority server_priority);
CORBA::object_reference<RTCORBA::ThreadpoolPolicy> make_threadpool_policy(
    RTCORBA::ThreadpoolId id);
CORBA::object_reference<RTCORBA::PriorityBandedConnectionPolicy> make_banded_policy(
    RTCORBA::PriorityBands bands);
CORBA::object_reference<RTCORBA::ServerProtocolPolicy> make_server_protocol_policy(
    RTCORBA::ProtocolList protocols);
CORBA::object_reference<RTCORBA::ClientProtocolPolicy> make_client_protocol_policy(
    RTCORBA::ProtocolList protocols);
CORBA::object_reference<RTCORBA::PrivateConnectionPolicy> make_private_connection_policy();
CORBA::object_reference<RTCORBA::TCPProtocolProperties> make_tcp_properties(
    std::int32_t send_buffer_size, std::int32_t recv_buffer_size, bool keep_alive,
    bool dont_route, bool no_delay, bool enable_network_priority);

}  // namespace rtorb::rt
