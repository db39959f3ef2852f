// docs/guide/async.md's client, word for word: one Calculator called with AMI callbacks,
// with polling and from coroutines; what it prints is checked by Guide.AsyncProgramsRun.
//   guide-calc-client REFERENCE [-ORB options]
#include <rtorb/corba/orb.hpp>
#include <rtorb/coro/future_reply.hpp>
#include <rtorb/coro/run.hpp>
#include <rtorb/coro/task.hpp>
#include <rtorb/messaging/exception_holder.hpp>
#include <rtorb/messaging/poller.hpp>
#include <rtorb/poa/poa.hpp>

#include <cstdint>
#include <iostream>
#include <string>
#include <tuple>
#include <vector>

#include "guide_asyncS.h"

using CalculatorRef = IDL::traits<Calc::Calculator>::ref_type;

// The reply handler: one operation per reply, one _excep operation per exception.
class Replies final : public CORBA::servant_traits<Calc::AMI_CalculatorHandler>::base_type {
 public:
  int outstanding = 0;

  void divide(std::int32_t quotient, std::int32_t remainder) override {
    std::cout << "callback: " << quotient << " remainder " << remainder << '\n';
    --outstanding;
  }
  void divide_excep(const IDL::traits<Messaging::ExceptionHolder>::ref_type& holder) override {
    try {
      holder->raise_exception();  // throws what the call raised
    } catch (const Calc::DivideByZero& e) {
      std::cout << "callback: DivideByZero " << e.dividend() << '\n';
    } catch (const CORBA::SystemException& e) {
      std::cout << "callback: " << e.what() << '\n';  // TIMEOUT, COMM_FAILURE, ...
    }
    --outstanding;
  }
  void square(std::int32_t result) override {
    std::cout << "callback: square " << result << '\n';
    --outstanding;
  }
  void square_excep(const IDL::traits<Messaging::ExceptionHolder>::ref_type& holder) override {
    divide_excep(holder);
  }
  void last_note(const std::string&) override {}
  void last_note_excep(const IDL::traits<Messaging::ExceptionHolder>::ref_type&) override {}
};

void callbacks(IDL::traits<CORBA::ORB>::ref_type orb, CalculatorRef calculator) {
  auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  poa->the_POAManager()->activate();
  auto replies = CORBA::make_reference<Replies>();
  auto handler = IDL::traits<Calc::AMI_CalculatorHandler>::narrow(poa->servant_to_reference(replies));
  replies->outstanding = 3;
  calculator->sendc_divide(handler, 7, 2);  // each returns once its request is written
  calculator->sendc_divide(handler, 1, 0);
  calculator->sendc_square(handler, 9, 10);
  while (replies->outstanding > 0) orb->perform_work();  // replies reach the handler here
}

void polling(CalculatorRef calculator) {
  auto poller = calculator->sendp_square(12, 50);  // the request is on the wire
  // ... work of this thread's own ...
  std::int32_t result;
  try {
    poller->square(0, result);  // 0: do not wait
  } catch (const CORBA::TIMEOUT&) {
    poller->square(CORBA::Pollable::wait_forever, result);  // not yet: wait for it
  }
  std::cout << "polling: " << result << '\n';
}

rtorb::coro::task<std::int32_t> sum_of_squares(CalculatorRef calculator, std::int32_t n) {
  std::int32_t sum = 0;
  for (std::int32_t i = 1; i <= n; ++i) sum += co_await calculator->async().square(i, 0);
  co_return sum;
}

rtorb::coro::task<void> divide(CalculatorRef calculator, std::int32_t a, std::int32_t b) {
  try {
    const auto [quotient, remainder] = co_await calculator->async().divide(a, b);
    std::cout << "coroutine: " << quotient << " remainder " << remainder << '\n';
  } catch (const Calc::DivideByZero& e) {
    std::cout << "coroutine: DivideByZero " << e.dividend() << '\n';
  }
}

void coroutines(IDL::traits<CORBA::ORB>::ref_type orb, CalculatorRef calculator) {
  std::cout << "coroutine: " << rtorb::coro::run_until_done(*orb, sum_of_squares(calculator, 3))
            << '\n';  // 1 + 4 + 9
  rtorb::coro::run_until_done(*orb, divide(calculator, 9, 4));
  rtorb::coro::run_until_done(*orb, divide(calculator, 5, 0));
  // Several at once: start them all, then run the ORB until every one has ended.
  std::vector<rtorb::coro::task<std::int32_t>> tasks;
  for (std::int32_t n = 1; n <= 3; ++n) tasks.push_back(sum_of_squares(calculator, n));
  for (auto& task : tasks) task.start();
  for (auto& task : tasks) {
    while (!task.done()) orb->perform_work();
    std::cout << "coroutine: " << task.get() << '\n';
  }
}

int main(int argc, char* argv[]) {
  auto orb = CORBA::ORB_init(argc, argv);
  if (argc != 2) {
    std::cerr << "usage: guide-calc-client REFERENCE [-ORB options]\n";
    return 2;
  }
  auto calculator = IDL::traits<Calc::Calculator>::narrow(orb->string_to_object(argv[1]));
  callbacks(orb, calculator);
  polling(calculator);
  coroutines(orb, calculator);
  calculator->note("done");
  std::cout << "last note: " << calculator->last_note() << '\n';
  orb->destroy();
}
