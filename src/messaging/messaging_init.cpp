#include "messaging/messaging_init.hpp"

#include <memory>

#include "messaging/buffering_policy.hpp"
#include "messaging/call_policy_reader.hpp"
#include "messaging/messaging_policies.hpp"
#include "messaging/request_expiry.hpp"

namespace rtorb::messaging {

std::function<void(orb::OrbCore&)> make_messaging_initializer() {
  return [](orb::OrbCore& core) {
    core.add_policy_factory(make_messaging_policy_factory());
    core.add_policy_factory(make_buffering_policy_factory());
    core.set_call_policy_reader(make_call_policy_reader());
    core.set_request_admission(std::make_shared<RequestExpiry>(core));
  };
}

}  // namespace rtorb::messaging
