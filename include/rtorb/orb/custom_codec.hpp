// The marshaling of custom value types (CORBA 3.x, 9.3.4.7 and 9.5.2): generated
// rtorb_write_state / rtorb_read_state of a `custom valuetype` hand the value a
// CORBA::DataOutputStream / DataInputStream over the message for the time of its marshal /
// unmarshal call.
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>
#include <rtorb/corba/custom_marshal.hpp>

namespace rtorb::orb {

// Calls value.marshal with a stream writing to `os`; raises what marshal raises.
void write_custom_state(cdr::OutputStream& os, CORBA::CustomMarshal& value);
// Calls value.unmarshal with a stream reading from `is`; raises what unmarshal raises, and
// MARSHAL for data that does not decode (see DataInputStream).
void read_custom_state(cdr::InputStream& is, CORBA::CustomMarshal& value);

}  // namespace rtorb::orb
