// The request path of an active object allocates nothing once warm (DESIGN.md, "The
// critical path"). Counts global operator new calls made by the dispatching thread.
#include <gtest/gtest.h>

#include <new>

#include "poa_test_support.hpp"
#include "test_support/allocation_counter.hpp"

using namespace poa_test;

TEST(DispatchAllocation, ACallToAnActiveObjectAllocatesNothing) {
  auto system = make_system();
  auto root = root_of(system);
  root->the_POAManager()->activate();
  auto servant = CORBA::make_reference<EchoServant>();
  auto ref = root->servant_to_reference(servant);
  auto user = root->create_POA(
      "user", root->the_POAManager(),
      {root->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID)});
  user->activate_object_with_id(PortableServer::string_to_ObjectId("u"),
                                CORBA::make_reference<EchoServant>());
  auto user_ref = user->id_to_reference(PortableServer::string_to_ObjectId("u"));
  rtorb::test::start_counting_thread_allocations();
  // The counter itself works (through pointers the optimiser cannot see through).
  void* (*volatile allocate)(std::size_t) =
      static_cast<void* (*)(std::size_t)>(&::operator new);
  void (*volatile release)(void*) noexcept =
      static_cast<void (*)(void*) noexcept>(&::operator delete);
  release(allocate(8));
  ASSERT_EQ(rtorb::test::stop_counting_thread_allocations(), 1u);
  for (const auto& target : {ref, user_ref}) {
    call(*system, target, "echo", 1);  // warms the thread's CDR block pool
    TestRequest request("echo", key_of(target),
                        arguments([](rtorb::cdr::OutputStream& os) { os.write_long(2); }));
    rtorb::test::start_counting_thread_allocations();
    system->dispatch(request);
    EXPECT_EQ(rtorb::test::stop_counting_thread_allocations(), 0u);
    EXPECT_EQ(request.reply_stream().read_long(), 2);
  }
  system->shutdown(false);
}
