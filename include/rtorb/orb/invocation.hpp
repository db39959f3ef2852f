// The client side of one request, as generated stubs drive it (static invocation):
//
//   rtorb::orb::Invocation call(*this, "add");
//   auto& in = call.invoke([&](rtorb::cdr::OutputStream& os) { write(os, a); write(os, b); },
//                          add_exceptions);
//   return rtorb::cdr::read<std::int32_t>(in);
//
// The ORB picks the profile and connection (or the collocated path), writes the GIOP
// header, calls the marshaling function for the arguments, sends, and reads the reply. On
// LOCATION_FORWARD it retargets and calls the marshaling function again.
//
// The request stream borrows (cdr::OutputStream::borrow_arrays_from): a large primitive
// array written with write_array is sent from where it is, so it must outlive the call to
// invoke() / invoke_oneway(), as a stub's arguments do. Arrays in temporaries made inside
// the marshaling function go through write_array_copy.
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>
#include <rtorb/corba/object.hpp>
#include <rtorb/corba/object_reference.hpp>
#include <rtorb/orb/async_reply.hpp>
#include <rtorb/orb/function_ref.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

namespace rtorb::orb {

// A user exception an operation may raise: `raise` reads it (repository id first, as the
// generated exception codecs do) from the reply body and throws it.
struct UserExceptionEntry {
  const char* repository_id;
  void (*raise)(cdr::InputStream& body);  // never returns ([[noreturn]] cannot apply to a pointer)
};

using ArgumentWriter = FunctionRef<void(cdr::OutputStream&)>;

class InvocationState;  // private to the orb layer
struct AmiForward;      // the orb layer's: sends an AMI request again after a forward

class Invocation {
 public:
  // `operation` is the wire name ("_get_name" for attributes, "default" for _default).
  // `target` must outlive the Invocation (a stub's own proxy does). Raises INV_OBJREF for
  // a reference with no usable profile, OBJECT_NOT_EXIST after the ORB is destroyed.
  Invocation(const CORBA::Object& target, std::string_view operation);
  Invocation(const Invocation&) = delete;
  Invocation& operator=(const Invocation&) = delete;
  ~Invocation();

  // Twoway: sends and waits for the reply. Returns the reply body, positioned at the
  // return value; valid until this Invocation is destroyed. Raises the system exception the
  // server sent (its minor and completion status), one of `exceptions`, UNKNOWN for a user
  // exception not listed, TRANSIENT / COMM_FAILURE / TIMEOUT for transport failures.
  cdr::InputStream& invoke(ArgumentWriter arguments,
                           std::span<const UserExceptionEntry> exceptions = {});
  // Oneway: returns once the request is written (SyncScope none/transport).
  void invoke_oneway(ArgumentWriter arguments);
  // AMI (a stub's sendc_ operation): sends the request as an ordinary twoway and returns
  // once it is written; the reply (or the TIMEOUT of a RelativeRoundtripTimeout, or the
  // COMM_FAILURE of a lost connection) reaches `dispatch` with `handler` later, on a thread
  // running the ORB's event loop (ORB::run, perform_work, or the server thread pool). A
  // nil `handler`: fire and forget, the reply is read and dropped. A collocated target is
  // served, and its handler called, before this returns. Raises what the request raises
  // before it is sent (TRANSIENT when no connection can be opened, TIMEOUT timeout_connect).
  void invoke_async(ArgumentWriter arguments, CORBA::object_reference<CORBA::Object> handler,
                    ReplyDispatch dispatch);

 private:
  friend struct AmiForward;
  // The state lives inside the Invocation (on the stub's stack), not on the heap: a call
  // allocates nothing. src/orb/client/invocation_state.cpp checks that it fits.
  static constexpr std::size_t state_size = 1408;
  alignas(std::max_align_t) std::byte storage_[state_size];
  InvocationState* state_;
};

}  // namespace rtorb::orb
