// Minor codes rtorb puts in the system exceptions it raises.
//
// OMG-assigned codes carry the OMG VMCID (0x4f4d0000). rtorb has no vendor id from the OMG
// yet, so its own codes use 0x52540000 ("RT"); every code below is named so that callers and
// tests never compare against bare numbers.
#pragma once

#include <cstdint>

namespace rtorb::minor {

inline constexpr std::uint32_t omg_vmcid = 0x4f4d0000;
inline constexpr std::uint32_t rtorb_vmcid = 0x52540000;

// MARSHAL: malformed or oversized data read from a CDR stream.
inline constexpr std::uint32_t marshal_truncated = rtorb_vmcid | 1;         // fewer bytes than needed
inline constexpr std::uint32_t marshal_length_too_large = rtorb_vmcid | 2;  // length > bytes left
inline constexpr std::uint32_t marshal_limit_exceeded = rtorb_vmcid | 3;    // length > configured max
inline constexpr std::uint32_t marshal_bad_string = rtorb_vmcid | 4;        // missing NUL, bad chars
inline constexpr std::uint32_t marshal_bad_boolean = rtorb_vmcid | 5;
inline constexpr std::uint32_t marshal_bad_enum = rtorb_vmcid | 6;          // value out of range
inline constexpr std::uint32_t marshal_bad_byte_order = rtorb_vmcid | 7;    // flag not 0 or 1
inline constexpr std::uint32_t marshal_nesting_too_deep = rtorb_vmcid | 8;  // encapsulations/TypeCodes
inline constexpr std::uint32_t marshal_bad_union_discriminator = rtorb_vmcid | 9;
inline constexpr std::uint32_t marshal_bad_fixed = rtorb_vmcid | 10;        // bad BCD digit or sign
inline constexpr std::uint32_t marshal_bad_typecode = rtorb_vmcid | 11;     // unknown kind, bad indirection
inline constexpr std::uint32_t marshal_bad_wchar = rtorb_vmcid | 12;        // bad UTF-16, wchar in GIOP 1.0
inline constexpr std::uint32_t marshal_bound_exceeded = rtorb_vmcid | 13;   // bounded string/sequence
// Value types (CORBA 3.x, 9.3.4): value tags, indirections, chunks, factories.
inline constexpr std::uint32_t marshal_bad_value_tag = rtorb_vmcid | 14;         // not null/indirection/0x7fffff00..
inline constexpr std::uint32_t marshal_bad_value_indirection = rtorb_vmcid | 15; // forward, outside, not a value/id
inline constexpr std::uint32_t marshal_bad_value_chunk = rtorb_vmcid | 16;       // chunk past the end, bad end tag
inline constexpr std::uint32_t marshal_no_value_factory = rtorb_vmcid | 17;      // unknown type, no factory, no base
inline constexpr std::uint32_t marshal_wrong_value_type = rtorb_vmcid | 18;      // value not of the expected type
inline constexpr std::uint32_t marshal_bad_giop_header = rtorb_vmcid | 20;  // magic, version, type
inline constexpr std::uint32_t marshal_bad_message = rtorb_vmcid | 21;      // malformed message header
inline constexpr std::uint32_t marshal_fragment = rtorb_vmcid | 22;         // fragment rules broken
inline constexpr std::uint32_t marshal_bad_ior = rtorb_vmcid | 30;          // IOR or profile body

// BAD_PARAM: a value the caller passed cannot be sent.
inline constexpr std::uint32_t bad_param_bound_exceeded = rtorb_vmcid | 1;  // bounded string/sequence
inline constexpr std::uint32_t bad_param_bad_url = rtorb_vmcid | 2;         // corbaloc/corbaname syntax
inline constexpr std::uint32_t bad_param_bad_ior_string = rtorb_vmcid | 3;  // "IOR:" hex string
inline constexpr std::uint32_t bad_param_bad_fixed = rtorb_vmcid | 4;       // too many digits

// OMG standard minor codes used as the specification asks.
inline constexpr std::uint32_t bad_param_bad_scheme = omg_vmcid | 7;        // string_to_object
inline constexpr std::uint32_t bad_param_bad_address = omg_vmcid | 8;
inline constexpr std::uint32_t bad_param_bad_schema_specific = omg_vmcid | 9;
inline constexpr std::uint32_t data_conversion_char = omg_vmcid | 1;        // char/wchar not convertible

// IMP_LIMIT: an rtorb limit was reached.
inline constexpr std::uint32_t imp_limit_message_too_large = rtorb_vmcid | 1;

// BAD_PARAM raised by the giop layer (its range is 20-29).
inline constexpr std::uint32_t bad_param_giop_unsupported = rtorb_vmcid | 20;  // field/type the GIOP version lacks
inline constexpr std::uint32_t bad_param_cannot_fragment = rtorb_vmcid | 21;   // message cannot be split

// BAD_PARAM raised by the ior layer (its range is 30-39).
inline constexpr std::uint32_t bad_param_bad_profile = rtorb_vmcid | 30;  // profile that cannot be encoded
inline constexpr std::uint32_t bad_param_no_corbaloc = rtorb_vmcid | 31;  // reference a corbaloc URL cannot say

// BAD_TYPECODE, NO_IMPLEMENT: TypeCodes and anys (added by the cdr layer).
inline constexpr std::uint32_t bad_typecode_wrong_kind = rtorb_vmcid | 1;     // operation not for this kind
inline constexpr std::uint32_t bad_typecode_bad_parameter = rtorb_vmcid | 2;  // factory arguments inconsistent
inline constexpr std::uint32_t bad_typecode_unresolved_recursion = rtorb_vmcid | 3;  // placeholder outside its type
inline constexpr std::uint32_t no_implement_value_type = rtorb_vmcid | 1;     // value types inside an any

// MARSHAL and BAD_PARAM raised by code rtorb-idl generates (their range is 40-49).
inline constexpr std::uint32_t marshal_wrong_exception_id = rtorb_vmcid | 40;  // repository id of another exception
inline constexpr std::uint32_t bad_param_wrong_union_member = rtorb_vmcid | 40;  // inactive union branch
inline constexpr std::uint32_t bad_param_bad_discriminator = rtorb_vmcid | 41;   // _d() to another branch

// Raised by the transport layer (its range is 40-49; BAD_PARAM uses 50-59 because
// generated code holds BAD_PARAM 40-49).
inline constexpr std::uint32_t bad_param_bad_endpoint = rtorb_vmcid | 50;            // iiop://host:port syntax
inline constexpr std::uint32_t bad_param_bad_endpoint_option = rtorb_vmcid | 51;     // iiop://h:p/OPTION unknown
inline constexpr std::uint32_t transient_unknown_host = rtorb_vmcid | 40;            // getaddrinfo failed
inline constexpr std::uint32_t transient_connect_failed = rtorb_vmcid | 41;          // refused, unreachable
inline constexpr std::uint32_t transient_connect_timeout = rtorb_vmcid | 42;         // connect took too long
inline constexpr std::uint32_t transient_connection_limit = rtorb_vmcid | 43;        // cache bound, none idle
inline constexpr std::uint32_t transient_close_connection = rtorb_vmcid | 44;        // CloseConnection, retry
inline constexpr std::uint32_t initialize_listen_failed = rtorb_vmcid | 40;          // socket/bind/listen
inline constexpr std::uint32_t comm_failure_send = rtorb_vmcid | 40;                 // send failed/timed out
inline constexpr std::uint32_t comm_failure_receive = rtorb_vmcid | 41;              // recv failed
inline constexpr std::uint32_t comm_failure_connection_closed = rtorb_vmcid | 42;    // peer closed, bad header
inline constexpr std::uint32_t timeout_reply = rtorb_vmcid | 40;                     // no message in time
inline constexpr std::uint32_t timeout_send = rtorb_vmcid | 41;                      // send not done by its deadline
inline constexpr std::uint32_t transient_send_would_block = rtorb_vmcid | 45;        // SYNC_NONE: socket buffer full
inline constexpr std::uint32_t no_resources_reactor = rtorb_vmcid | 40;              // epoll/eventfd

// Raised by the orb layer (its range is 60-79), plus the OMG codes the ORB chapter names.
inline constexpr std::uint32_t bad_param_bad_orb_option = rtorb_vmcid | 60;       // -ORB option or value
inline constexpr std::uint32_t bad_param_bad_file = rtorb_vmcid | 61;             // file:// unreadable
inline constexpr std::uint32_t bad_param_bad_table_entry = rtorb_vmcid | 62;      // IORTable: empty key, nil/local object
inline constexpr std::uint32_t bad_inv_order_orb_shutdown = omg_vmcid | 4;        // ORB has shut down
inline constexpr std::uint32_t object_not_exist_orb_destroyed = rtorb_vmcid | 60; // call after destroy()
inline constexpr std::uint32_t inv_objref_no_profile = rtorb_vmcid | 60;          // no usable IIOP profile
inline constexpr std::uint32_t inv_objref_nil_reference = rtorb_vmcid | 61;       // operation on a nil reference
inline constexpr std::uint32_t transient_forward_limit = rtorb_vmcid | 60;        // too many LOCATION_FORWARDs
inline constexpr std::uint32_t transient_reissue_failed = rtorb_vmcid | 61;       // CloseConnection twice
inline constexpr std::uint32_t marshal_no_orb = rtorb_vmcid | 60;                 // reference read without an ORB
inline constexpr std::uint32_t marshal_local_object = rtorb_vmcid | 61;           // local object sent
inline constexpr std::uint32_t marshal_unexpected_reply = rtorb_vmcid | 62;       // wrong message or request id
inline constexpr std::uint32_t unknown_user_exception = rtorb_vmcid | 60;         // not in the operation's table
inline constexpr std::uint32_t unknown_cxx_exception = rtorb_vmcid | 61;          // non-CORBA exception in upcall
inline constexpr std::uint32_t unknown_undeclared_user_exception = rtorb_vmcid | 62;  // escaped a skeleton
// corbaname: URLs whose name the naming context refused (its user exception, mapped).
inline constexpr std::uint32_t bad_param_corbaname_not_found = rtorb_vmcid | 63;      // NotFound
inline constexpr std::uint32_t bad_param_corbaname_cannot_proceed = rtorb_vmcid | 64;  // CannotProceed
inline constexpr std::uint32_t bad_param_corbaname_invalid_name = rtorb_vmcid | 65;   // InvalidName
// Value factories (ORB::register_value_factory, unregister_value_factory).
inline constexpr std::uint32_t bad_param_nil_value_factory = rtorb_vmcid | 66;  // null factory registered
inline constexpr std::uint32_t bad_param_no_value_factory = rtorb_vmcid | 67;   // unregister: none there
// Custom value types' data streams (CORBA::DataOutputStream, DataInputStream).
inline constexpr std::uint32_t bad_param_data_stream_range = rtorb_vmcid | 68;       // _array offset/length past seq
inline constexpr std::uint32_t bad_inv_order_data_stream_closed = rtorb_vmcid | 60;  // used after (un)marshal returned
inline constexpr std::uint32_t codeset_incompatible_negotiation = rtorb_vmcid | 60;  // no common code set

// Raised by the poa layer (its range is 80-99), plus the OMG codes the POA chapter names.
inline constexpr std::uint32_t object_not_exist_no_adapter = omg_vmcid | 2;     // POA gone or unknown
inline constexpr std::uint32_t object_not_exist_not_active = rtorb_vmcid | 80;  // id not in the map
inline constexpr std::uint32_t object_not_exist_stale_key = rtorb_vmcid | 81;   // generation/instance mismatch
inline constexpr std::uint32_t object_not_exist_bad_key = rtorb_vmcid | 82;     // not a key of this ORB
inline constexpr std::uint32_t object_not_exist_poa_destroyed = rtorb_vmcid | 83;  // call on a destroyed POA
inline constexpr std::uint32_t obj_adapter_activator_failed = omg_vmcid | 1;    // unknown_adapter raised
inline constexpr std::uint32_t obj_adapter_no_default_servant = omg_vmcid | 3;
inline constexpr std::uint32_t obj_adapter_no_servant_manager = omg_vmcid | 4;
inline constexpr std::uint32_t obj_adapter_incarnate_policy = omg_vmcid | 5;    // incarnate broke UNIQUE_ID
inline constexpr std::uint32_t obj_adapter_null_servant = omg_vmcid | 7;        // manager returned nil
inline constexpr std::uint32_t obj_adapter_inactive = rtorb_vmcid | 80;         // POAManager INACTIVE
inline constexpr std::uint32_t obj_adapter_this_failed = rtorb_vmcid | 81;      // _this(): WrongPolicy/NotActive
inline constexpr std::uint32_t obj_adapter_no_orb = rtorb_vmcid | 82;           // servant never activated
inline constexpr std::uint32_t transient_poa_discarding = omg_vmcid | 1;        // DISCARDING or holding full
inline constexpr std::uint32_t transient_object_deactivating = rtorb_vmcid | 80;  // activator will re-incarnate
inline constexpr std::uint32_t bad_inv_order_wait_in_upcall = omg_vmcid | 3;    // wait from inside an upcall
inline constexpr std::uint32_t bad_inv_order_servant_manager_set = omg_vmcid | 6;  // set twice
inline constexpr std::uint32_t bad_inv_order_no_servant = rtorb_vmcid | 80;   // _this() on a non-shared servant
inline constexpr std::uint32_t bad_operation_unknown = omg_vmcid | 2;           // operation not of the target
inline constexpr std::uint32_t bad_param_nil_servant = rtorb_vmcid | 80;        // nil where a servant is needed
inline constexpr std::uint32_t bad_param_foreign_object_id = rtorb_vmcid | 81;  // SYSTEM_ID id not ours
inline constexpr std::uint32_t bad_param_foreign_poa_manager = rtorb_vmcid | 82;  // create_POA: not ours
inline constexpr std::uint32_t bad_param_nil_policy = rtorb_vmcid | 83;         // _set_policy_overrides
inline constexpr std::uint32_t no_implement_interface = rtorb_vmcid | 80;       // _interface (no IFR)
inline constexpr std::uint32_t no_implement_local_policies = rtorb_vmcid | 81;  // policy overrides of a local object
inline constexpr std::uint32_t imp_limit_object_key = rtorb_vmcid | 80;         // POA path too deep/long
inline constexpr std::uint32_t no_resources_reclamation = rtorb_vmcid | 80;     // no pthread key left

// Real-time CORBA (src/rt, docs/rt.md).
inline constexpr std::uint32_t initialize_priority_unset = rtorb_vmcid | 90;  // RTCurrent read first
inline constexpr std::uint32_t bad_param_bad_priority = rtorb_vmcid | 90;     // outside 0..32767
inline constexpr std::uint32_t bad_param_bad_threadpool = rtorb_vmcid | 91;   // no lanes, no threads, twin priorities
inline constexpr std::uint32_t bad_param_bad_rt_option = rtorb_vmcid | 92;    // -ORBPriorityMapping & co.
inline constexpr std::uint32_t data_conversion_priority_mapping = rtorb_vmcid | 90;  // mapping refused
inline constexpr std::uint32_t no_implement_rt_feature = rtorb_vmcid | 90;    // an RT feature not built (none today)
inline constexpr std::uint32_t transient_request_buffer_full = rtorb_vmcid | 90;  // lane's buffer full
inline constexpr std::uint32_t inv_policy_bad_bands = rtorb_vmcid | 90;  // client bands: none, or low > high
inline constexpr std::uint32_t inv_policy_no_protocol = rtorb_vmcid | 91;  // ClientProtocolPolicy: no profile serves it

// CORBA Messaging (src/messaging and the invocation path it configures; docs/messaging.md).
// The range is 100-119. RelativeRoundtripTimeout's three waits each have their own TIMEOUT
// minor: timeout_connect, timeout_send (above, the transport's) and timeout_reply_wait.
inline constexpr std::uint32_t timeout_connect = rtorb_vmcid | 100;      // connect not done by the deadline
inline constexpr std::uint32_t timeout_reply_wait = rtorb_vmcid | 101;   // no reply by the deadline
inline constexpr std::uint32_t timeout_request_expired = rtorb_vmcid | 102;  // request end time passed
inline constexpr std::uint32_t rebind_forward = rtorb_vmcid | 100;       // NO_REBIND: a forward changes the target
inline constexpr std::uint32_t rebind_reconnect = rtorb_vmcid | 101;     // NO_RECONNECT: would open a connection
inline constexpr std::uint32_t transient_ami_forward = rtorb_vmcid | 103;  // AMI reply forwards: not followed
inline constexpr std::uint32_t transient_oneway_buffer_full = rtorb_vmcid | 104;  // BufferingConstraint: bound reached
inline constexpr std::uint32_t bad_inv_order_amh_replied = rtorb_vmcid | 104;  // AMH: a second reply
inline constexpr std::uint32_t no_response_amh_dropped = rtorb_vmcid | 104;  // AMH handler gone unreplied
inline constexpr std::uint32_t no_implement_deferred_reply = rtorb_vmcid | 104;  // request cannot defer

// The Naming Service (services/naming, docs/naming.md; its range is 120-129).
inline constexpr std::uint32_t persist_store_corrupt = rtorb_vmcid | 120;       // store unreadable at start
inline constexpr std::uint32_t persist_store_write_failed = rtorb_vmcid | 121;  // journal write/sync failed
inline constexpr std::uint32_t no_permission_destroy_root = rtorb_vmcid | 120;  // destroy() on the root context
inline constexpr std::uint32_t object_not_exist_context_destroyed = rtorb_vmcid | 120;  // context gone meanwhile

}  // namespace rtorb::minor
