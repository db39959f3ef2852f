// Minor codes rtorb puts in the system exceptions it raises.
//
// OMG-assigned codes carry the OMG VMCID (0x4f4d0000) and mean what the OMG says for the
// exception that carries them. rtorb has no vendor id from the OMG yet, so its own codes use
// 0x52540000 ("RT"). Each rtorb code means one error, whichever exception carries it (a
// COMM_FAILURE may carry the MARSHAL code of the reply it refused), so a number in a log
// names its cause alone. The first hex digit of the low 12 bits is the layer that raises
// it: 0 cdr, 1 giop, 2 ior, 3 transport, 4 orb, 5 poa, 6 rt, 7 messaging and coroutines,
// 8 code rtorb-idl generates, 9 the Naming Service. The second digit groups a layer's codes
// by exception. Every code is named below (or beside the type that raises it: coro/task.hpp,
// messaging/poller.hpp), listed in docs/guide/exceptions.md, and tests/docs/
// error_model_check.cmake keeps it so. Callers and tests compare names, never numbers.
#pragma once

#include <cstdint>

namespace rtorb::minor {

inline constexpr std::uint32_t omg_vmcid = 0x4f4d0000;
inline constexpr std::uint32_t rtorb_vmcid = 0x52540000;

// ---- cdr (0x0..): malformed or oversized data, TypeCodes and anys, code sets ----
inline constexpr std::uint32_t marshal_truncated = rtorb_vmcid | 0x001;         // fewer bytes than needed
inline constexpr std::uint32_t marshal_length_too_large = rtorb_vmcid | 0x002;  // length > bytes left
inline constexpr std::uint32_t marshal_limit_exceeded = rtorb_vmcid | 0x003;    // length > configured max
inline constexpr std::uint32_t marshal_bad_string = rtorb_vmcid | 0x004;        // missing NUL, bad chars
inline constexpr std::uint32_t marshal_bad_boolean = rtorb_vmcid | 0x005;
inline constexpr std::uint32_t marshal_bad_enum = rtorb_vmcid | 0x006;          // value out of range
inline constexpr std::uint32_t marshal_bad_byte_order = rtorb_vmcid | 0x007;    // flag not 0 or 1
inline constexpr std::uint32_t marshal_nesting_too_deep = rtorb_vmcid | 0x008;  // encapsulations/TypeCodes
inline constexpr std::uint32_t marshal_bad_union_discriminator = rtorb_vmcid | 0x009;
inline constexpr std::uint32_t marshal_bad_fixed = rtorb_vmcid | 0x00a;         // bad BCD digit or sign
inline constexpr std::uint32_t marshal_bad_typecode = rtorb_vmcid | 0x00b;      // unknown kind, bad indirection
inline constexpr std::uint32_t marshal_bad_wchar = rtorb_vmcid | 0x00c;         // bad UTF-16, wchar in GIOP 1.0
inline constexpr std::uint32_t marshal_bound_exceeded = rtorb_vmcid | 0x00d;    // bounded string/sequence
// Value types (CORBA 3.x, 9.3.4): value tags, indirections, chunks, factories.
inline constexpr std::uint32_t marshal_bad_value_tag = rtorb_vmcid | 0x00e;         // not null/indirection/0x7fffff00..
inline constexpr std::uint32_t marshal_bad_value_indirection = rtorb_vmcid | 0x00f; // forward, outside, not a value/id
inline constexpr std::uint32_t marshal_bad_value_chunk = rtorb_vmcid | 0x010;       // chunk past the end, bad end tag
inline constexpr std::uint32_t marshal_no_value_factory = rtorb_vmcid | 0x011;      // unknown type, no factory, no base
inline constexpr std::uint32_t marshal_wrong_value_type = rtorb_vmcid | 0x012;      // value not of the expected type
inline constexpr std::uint32_t bad_param_bound_exceeded = rtorb_vmcid | 0x020;  // bounded string/sequence sent
inline constexpr std::uint32_t bad_param_bad_fixed = rtorb_vmcid | 0x021;       // too many digits
inline constexpr std::uint32_t bad_typecode_wrong_kind = rtorb_vmcid | 0x030;     // operation not for this kind
inline constexpr std::uint32_t bad_typecode_bad_parameter = rtorb_vmcid | 0x031;  // factory arguments inconsistent
inline constexpr std::uint32_t bad_typecode_unresolved_recursion = rtorb_vmcid | 0x032;  // placeholder outside its type
inline constexpr std::uint32_t no_implement_value_type = rtorb_vmcid | 0x040;     // value types inside an any
inline constexpr std::uint32_t codeset_incompatible_negotiation = rtorb_vmcid | 0x050;   // no common code set
inline constexpr std::uint32_t codeset_incompatible_unsupported = rtorb_vmcid | 0x051;  // agreed set not converted
inline constexpr std::uint32_t data_conversion_char = omg_vmcid | 1;  // char/wchar not convertible

// ---- giop (0x1..) ----
inline constexpr std::uint32_t marshal_bad_giop_header = rtorb_vmcid | 0x101;  // magic, version, type
inline constexpr std::uint32_t marshal_bad_message = rtorb_vmcid | 0x102;      // malformed message header
inline constexpr std::uint32_t marshal_fragment = rtorb_vmcid | 0x103;         // fragment rules broken
inline constexpr std::uint32_t bad_param_giop_unsupported = rtorb_vmcid | 0x110;  // field/type the GIOP version lacks
inline constexpr std::uint32_t bad_param_cannot_fragment = rtorb_vmcid | 0x111;   // message cannot be split
inline constexpr std::uint32_t imp_limit_message_too_large = rtorb_vmcid | 0x120;  // > -ORBMaxMessageSize

// ---- ior (0x2..): references, IOR strings, URLs ----
inline constexpr std::uint32_t marshal_bad_ior = rtorb_vmcid | 0x201;            // IOR or profile body
inline constexpr std::uint32_t bad_param_bad_ior_string = rtorb_vmcid | 0x210;   // "IOR:" hex string
inline constexpr std::uint32_t bad_param_bad_profile = rtorb_vmcid | 0x211;      // profile that cannot be encoded
inline constexpr std::uint32_t bad_param_no_corbaloc = rtorb_vmcid | 0x212;      // reference a corbaloc URL cannot say
// Kept for programs that name it; URL errors carry the three OMG codes below.
[[deprecated("URL errors carry bad_param_bad_address, bad_param_bad_schema_specific or "
             "bad_param_bad_scheme")]]
inline constexpr std::uint32_t bad_param_bad_url = rtorb_vmcid | 0x213;
// OMG standard minor codes of string_to_object, used as the specification asks.
inline constexpr std::uint32_t bad_param_bad_scheme = omg_vmcid | 7;
inline constexpr std::uint32_t bad_param_bad_address = omg_vmcid | 8;
inline constexpr std::uint32_t bad_param_bad_schema_specific = omg_vmcid | 9;

// ---- transport (0x3..) ----
inline constexpr std::uint32_t bad_param_bad_endpoint = rtorb_vmcid | 0x301;         // iiop://host:port syntax
inline constexpr std::uint32_t bad_param_bad_endpoint_option = rtorb_vmcid | 0x302;  // iiop://h:p/OPTION unknown
inline constexpr std::uint32_t transient_unknown_host = rtorb_vmcid | 0x310;         // getaddrinfo failed
inline constexpr std::uint32_t transient_connect_failed = rtorb_vmcid | 0x311;       // refused, unreachable
inline constexpr std::uint32_t transient_connect_timeout = rtorb_vmcid | 0x312;      // connect took too long
inline constexpr std::uint32_t transient_connection_limit = rtorb_vmcid | 0x313;     // cache bound, none idle
inline constexpr std::uint32_t transient_close_connection = rtorb_vmcid | 0x314;     // CloseConnection, retry
inline constexpr std::uint32_t transient_send_would_block = rtorb_vmcid | 0x315;     // SYNC_NONE: socket buffer full
inline constexpr std::uint32_t initialize_listen_failed = rtorb_vmcid | 0x320;       // socket/bind/listen
inline constexpr std::uint32_t comm_failure_send = rtorb_vmcid | 0x330;              // send failed/timed out
inline constexpr std::uint32_t comm_failure_receive = rtorb_vmcid | 0x331;           // recv failed
inline constexpr std::uint32_t comm_failure_connection_closed = rtorb_vmcid | 0x332; // peer closed, bad header
inline constexpr std::uint32_t timeout_reply = rtorb_vmcid | 0x340;                  // no message in time
inline constexpr std::uint32_t timeout_send = rtorb_vmcid | 0x341;                   // send not done by its deadline
inline constexpr std::uint32_t no_resources_reactor = rtorb_vmcid | 0x350;           // epoll/eventfd

// ---- orb (0x4..), plus the OMG codes the ORB chapter names ----
inline constexpr std::uint32_t bad_param_bad_orb_option = rtorb_vmcid | 0x401;       // -ORB option or value
inline constexpr std::uint32_t bad_param_bad_file = rtorb_vmcid | 0x402;             // file:// unreadable
inline constexpr std::uint32_t bad_param_bad_table_entry = rtorb_vmcid | 0x403;      // IORTable: empty key, nil/local object
// corbaname: URLs whose name the naming context refused (its user exception, mapped).
inline constexpr std::uint32_t bad_param_corbaname_not_found = rtorb_vmcid | 0x404;      // NotFound
inline constexpr std::uint32_t bad_param_corbaname_cannot_proceed = rtorb_vmcid | 0x405;  // CannotProceed
inline constexpr std::uint32_t bad_param_corbaname_invalid_name = rtorb_vmcid | 0x406;   // InvalidName
// Value factories (ORB::register_value_factory, unregister_value_factory).
inline constexpr std::uint32_t bad_param_nil_value_factory = rtorb_vmcid | 0x407;  // null factory registered
inline constexpr std::uint32_t bad_param_no_value_factory = rtorb_vmcid | 0x408;   // unregister: none there
// Custom value types' data streams (CORBA::DataOutputStream, DataInputStream).
inline constexpr std::uint32_t bad_param_data_stream_range = rtorb_vmcid | 0x409;       // _array offset/length past seq
inline constexpr std::uint32_t bad_inv_order_data_stream_closed = rtorb_vmcid | 0x410;  // used after (un)marshal returned
inline constexpr std::uint32_t bad_inv_order_lane_stopped = rtorb_vmcid | 0x411;  // work given to a stopping lane
inline constexpr std::uint32_t bad_inv_order_orb_shutdown = omg_vmcid | 4;        // ORB has shut down
inline constexpr std::uint32_t object_not_exist_orb_destroyed = rtorb_vmcid | 0x420; // call after destroy()
inline constexpr std::uint32_t inv_objref_no_profile = rtorb_vmcid | 0x430;          // no usable IIOP profile
inline constexpr std::uint32_t inv_objref_nil_reference = rtorb_vmcid | 0x431;       // operation on a nil reference
inline constexpr std::uint32_t transient_forward_limit = rtorb_vmcid | 0x440;        // too many LOCATION_FORWARDs
// Kept for programs that name it; a reissued request the server closes again carries
// transient_close_connection.
[[deprecated("a twice-closed request carries transient_close_connection")]]
inline constexpr std::uint32_t transient_reissue_failed = rtorb_vmcid | 0x441;
inline constexpr std::uint32_t marshal_no_orb = rtorb_vmcid | 0x450;                 // reference read without an ORB
inline constexpr std::uint32_t marshal_local_object = rtorb_vmcid | 0x451;           // local object sent
inline constexpr std::uint32_t marshal_unexpected_reply = rtorb_vmcid | 0x452;       // wrong message or request id
inline constexpr std::uint32_t unknown_user_exception = rtorb_vmcid | 0x460;         // not in the operation's table
inline constexpr std::uint32_t unknown_cxx_exception = rtorb_vmcid | 0x461;          // non-CORBA exception in upcall
inline constexpr std::uint32_t unknown_undeclared_user_exception = rtorb_vmcid | 0x462;  // escaped a skeleton
inline constexpr std::uint32_t no_resources_lane_thread = rtorb_vmcid | 0x470;  // a lane's thread not started
inline constexpr std::uint32_t obj_adapter_none = rtorb_vmcid | 0x480;         // ORB made without an adapter
inline constexpr std::uint32_t internal_policy_type_range = rtorb_vmcid | 0x490;  // handler shapes by a type > 63
inline constexpr std::uint32_t internal_no_collocated_reply = rtorb_vmcid | 0x491;  // collocated call left no reply

// ---- poa (0x5..), plus the OMG codes the POA chapter names ----
inline constexpr std::uint32_t object_not_exist_no_adapter = omg_vmcid | 2;        // POA gone or unknown
inline constexpr std::uint32_t object_not_exist_not_active = rtorb_vmcid | 0x501;  // id not in the map
inline constexpr std::uint32_t object_not_exist_stale_key = rtorb_vmcid | 0x502;   // generation/instance mismatch
inline constexpr std::uint32_t object_not_exist_bad_key = rtorb_vmcid | 0x503;     // not a key of this ORB
inline constexpr std::uint32_t object_not_exist_poa_destroyed = rtorb_vmcid | 0x504;  // call on a destroyed POA
inline constexpr std::uint32_t obj_adapter_activator_failed = omg_vmcid | 1;       // unknown_adapter raised
inline constexpr std::uint32_t obj_adapter_no_default_servant = omg_vmcid | 3;
inline constexpr std::uint32_t obj_adapter_no_servant_manager = omg_vmcid | 4;
inline constexpr std::uint32_t obj_adapter_incarnate_policy = omg_vmcid | 5;       // incarnate broke UNIQUE_ID
inline constexpr std::uint32_t obj_adapter_null_servant = omg_vmcid | 7;           // manager returned nil
inline constexpr std::uint32_t obj_adapter_inactive = rtorb_vmcid | 0x510;         // POAManager INACTIVE
inline constexpr std::uint32_t obj_adapter_this_failed = rtorb_vmcid | 0x511;      // _this(): WrongPolicy/NotActive
inline constexpr std::uint32_t obj_adapter_no_orb = rtorb_vmcid | 0x512;           // servant never activated
inline constexpr std::uint32_t transient_poa_discarding = omg_vmcid | 1;           // DISCARDING or holding full
inline constexpr std::uint32_t transient_object_deactivating = rtorb_vmcid | 0x520;  // activator will re-incarnate
inline constexpr std::uint32_t bad_inv_order_wait_in_upcall = omg_vmcid | 3;       // wait from inside an upcall
inline constexpr std::uint32_t bad_inv_order_servant_manager_set = omg_vmcid | 6;  // set twice
inline constexpr std::uint32_t bad_inv_order_no_servant = rtorb_vmcid | 0x530;     // _this() on a non-shared servant
inline constexpr std::uint32_t bad_operation_unknown = omg_vmcid | 2;              // operation not of the target
inline constexpr std::uint32_t bad_param_nil_servant = rtorb_vmcid | 0x540;        // nil where a servant is needed
inline constexpr std::uint32_t bad_param_foreign_object_id = rtorb_vmcid | 0x541;  // SYSTEM_ID id not ours
inline constexpr std::uint32_t bad_param_foreign_poa_manager = rtorb_vmcid | 0x542;  // create_POA: not ours
inline constexpr std::uint32_t bad_param_nil_policy = rtorb_vmcid | 0x543;         // _set_policy_overrides
inline constexpr std::uint32_t no_implement_interface = rtorb_vmcid | 0x550;       // _interface (no IFR)
inline constexpr std::uint32_t no_implement_local_policies = rtorb_vmcid | 0x551;  // policy overrides of a local object
inline constexpr std::uint32_t imp_limit_object_key = rtorb_vmcid | 0x560;         // POA path too deep/long
inline constexpr std::uint32_t no_resources_reclamation = rtorb_vmcid | 0x570;     // no pthread key left

// ---- rt (0x6..): Real-time CORBA (src/rt, docs/rt.md) ----
inline constexpr std::uint32_t initialize_priority_unset = rtorb_vmcid | 0x601;  // RTCurrent read first
inline constexpr std::uint32_t bad_param_bad_priority = rtorb_vmcid | 0x610;     // outside 0..32767
inline constexpr std::uint32_t bad_param_bad_threadpool = rtorb_vmcid | 0x611;   // no lanes, no threads, twin priorities
inline constexpr std::uint32_t bad_param_bad_rt_option = rtorb_vmcid | 0x612;    // -ORBPriorityMapping & co.
inline constexpr std::uint32_t bad_param_nil_mapping = rtorb_vmcid | 0x613;      // null (network) mapping or transform
inline constexpr std::uint32_t data_conversion_priority_mapping = rtorb_vmcid | 0x620;  // mapping refused
// Kept for programs that name it: every Real-time feature is built today.
[[deprecated("no Real-time feature is left out of a build")]]
inline constexpr std::uint32_t no_implement_rt_feature = rtorb_vmcid | 0x630;
inline constexpr std::uint32_t transient_request_buffer_full = rtorb_vmcid | 0x640;  // lane's buffer full
inline constexpr std::uint32_t inv_policy_bad_bands = rtorb_vmcid | 0x650;    // client bands: none, or low > high
inline constexpr std::uint32_t inv_policy_no_protocol = rtorb_vmcid | 0x651;  // ClientProtocolPolicy: no profile serves it
inline constexpr std::uint32_t no_resources_mutex = rtorb_vmcid | 0x660;      // RTCORBA::Mutex not created
inline constexpr std::uint32_t bad_inv_order_mutex_misuse = rtorb_vmcid | 0x670;  // unlock not held, relock
inline constexpr std::uint32_t internal_foreign_rtorb = rtorb_vmcid | 0x680;  // "RTORB" not rtorb's own

// ---- messaging (0x7..): CORBA Messaging and the invocation path it configures ----
// RelativeRoundtripTimeout's three waits each have their own TIMEOUT minor: timeout_connect,
// timeout_send (the transport's) and timeout_reply_wait. Pollers and coroutine tasks have
// theirs beside their types (messaging/poller.hpp, coro/task.hpp) in this range.
inline constexpr std::uint32_t timeout_connect = rtorb_vmcid | 0x701;          // connect not done by the deadline
inline constexpr std::uint32_t timeout_reply_wait = rtorb_vmcid | 0x702;       // no reply by the deadline
inline constexpr std::uint32_t timeout_request_expired = rtorb_vmcid | 0x703;  // request end time passed
inline constexpr std::uint32_t rebind_forward = rtorb_vmcid | 0x710;           // NO_REBIND: a forward changes the target
inline constexpr std::uint32_t rebind_reconnect = rtorb_vmcid | 0x711;         // NO_RECONNECT: would open a connection
inline constexpr std::uint32_t transient_ami_forward = rtorb_vmcid | 0x720;    // AMI reply forwards: not followed
inline constexpr std::uint32_t transient_oneway_buffer_full = rtorb_vmcid | 0x721;  // BufferingConstraint: bound reached
inline constexpr std::uint32_t bad_inv_order_amh_replied = rtorb_vmcid | 0x730;     // AMH: a second reply
inline constexpr std::uint32_t no_response_amh_dropped = rtorb_vmcid | 0x740;       // AMH handler gone unreplied
inline constexpr std::uint32_t no_implement_deferred_reply = rtorb_vmcid | 0x750;   // request cannot defer

// ---- code rtorb-idl generates (0x8..) ----
inline constexpr std::uint32_t marshal_wrong_exception_id = rtorb_vmcid | 0x801;    // repository id of another exception
inline constexpr std::uint32_t bad_param_wrong_union_member = rtorb_vmcid | 0x810;  // inactive union branch
inline constexpr std::uint32_t bad_param_bad_discriminator = rtorb_vmcid | 0x811;   // _d() to another branch

// ---- the Naming Service (0x9..; services/naming, docs/naming.md) ----
inline constexpr std::uint32_t persist_store_corrupt = rtorb_vmcid | 0x901;       // store unreadable at start
inline constexpr std::uint32_t persist_store_write_failed = rtorb_vmcid | 0x902;  // journal write/sync failed
inline constexpr std::uint32_t no_permission_destroy_root = rtorb_vmcid | 0x910;  // destroy() on the root context
inline constexpr std::uint32_t object_not_exist_context_destroyed = rtorb_vmcid | 0x920;  // context gone meanwhile
inline constexpr std::uint32_t bad_param_nil_binding = rtorb_vmcid | 0x930;   // bind of a nil reference
inline constexpr std::uint32_t bad_param_next_n_zero = rtorb_vmcid | 0x931;   // BindingIterator::next_n(0)

// ---- Portable Interceptors (0xa..; src/interceptors, docs/interceptors.md) ----
inline constexpr std::uint32_t bad_param_nil_initializer = rtorb_vmcid | 0xa01;  // register_orb_initializer(nil)

}  // namespace rtorb::minor
