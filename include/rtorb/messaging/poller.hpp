// Polling AMI (CORBA Messaging 22.9-22.10; CORBA::Pollable from CORBA 3.x, 7.4). For an
// interface I with AMI, rtorb-idl generates beside AMI_<I>Handler the type-specific poller
// AMI_<I>Poller and the stub operations sendp_<op>: the request goes out at once (an
// ordinary twoway, as for sendc_) and the call returns the poller, whose operation of the
// same name waits for the reply and hands its results over as out arguments:
//
//   auto poller = cubit->sendp_cube_long(3);
//   ...                                   // other work; poller->is_ready(0) tells, at once
//   int32_t r;
//   poller->cube_long(1000, r);           // up to 1 s; raises what the call raised
//
// A poller operation's timeout is in milliseconds: 0 answers at once, 0xFFFFFFFF
// (CORBA::Pollable::wait_forever) waits as long as it takes. No reply in time: TIMEOUT
// timeout_poll_not_ready, and the poller may be asked again. The reply is handed over
// once: asking again after that is OBJECT_NOT_EXIST object_not_exist_poller_done, as is
// is_ready. Waiting drives the ORB's event loop (perform_work) where no thread of the ORB
// reads replies (the reactive model), and otherwise waits for the thread that does.
// docs/messaging.md, "Polling", explains the design.
#pragma once

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/object.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/corba/value_base.hpp>
#include <rtorb/messaging/reply_handler.hpp>
#include <rtorb/messaging/reply_state.hpp>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace rtorb::minor {

// Minor codes of pollers (here, so that the files that include minor_code.hpp need not
// know polling; the guide lists them all the same).
inline constexpr std::uint32_t timeout_poll_not_ready = rtorb_vmcid | 105;  // no reply within the poll's timeout
inline constexpr std::uint32_t object_not_exist_poller_done = rtorb_vmcid | 105;  // the reply was taken already
inline constexpr std::uint32_t marshal_local_poller = rtorb_vmcid | 105;  // a Poller sent as a value
inline constexpr std::uint32_t no_implement_poller_handler = rtorb_vmcid | 105;  // associated_handler set
inline constexpr std::uint32_t no_implement_poller_copy = rtorb_vmcid | 106;  // _copy_value of a Poller
inline constexpr std::uint32_t bad_operation_poller_mismatch = rtorb_vmcid | 105;  // polled for another operation
inline constexpr std::uint32_t no_implement_dii = rtorb_vmcid | 107;  // PollableSet::create_dii_pollable
inline constexpr std::uint32_t bad_param_nil_pollable = rtorb_vmcid | 105;  // a nil Pollable added to a set

}  // namespace rtorb::minor

namespace CORBA {

class PollableSet;

// What can be waited for (CORBA 7.4.1, the abstract valuetype Pollable).
class Pollable {
 public:
  static constexpr std::uint32_t wait_forever = 0xFFFFFFFF;

  virtual ~Pollable() = default;
  // TRUE once what it stands for can be consumed; waits up to `timeout` ms for it.
  virtual bool is_ready(std::uint32_t timeout) = 0;
  // A new, empty set to add this pollable and others to.
  virtual object_reference<PollableSet> create_pollable_set() = 0;

 protected:
  Pollable() = default;
};

// A pollable of the DII's deferred requests (7.4.1): rtorb has no DII, so none exists.
class DIIPollable : public virtual Pollable {};

// A set of pollables one thread waits on at once (CORBA 7.4.2), made by any of them
// (Pollable::create_pollable_set). rtorb has no DII: create_dii_pollable is NO_IMPLEMENT
// no_implement_dii.
class PollableSet : public virtual LocalObject {
 public:
  class NoPossiblePollable : public UserException {
   public:
    const char* _name() const noexcept override { return "NoPossiblePollable"; }
    const char* _rep_id() const noexcept override {
      return "IDL:omg.org/CORBA/PollableSet/NoPossiblePollable:1.0";
    }
    const char* what() const noexcept override { return _rep_id(); }
  };
  class UnknownPollable : public UserException {
   public:
    const char* _name() const noexcept override { return "UnknownPollable"; }
    const char* _rep_id() const noexcept override {
      return "IDL:omg.org/CORBA/PollableSet/UnknownPollable:1.0";
    }
    const char* what() const noexcept override { return _rep_id(); }
  };

  virtual valuetype_reference<DIIPollable> create_dii_pollable() = 0;
  virtual void add_pollable(valuetype_reference<Pollable> potential) = 0;
  // A member that is ready, taken out of the set; waits up to `timeout` ms for one
  // (TIMEOUT timeout_poll_not_ready if none is). An empty set: NoPossiblePollable.
  virtual valuetype_reference<Pollable> get_ready_pollable(std::uint32_t timeout) = 0;
  virtual void remove(valuetype_reference<Pollable> potential) = 0;
  virtual std::uint16_t number_left() = 0;
};

}  // namespace CORBA

namespace Messaging {
class Poller;
}  // namespace Messaging

namespace IDL {

template <>
struct traits<::Messaging::Poller> {
  using value_type = ::Messaging::Poller;
  using ref_type = CORBA::valuetype_reference<::Messaging::Poller>;
  using weak_ref_type = CORBA::weak_valuetype_reference<::Messaging::Poller>;
  static constexpr const char* repository_id = "IDL:omg.org/Messaging/Poller:1.0";
};

}  // namespace IDL

namespace Messaging {

// The generic poller (22.9): one outstanding call. Generated AMI_<I>Poller classes add the
// operations that hand the reply over. A poller lives in the process that made the call:
// it cannot be marshaled (MARSHAL marshal_local_poller) or copied.
class Poller : public virtual CORBA::ValueBase, public CORBA::Pollable {
 public:
  using _ref_type = IDL::traits<Poller>::ref_type;

  bool is_ready(std::uint32_t timeout) override;
  CORBA::object_reference<CORBA::PollableSet> create_pollable_set() override;

  IDL::traits<CORBA::Object>::ref_type operation_target() const { return target_; }
  std::string operation_name() const { return operation_; }
  // Replies are always kept for the poller: no handler is ever associated, and setting
  // one is NO_IMPLEMENT no_implement_poller_handler.
  IDL::traits<ReplyHandler>::ref_type associated_handler() const { return nullptr; }
  void associated_handler(IDL::traits<ReplyHandler>::ref_type handler);
  // TRUE only for a handler called on behalf of a poller, which never happens here.
  bool is_from_poller() const noexcept { return false; }

  CORBA::ValueBase::_ref_type _copy_value() const override;
  const rtorb::cdr::ValueTypeInfo& rtorb_type() const noexcept override;
  void rtorb_write_state(rtorb::cdr::OutputStream& os) const override;
  void rtorb_read_state(rtorb::cdr::InputStream& is) override;

  // rtorb: made by the generated sendp_ operations.
  struct Call {
    IDL::traits<CORBA::Object>::ref_type target;
    IDL::traits<CORBA::ORB>::ref_type orb;
    std::string operation;
    std::shared_ptr<rtorb::coro::detail::ReplyStateBase> state;
  };

 protected:
  explicit Poller(Call call) noexcept : call_(std::move(call)), target_(call_.target),
                                        operation_(call_.operation) {}

  // What the generated poller operations do: wait up to `timeout` ms for the reply, then
  // hand it over (once) as a T, or raise what the call ended with. `operation` is the one
  // asked for: a poller answers only for the call it was made by (BAD_OPERATION
  // bad_operation_poller_mismatch otherwise, the reply kept).
  template <class T>
  T rtorb_take(std::uint32_t timeout, std::string_view operation) {
    rtorb_claim(timeout, operation);
    return static_cast<rtorb::coro::detail::ReplyState<T>&>(*call_.state).take();
  }

 private:
  bool wait(std::uint32_t timeout);
  void rtorb_claim(std::uint32_t timeout, std::string_view operation);

  Call call_;
  IDL::traits<CORBA::Object>::ref_type target_;
  std::string operation_;
  std::atomic<bool> taken_{false};
};

}  // namespace Messaging

namespace rtorb::messaging {

// What a generated sendp_ operation does: sends the request as its sendc_ twin would, with
// a reply slot that keeps the outcome for the poller it returns.
template <class PollerType, class T>
typename IDL::traits<PollerType>::ref_type send_polled(CORBA::Object& target, std::string_view operation,
                                               orb::ArgumentWriter arguments,
                                               orb::ReplyDispatch dispatch) {
  Messaging::Poller::Call call;
  call.target = orb::ProxyAccess::make<CORBA::Object>(orb::core_of(target));
  call.orb = target._get_orb();
  call.operation = std::string(operation);
  auto state = std::make_shared<coro::detail::ReplyState<T>>();
  call.state = state;
  coro::detail::start_call(target, operation, arguments, dispatch, std::move(state));
  return CORBA::make_reference<PollerType>(std::move(call));
}

}  // namespace rtorb::messaging
