// The server half of RelativeRequestTimeout: a request whose INVOCATION_POLICIES context
// names an end time already past is not served; it is answered with TIMEOUT
// (timeout_request_expired, COMPLETED_NO), or dropped and counted when it expects no reply.
#pragma once

#include <atomic>
#include <cstdint>

#include "base/logger.hpp"
#include "core/seams/request_admission.hpp"

namespace rtorb::messaging {

class RequestExpiry final : public orb::RequestAdmission {
 public:
  // `log` (the ORB's) outlives this check.
  explicit RequestExpiry(const Logger& log) noexcept : log_(log) {}
  void admit(const orb::ServerRequest& request) const override;
  // Expired requests refused so far (replied to or dropped).
  std::uint64_t expired() const noexcept { return expired_.load(std::memory_order_relaxed); }

 private:
  const Logger& log_;
  mutable std::atomic<std::uint64_t> expired_{0};
};

}  // namespace rtorb::messaging
