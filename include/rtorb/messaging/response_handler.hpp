// Asynchronous method handling (AMH): the base of every generated AMH_<I>ResponseHandler.
// rtorb-idl --amh (or `#pragma amh I`) generates, for interface I, the servant base
// POA::AMH_I, whose operations take a response handler first and return nothing, and
// AMH_<I>ResponseHandler, whose operations send the reply: `op(return value, inout and out
// values)` or `op_excep(exception)`. docs/messaging.md, "AMH", explains the design.
//
//   class Cubit : public POA::AMH_Cubit {
//     void cube_long(IDL::traits<AMH_CubitResponseHandler>::ref_type rh, int32_t x) override {
//       workers.post([rh, x] { rh->cube_long(x * x * x); });   // replies later, elsewhere
//     }
//   };
#pragma once

#include <rtorb/corba/exception.hpp>
#include <rtorb/orb/deferred_reply.hpp>

#include <atomic>
#include <exception>
#include <memory>

namespace rtorb::messaging {

// One request's reply, to be sent exactly once from any thread. A second reply raises
// BAD_INV_ORDER bad_inv_order_amh_replied (COMPLETED_NO) and sends nothing. When the
// last reference to a handler that never replied goes away, the client gets NO_RESPONSE
// no_response_amh_dropped (COMPLETED_MAYBE: the upcall ran). A reply to a client that has
// closed its connection meanwhile is dropped quietly. Handlers of requests that expect no
// reply (oneways) accept every call and send nothing.
class ResponseHandler {
 public:
  ResponseHandler(const ResponseHandler&) = delete;
  ResponseHandler& operator=(const ResponseHandler&) = delete;
  virtual ~ResponseHandler();

  // Whether this handler has replied (or begun to, on another thread).
  bool rtorb_replied() const noexcept { return taken_.load(std::memory_order_acquire); }
  // For the generated skeleton: the upcall raised `raised` (anything but a CORBA::Exception,
  // which the skeleton gives op_excep). Sent as UNKNOWN unknown_cxx_exception unless the
  // handler has replied already; never throws.
  void rtorb_upcall_raised(std::exception_ptr raised) noexcept;

 protected:
  explicit ResponseHandler(std::unique_ptr<rtorb::orb::DeferredReply> reply) noexcept;

  // For the generated reply operations. Each takes the one reply (BAD_INV_ORDER if it was
  // taken) and starts it; rtorb_send then sends what was written.
  cdr::OutputStream& rtorb_reply();
  cdr::OutputStream& rtorb_user_exception();
  void rtorb_send() noexcept;
  // Sends `exception` when it is a system exception, UNKNOWN
  // unknown_undeclared_user_exception for a user exception (the generated op_excep has
  // dealt with those its operation declares). Takes the reply as rtorb_reply does.
  void rtorb_other_exception(const CORBA::Exception& exception);

 private:
  void take();
  // Sends `exception` unless the reply was taken; never throws.
  void send_if_open(const CORBA::SystemException& exception) noexcept;

  std::unique_ptr<rtorb::orb::DeferredReply> reply_;
  std::atomic<bool> taken_{false};  // the one reply has been claimed by some thread
  bool sent_ = false;  // written by the thread that took the reply, read at destruction
};

}  // namespace rtorb::messaging
