// A check every request passes on the server before its target is looked for, for what a
// layer above the core makes of the request's service contexts (messaging: a request
// whose INVOCATION_POLICIES end time has passed is dropped, docs/messaging.md).
#pragma once

#include <rtorb/orb/server_request.hpp>

namespace rtorb::orb {

class RequestAdmission {
 public:
  virtual ~RequestAdmission() = default;
  // Returns to serve `request`; raises the system exception to answer instead (sent back
  // when the request expects a reply, otherwise the request is dropped). Called on the
  // serving thread, only for requests that carry at least one service context (one
  // without any is admitted unasked, which keeps the common request path free of this
  // virtual call); must be thread-safe.
  virtual void admit(const ServerRequest& request) const = 0;
};

}  // namespace rtorb::orb
