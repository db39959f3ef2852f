#include "messaging/request_expiry.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <string>

#include "giop/invocation_policies.hpp"
#include "giop/service_context.hpp"

namespace rtorb::messaging {

void RequestExpiry::admit(const orb::ServerRequest& request) const {
  const auto data = request.service_context(giop::service_id::invocation_policies);
  if (data.empty()) return;  // nearly every request: one scan of its (usually empty) contexts
  const auto end = giop::decode_request_end_time(data);
  if (!end || giop::utc_now() <= *end) return;
  expired_.fetch_add(1, std::memory_order_relaxed);
  log_.log(3, "server: request '" + std::string(request.operation()) +
                  "' arrived after its RequestEndTime; not served");
  raise<CORBA::TIMEOUT>(minor::timeout_request_expired,
                        "the request arrived after its RelativeRequestTimeout ended");
}

}  // namespace rtorb::messaging
