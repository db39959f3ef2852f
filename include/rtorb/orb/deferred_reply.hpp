// A reply that outlives its request's upcall (asynchronous method handling, AMH): the
// upcall returns without answering and whoever holds the DeferredReply sends the answer
// later, from any thread. The messaging layer's ResponseHandler is its one user
// (docs/messaging.md, "AMH"); the ORB only keeps what the reply needs.
#pragma once

#include <rtorb/cdr/output_stream.hpp>
#include <rtorb/corba/exception.hpp>

namespace rtorb::orb {

// What a ServerRequest gives when its reply is deferred: the request id, GIOP version,
// code sets and reply service contexts of the request, and a hold on where the reply goes
// (the connection; for a collocated call, the waiting caller). Not thread-safe: one user
// at a time (ResponseHandler makes sure exactly one thread replies).
class DeferredReply {
 public:
  DeferredReply() = default;
  DeferredReply(const DeferredReply&) = delete;
  DeferredReply& operator=(const DeferredReply&) = delete;
  virtual ~DeferredReply() = default;

  // False when the client waits for no reply (a oneway, or a WITH_SERVER reply that has
  // gone already): then the functions below do nothing that reaches the client.
  virtual bool response_expected() const noexcept = 0;
  // Starts a NO_EXCEPTION reply in a stream of its own (dropping any reply started before
  // and not sent); write the return value, then inout and out arguments.
  virtual cdr::OutputStream& reply() = 0;
  // Starts a USER_EXCEPTION reply; write the exception, repository id first.
  virtual cdr::OutputStream& user_exception() = 0;
  // Starts a SYSTEM_EXCEPTION reply holding `exception`.
  virtual void system_exception(const CORBA::SystemException& exception) = 0;
  // Sends the reply started last. A connection closed meanwhile (or a collocated caller
  // that stopped waiting) drops it quietly: there is nobody left to tell.
  virtual void send() noexcept = 0;
};

}  // namespace rtorb::orb
