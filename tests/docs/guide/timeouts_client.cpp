// docs/guide/timeouts.md's client, word for word: Messaging policies on a reference, a
// thread and the ORB, against guide-calc-server (whose square(x, delay_ms) answers after
// delay_ms); what it prints is checked by Guide.TimeoutProgramsRun.
//   guide-timeouts-client REFERENCE [-ORB options]
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/corba/policy.hpp>
#include <rtorb/coro/future_reply.hpp>
#include <rtorb/coro/run.hpp>
#include <rtorb/coro/task.hpp>
#include <rtorb/messaging/buffering_constraint.hpp>
#include <rtorb/messaging/messaging.hpp>

#include <cstdint>
#include <functional>
#include <iostream>
#include <string>

#include "guide_asyncC.h"

using CalculatorRef = IDL::traits<Calc::Calculator>::ref_type;

// A RelativeRoundtripTimeout of `ms` milliseconds (TimeBase::TimeT counts 100 ns).
IDL::traits<CORBA::Policy>::ref_type roundtrip_timeout(IDL::traits<CORBA::ORB>::ref_type orb,
                                                       std::int64_t ms) {
  CORBA::Any limit;
  limit.insert(TimeBase::TimeT(ms * 10'000));
  return orb->create_policy(Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, limit);
}

// Runs `call` and says how it ended: its result, or the exception and its minor code.
void report(const std::string& what, const std::function<std::int32_t()>& call) {
  try {
    const std::int32_t result = call();
    std::cout << what << ": " << result << '\n';
  } catch (const CORBA::TIMEOUT& e) {
    const bool reply_wait = e.minor() == rtorb::minor::timeout_reply_wait;
    const bool expired = e.minor() == rtorb::minor::timeout_request_expired;
    std::cout << what << ": TIMEOUT "
              << (reply_wait ? "timeout_reply_wait" : expired ? "timeout_request_expired" : "?")
              << (e.completed() == CORBA::CompletionStatus::COMPLETED_MAYBE ? " COMPLETED_MAYBE"
                                                                            : " COMPLETED_NO")
              << '\n';
  }
}

void object_level(IDL::traits<CORBA::ORB>::ref_type orb, CalculatorRef calculator) {
  auto timed = IDL::traits<Calc::Calculator>::narrow(calculator->_set_policy_overrides(
      {roundtrip_timeout(orb, 200)}, CORBA::SetOverrideType::ADD_OVERRIDE));
  report("object, fast", [&] { return timed->square(3, 0); });
  report("object, slow", [&] { return timed->square(3, 5000); });  // gives up after 200 ms
  report("plain reference", [&] { return calculator->square(4, 0); });  // no limit
}

void thread_level(IDL::traits<CORBA::ORB>::ref_type orb, CalculatorRef calculator) {
  auto current = IDL::traits<CORBA::PolicyCurrent>::narrow(
      orb->resolve_initial_references("PolicyCurrent"));
  current->set_policy_overrides({roundtrip_timeout(orb, 200)},
                                CORBA::SetOverrideType::SET_OVERRIDE);
  report("thread", [&] { return calculator->square(5, 5000); });  // every call of this thread
  current->set_policy_overrides({}, CORBA::SetOverrideType::SET_OVERRIDE);  // none again
}

void orb_level(IDL::traits<CORBA::ORB>::ref_type orb, CalculatorRef calculator) {
  auto manager = IDL::traits<CORBA::PolicyManager>::narrow(
      orb->resolve_initial_references("ORBPolicyManager"));
  manager->set_policy_overrides({roundtrip_timeout(orb, 200)},
                                CORBA::SetOverrideType::SET_OVERRIDE);
  report("orb", [&] { return calculator->square(6, 5000); });  // every call of every thread
  manager->set_policy_overrides({}, CORBA::SetOverrideType::SET_OVERRIDE);
}

rtorb::coro::task<std::int32_t> square_within(CalculatorRef timed, std::int32_t x) {
  co_return co_await timed->async().square(x, 5000);  // raises TIMEOUT here
}

void asynchronous(IDL::traits<CORBA::ORB>::ref_type orb, CalculatorRef calculator) {
  auto timed = IDL::traits<Calc::Calculator>::narrow(calculator->_set_policy_overrides(
      {roundtrip_timeout(orb, 200)}, CORBA::SetOverrideType::ADD_OVERRIDE));
  report("coroutine", [&] { return rtorb::coro::run_until_done(*orb, square_within(timed, 7)); });
}

void request_timeout(IDL::traits<CORBA::ORB>::ref_type orb, CalculatorRef calculator) {
  CORBA::Any one_microsecond;
  one_microsecond.insert(TimeBase::TimeT(10));
  auto hurried = IDL::traits<Calc::Calculator>::narrow(calculator->_set_policy_overrides(
      {orb->create_policy(Messaging::RELATIVE_REQ_TIMEOUT_POLICY_TYPE, one_microsecond)},
      CORBA::SetOverrideType::ADD_OVERRIDE));
  report("request timeout", [&] { return hurried->square(8, 0); });  // refused by the server
}

void sync_scope(IDL::traits<CORBA::ORB>::ref_type orb, CalculatorRef calculator) {
  CORBA::Any with_target;
  with_target.insert(Messaging::SYNC_WITH_TARGET);
  auto reliable = IDL::traits<Calc::Calculator>::narrow(calculator->_set_policy_overrides(
      {orb->create_policy(Messaging::SYNC_SCOPE_POLICY_TYPE, with_target)},
      CORBA::SetOverrideType::ADD_OVERRIDE));
  reliable->note("noted");  // returns once the servant has run
  std::cout << "sync scope: " << calculator->last_note() << '\n';
}

void rebind(IDL::traits<CORBA::ORB>::ref_type orb, CalculatorRef calculator) {
  CORBA::Any no_reconnect;
  no_reconnect.insert(Messaging::NO_RECONNECT);
  auto pinned = IDL::traits<Calc::Calculator>::narrow(calculator->_set_policy_overrides(
      {orb->create_policy(Messaging::REBIND_POLICY_TYPE, no_reconnect)},
      CORBA::SetOverrideType::ADD_OVERRIDE));
  // Once it has a connection, a call that would need another raises REBIND.
  report("rebind", [&] { return pinned->square(9, 0); });
}

void buffering(IDL::traits<CORBA::ORB>::ref_type orb, CalculatorRef calculator) {
  namespace rm = rtorb::messaging;
  CORBA::Any sync_none;
  sync_none.insert(Messaging::SYNC_NONE);
  CORBA::Any every_16;
  every_16.insert(rm::BufferingConstraint{rm::BUFFER_MESSAGE_COUNT, 0, 16, 0});
  auto batched = IDL::traits<Calc::Calculator>::narrow(calculator->_set_policy_overrides(
      {orb->create_policy(Messaging::SYNC_SCOPE_POLICY_TYPE, sync_none),
       orb->create_policy(rm::BUFFERING_CONSTRAINT_POLICY_TYPE, every_16)},
      CORBA::SetOverrideType::ADD_OVERRIDE));
  for (int i = 1; i <= 3; ++i) batched->note("batched " + std::to_string(i));  // held
  rm::flush(orb);  // written now, all three with one send
  std::cout << "buffering: flushed\n";
}

int main(int argc, char* argv[]) {
  auto orb = CORBA::ORB_init(argc, argv);
  if (argc != 2) {
    std::cerr << "usage: guide-timeouts-client REFERENCE [-ORB options]\n";
    return 2;
  }
  auto calculator = IDL::traits<Calc::Calculator>::narrow(orb->string_to_object(argv[1]));
  object_level(orb, calculator);
  thread_level(orb, calculator);
  orb_level(orb, calculator);
  asynchronous(orb, calculator);
  request_timeout(orb, calculator);
  sync_scope(orb, calculator);
  rebind(orb, calculator);
  buffering(orb, calculator);
  orb->destroy();
}
