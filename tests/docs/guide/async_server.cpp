// docs/guide/async.md's server, word for word: with one argument it serves a Calculator
// with an AMH servant (replies later, from other threads); given a backend's reference
// too, a coroutine servant that relays every call to that backend.
//   guide-calc-server IOR_FILE [BACKEND_REFERENCE] [-ORB options]
#include <rtorb/corba/orb.hpp>
#include <rtorb/coro/future_reply.hpp>
#include <rtorb/coro/task.hpp>
#include <rtorb/poa/poa.hpp>

#include <chrono>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <tuple>
#include <utility>

#include "guide_asyncS.h"

class Calculator final : public POA::Calc::AMH_Calculator {
 public:
  using Handler = IDL::traits<Calc::AMH_CalculatorResponseHandler>::ref_type;

  void divide(Handler h, std::int32_t a, std::int32_t b) override {
    if (b == 0) return h->divide_excep(Calc::DivideByZero(a));  // the user exception
    h->divide(a / b, a % b);                                     // replies inside the upcall
  }
  void square(Handler h, std::int32_t x, std::uint32_t delay_ms) override {
    // Replies later, from another thread; the upcall returns at once, and this server's
    // one thread reads the next request meanwhile. (A real server hands the handler to a
    // pool or an event source of its own.)
    std::thread([h, x, delay_ms] {
      std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
      h->square(x * x);
    }).detach();
  }
  void note(Handler h, const std::string& text) override {
    std::lock_guard lock(mutex_);
    last_note_ = text;
    h->note();  // a oneway's handler sends nothing, but take it all the same
  }
  void last_note(Handler h) override {
    std::lock_guard lock(mutex_);
    h->last_note(last_note_);
  }

 private:
  std::mutex mutex_;
  std::string last_note_;
};

class Relay final : public POA::Calc::CORO_Calculator {
 public:
  explicit Relay(IDL::traits<Calc::Calculator>::ref_type backend) : backend_(std::move(backend)) {}

  rtorb::coro::task<std::tuple<std::int32_t, std::int32_t>> divide(std::int32_t a,
                                                                   std::int32_t b) override {
    co_return co_await backend_->async().divide(a, b);  // DivideByZero passes through
  }
  rtorb::coro::task<std::int32_t> square(std::int32_t x, std::uint32_t delay_ms) override {
    const std::int32_t result = co_await backend_->async().square(x, delay_ms);
    co_return result;  // no thread waited meanwhile
  }
  rtorb::coro::task<void> note(std::string text) override {
    backend_->note(text);  // a oneway: written, not waited for
    co_return;
  }
  rtorb::coro::task<std::string> last_note() override {
    co_return co_await backend_->async().last_note();
  }

 private:
  IDL::traits<Calc::Calculator>::ref_type backend_;
};

int main(int argc, char* argv[]) {
  auto orb = CORBA::ORB_init(argc, argv);
  if (argc < 2) {
    std::cerr << "usage: guide-calc-server IOR_FILE [BACKEND_REFERENCE] [-ORB options]\n";
    return 2;
  }
  auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  poa->the_POAManager()->activate();
  IDL::traits<CORBA::Object>::ref_type calculator;
  if (argc > 2) {
    auto backend = IDL::traits<Calc::Calculator>::narrow(orb->string_to_object(argv[2]));
    calculator = poa->servant_to_reference(CORBA::make_reference<Relay>(backend));
  } else {
    calculator = poa->servant_to_reference(CORBA::make_reference<Calculator>());
  }
  std::ofstream(argv[1]) << orb->object_to_string(calculator) << '\n';
  orb->run();
}
