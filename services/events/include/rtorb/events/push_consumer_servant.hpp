// A base for PushConsumer servants whose pushes allocate nothing to receive: each EventSet
// is read into storage the receiving thread keeps, reused from push to push (the generated
// skeleton reads every set, and every payload in it, into new vectors). Derive from it
// instead of CORBA::servant_traits<RtecEventComm::PushConsumer>::base_type; push() and
// disconnect_push_consumer() are implemented as usual. The set a push is given is valid
// only during that call, as the mapping says of every `in` argument.
#pragma once

#include <rtorb/orb/server_request.hpp>

#include "RtecEventCommS.h"

namespace rtorb::events {

class PushConsumerServant : public CORBA::servant_traits<RtecEventComm::PushConsumer>::base_type {
 public:
  void rtorb_dispatch(rtorb::orb::ServerRequest& request) override;
};

}  // namespace rtorb::events
