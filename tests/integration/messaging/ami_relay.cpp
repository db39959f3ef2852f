// messaging-ami-relay TARGET HANDLER: an AMI client in a process of its own, so that the
// ExceptionHolders its replies make reach HANDLER (a reply handler another process serves)
// marshaled as values. It sends divide(9, 0) (a user exception), divide(9, 4) (a reply) and,
// with a 300 ms RelativeRoundtripTimeout, sleep_ms(1500) (TIMEOUT, made by this client);
// prints "sent", then runs its event loop until killed (at most 30 s).
#include <rtorb/corba/orb.hpp>
#include <rtorb/messaging/messaging.hpp>

#include <chrono>
#include <cstdio>
#include <exception>
#include <string>

#include "messagingC.h"

int main(int argc, char* argv[]) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: messaging-ami-relay TARGET HANDLER [ORB options]\n");
    return 2;
  }
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    auto target = IDL::traits<MessagingTest::Target>::narrow(orb->string_to_object(argv[1]));
    auto handler =
        IDL::traits<MessagingTest::AMI_TargetHandler>::narrow(orb->string_to_object(argv[2]));
    CORBA::Any timeout;
    timeout.insert(TimeBase::TimeT{300} * 10'000);  // 300 ms in 100 ns units
    auto timed = IDL::traits<MessagingTest::Target>::narrow(target->_set_policy_overrides(
        {orb->create_policy(Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, timeout)},
        CORBA::SetOverrideType::ADD_OVERRIDE));
    target->sendc_divide(handler, 9, 0);
    target->sendc_divide(handler, 9, 4);
    timed->sendc_sleep_ms(handler, 1500);
    std::printf("sent\n");
    std::fflush(stdout);
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (std::chrono::steady_clock::now() < end) orb->perform_work();
    orb->destroy();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "messaging-ami-relay: %s\n", e.what());
    return 1;
  }
  return 0;
}
