// Request buffering for SYNC_NONE oneways (the paper's BufferingConstraint, TAO's shape), an
// rtorb policy type in rtorb's own vendor range. docs/messaging.md, "Request buffering".
//
//   namespace rm = rtorb::messaging;
//   rm::BufferingConstraint c{rm::BUFFER_MESSAGE_COUNT, 0, 16, 0};
//   CORBA::Any v;
//   v.insert(c);
//   auto batched = cubit->_set_policy_overrides(
//       {orb->create_policy(rm::BUFFERING_CONSTRAINT_POLICY_TYPE, v),
//        orb->create_policy(Messaging::SYNC_SCOPE_POLICY_TYPE, sync_none)},
//       CORBA::SetOverrideType::ADD_OVERRIDE);
//   ... batched->cube_oneway(...) ...   // every 16th call writes all 16 at once
//   rm::flush(orb);                     // or now
//
// These names were first declared in namespace Rtorb, which differs from rtorb only in
// case; `Rtorb::` still names them (deprecated). The repository ids keep "Rtorb": they are
// on the wire and in anys.
#pragma once

#include <rtorb/cdr/any.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/corba/policy.hpp>
#include <rtorb/corba/time_base.hpp>
#include <rtorb/poa/local_traits.hpp>

#include <cstdint>

namespace rtorb::messaging {

// rtorb's own policy types: "RT" in the high half, as rtorb's minor codes and tags are.
inline constexpr CORBA::PolicyType BUFFERING_CONSTRAINT_POLICY_TYPE = 0x52540001;

// Bits of BufferingConstraint::mode. FLUSH (no bit) buffers nothing: the call sends what is
// buffered on its connection and itself at once (an out-of-band request). The others
// combine; the first limit reached flushes the batch.
using BufferingConstraintMode = std::uint16_t;
inline constexpr BufferingConstraintMode BUFFER_FLUSH = 0x00;
inline constexpr BufferingConstraintMode BUFFER_TIMEOUT = 0x01;        // `timeout` after the first
inline constexpr BufferingConstraintMode BUFFER_MESSAGE_COUNT = 0x02;  // `message_count` messages
inline constexpr BufferingConstraintMode BUFFER_MESSAGE_BYTES = 0x04;  // `message_bytes` bytes

struct BufferingConstraint {
  BufferingConstraintMode mode = BUFFER_FLUSH;
  TimeBase::TimeT timeout = 0;     // 100 ns units; > 0 with BUFFER_TIMEOUT
  std::uint32_t message_count = 0;  // > 0 with BUFFER_MESSAGE_COUNT
  std::uint32_t message_bytes = 0;  // > 0 with BUFFER_MESSAGE_BYTES
  bool operator==(const BufferingConstraint&) const = default;
};

// create_policy(BUFFERING_CONSTRAINT_POLICY_TYPE, any holding a BufferingConstraint).
// PolicyError BAD_POLICY_TYPE for another type in the any; BAD_POLICY_VALUE for mode bits
// other than the three, or a selected limit of 0. It applies to SYNC_NONE oneways only;
// every other call sends what its connection has buffered first, then itself.
class BufferingConstraintPolicy : public virtual CORBA::Policy {
 public:
  virtual BufferingConstraint buffering_constraint() = 0;
};

// Writes every oneway `orb` holds buffered, on every connection, waiting for room up to the
// connection's send timeout (30 s). A connection that cannot take them in that time (or that
// failed) is closed and its buffered requests are lost: raises COMM_FAILURE
// (comm_failure_send or comm_failure_connection_closed) after flushing the others.
void flush(const CORBA::object_reference<CORBA::ORB>& orb);

}  // namespace rtorb::messaging

// The former spelling (deprecated: use rtorb::messaging).
namespace [[deprecated("use rtorb::messaging")]] Rtorb {
using rtorb::messaging::BUFFER_FLUSH;
using rtorb::messaging::BUFFER_MESSAGE_BYTES;
using rtorb::messaging::BUFFER_MESSAGE_COUNT;
using rtorb::messaging::BUFFER_TIMEOUT;
using rtorb::messaging::BUFFERING_CONSTRAINT_POLICY_TYPE;
using rtorb::messaging::BufferingConstraint;
using rtorb::messaging::BufferingConstraintMode;
using rtorb::messaging::BufferingConstraintPolicy;
using rtorb::messaging::flush;
}  // namespace Rtorb

namespace rtorb::cdr {

template <>
struct Codec<messaging::BufferingConstraint> {
  static constexpr std::size_t min_size = 20;
  static void write(OutputStream& os, const messaging::BufferingConstraint& v) {
    os.write_ushort(v.mode);
    os.write_ulonglong(v.timeout);
    os.write_ulong(v.message_count);
    os.write_ulong(v.message_bytes);
  }
  static void read(InputStream& is, messaging::BufferingConstraint& v) {
    v.mode = is.read_ushort();
    v.timeout = is.read_ulonglong();
    v.message_count = is.read_ulong();
    v.message_bytes = is.read_ulong();
  }
};

// IDL:rtorb.org/Rtorb/BufferingConstraint:1.0 (library rtorb_messaging).
template <>
TypeCodeRef type_code_of<messaging::BufferingConstraint>();

}  // namespace rtorb::cdr

RTORB_POA_LOCAL_TRAITS(rtorb::messaging::BufferingConstraintPolicy,
                       "IDL:rtorb.org/Rtorb/BufferingConstraintPolicy:1.0")
