// The code README.md shows, compiled against the generated code of readme.idl and
// examples/hello/hello.idl: when an API the README uses changes, this stops compiling.
// Compile-only; nothing here runs. Every line of the README's C++ snippets appears here
// as it is written there (Readme.SnippetsAreTheCompiledCode checks it), wrapped in what
// makes it a translation unit.
#include <rtorb/coro/future_reply.hpp>
#include <rtorb/coro/run.hpp>
#include <rtorb/coro/task.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/messaging/buffering_constraint.hpp>
#include <rtorb/messaging/messaging.hpp>
#include <rtorb/messaging/poller.hpp>
#include <rtorb/poa/poa.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <cstdint>
#include <iostream>
#include <string>
#include <utility>

#include "helloS.h"
#include "readmeS.h"

using std::int32_t;

// The opening example.
// hello.idl: module Demo { interface Hello { string greet(in string name); }; };
class HelloServant final : public CORBA::servant_traits<Demo::Hello>::base_type {
 public:
  std::string greet(const std::string& name) override { return "Hello, " + name + "!"; }
};

int main(int argc, char* argv[]) {
  auto orb = CORBA::ORB_init(argc, argv);  // -ORBEndpoint iiop://127.0.0.1:0 ...
  auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  poa->the_POAManager()->activate();
  auto hello = poa->servant_to_reference(CORBA::make_reference<HelloServant>());
  std::cout << orb->object_to_string(hello) << '\n';  // IOR:... for a client to use
  orb->run();
}

namespace readme {

void hello_client(IDL::traits<CORBA::ORB>::ref_type orb, const std::string& ior) {
  IDL::traits<Demo::Hello>::narrow(orb->string_to_object(ior))->greet("world");
}

class CubitServant final : public CORBA::servant_traits<Cubit>::base_type {
 public:
  explicit CubitServant(IDL::traits<CORBA::ORB>::ref_type orb) : orb_(std::move(orb)) {}
  int32_t cube_long(int32_t l) override { return l * l * l; }
  void cube_oneway(int32_t) override {}

 private:
  IDL::traits<CORBA::ORB>::ref_type orb_;
};

// "Real-time CORBA".
void rt_server(int argc, char* argv[]) {
auto orb = CORBA::ORB_init(argc, argv);   // -ORBEndpoint iiop://127.0.0.1:0 ...
auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
auto rt = IDL::traits<RTCORBA::RTORB>::narrow(orb->resolve_initial_references("RTORB"));
// Two lanes: one thread at CORBA priority 30000 (SCHED_FIFO 90), two at 1000.
auto pool = rt->create_threadpool_with_lanes(
    0, {RTCORBA::ThreadpoolLane(30000, 1, 0), RTCORBA::ThreadpoolLane(1000, 2, 0)},
    false, false, 0, 0);
// Objects of this POA run at 30000, on the high lane, whoever calls them.
auto high = root->create_POA("high", root->the_POAManager(),
    {rt->create_priority_model_policy(RTCORBA::PriorityModel::SERVER_DECLARED, 30000),
     rt->create_threadpool_policy(pool)});
root->the_POAManager()->activate();
// CubitServant derives from CORBA::servant_traits<Cubit>::base_type (bench/cubit).
auto id = high->activate_object(CORBA::make_reference<CubitServant>(orb));
std::cout << orb->object_to_string(high->id_to_reference(id));  // names the high lane's endpoint
orb->run();
}

void rt_client(IDL::traits<CORBA::ORB>::ref_type orb) {
  IDL::traits<RTCORBA::Current>::narrow(orb->resolve_initial_references("RTCurrent"))
      ->the_priority(30000);
  IDL::traits<Cubit>::narrow(orb->string_to_object("file://cubit.ior"))->cube_long(3);
}

// "A RelativeRoundtripTimeout".
void timeout(IDL::traits<CORBA::ORB>::ref_type orb, IDL::traits<Cubit>::ref_type cubit) {
CORBA::Any limit;
limit.insert(TimeBase::TimeT{200 * 10'000});  // 200 ms, in 100 ns units
auto timed = IDL::traits<Cubit>::narrow(cubit->_set_policy_overrides(
    {orb->create_policy(Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, limit)},
    CORBA::SetOverrideType::ADD_OVERRIDE));
timed->cube_long(3);  // CORBA::TIMEOUT (timeout_reply_wait, COMPLETED_MAYBE) after 200 ms
}

// "AMI callbacks".
class Handler : public CORBA::servant_traits<AMI_CubitHandler>::base_type {
  void cube_long(int32_t ami_return_val) override { std::cout << ami_return_val; }  // 27
  void cube_long_excep(const IDL::traits<Messaging::ExceptionHolder>::ref_type& h) override {
    try { h->raise_exception(); } catch (const CORBA::TIMEOUT&) { /* ... */ }
  }
  // ... one pair per operation of Cubit
};

void ami(IDL::traits<CORBA::ORB>::ref_type orb, IDL::traits<Cubit>::ref_type cubit) {
  auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  IDL::traits<AMI_CubitHandler>::ref_type handler = IDL::traits<AMI_CubitHandler>::narrow(
      poa->servant_to_reference(CORBA::make_reference<Handler>()));
cubit->sendc_cube_long(handler, 3);  // handler: an IDL::traits<AMI_CubitHandler>::ref_type
orb->run();                          // or perform_work(): replies reach the handler here
}

// "Coroutines".
rtorb::coro::task<int32_t> twice(IDL::traits<Cubit>::ref_type cubit) {
  const int32_t a = co_await cubit->async().cube_long(2);  // 8
  co_return co_await cubit->async().cube_long(a);           // 512
}

int32_t coroutines(IDL::traits<CORBA::ORB>::ref_type orb, IDL::traits<Cubit>::ref_type cubit) {
int32_t r = rtorb::coro::run_until_done(*orb, twice(cubit));  // or t.start(); orb->run();
  return r;
}

// "Polling".
int32_t polling(IDL::traits<Cubit>::ref_type cubit) {
auto poller = cubit->sendp_cube_long(3);  // the request is on the wire
int32_t r;
poller->cube_long(1000, r);               // up to 1 s; raises what the call raised
  return r;
}

// "Request buffering".
void buffering(IDL::traits<CORBA::ORB>::ref_type orb, IDL::traits<Cubit>::ref_type cubit) {
  CORBA::Any sync_none;
  sync_none.insert(Messaging::SYNC_NONE);
CORBA::Any every_16;
namespace rm = rtorb::messaging;
every_16.insert(rm::BufferingConstraint{rm::BUFFER_MESSAGE_COUNT, 0, 16, 0});
auto batched = IDL::traits<Cubit>::narrow(cubit->_set_policy_overrides(
    {orb->create_policy(Messaging::SYNC_SCOPE_POLICY_TYPE, sync_none),
     orb->create_policy(rm::BUFFERING_CONSTRAINT_POLICY_TYPE, every_16)},
    CORBA::SetOverrideType::ADD_OVERRIDE));
batched->cube_oneway(3);  // held; the 16th call writes all 16 with one send
}

// "AMH" and coroutine servants.
class Relay : public POA::CORO_Cubit {
  rtorb::coro::task<int32_t> cube_long(int32_t x) override {
    co_return co_await backend_->async().cube_long(x);  // resumes in the server's event loop
  }
  // ... one coroutine per operation of Cubit, arguments by value
  rtorb::coro::task<void> cube_oneway(int32_t) override { co_return; }
  IDL::traits<Cubit>::ref_type backend_;
};

void relay() { auto relay = CORBA::make_reference<Relay>(); }

}  // namespace readme
