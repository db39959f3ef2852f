// A push read into the thread's kept EventSet; every other operation as generated.
#include <rtorb/events/push_consumer_servant.hpp>

#include "push_arguments.hpp"

namespace rtorb::events {

void PushConsumerServant::rtorb_dispatch(rtorb::orb::ServerRequest& request) {
  if (request.operation() != "push") {
    CORBA::servant_traits<RtecEventComm::PushConsumer>::base_type::rtorb_dispatch(request);
    return;
  }
  const detail::PushArguments arguments(request.arguments());
  push(arguments.events());
  if (request.response_expected()) request.reply();
}

}  // namespace rtorb::events
