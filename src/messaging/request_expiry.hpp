// The server half of RelativeRequestTimeout: a request whose INVOCATION_POLICIES context
// names an end time already past is not served; it is answered with TIMEOUT
// (timeout_request_expired, COMPLETED_NO), or dropped and counted when it expects no reply.
#pragma once

#include <atomic>
#include <cstdint>

#include "orb/orb_core.hpp"
#include "orb/request_admission.hpp"

namespace rtorb::messaging {

class RequestExpiry final : public orb::RequestAdmission {
 public:
  explicit RequestExpiry(const orb::OrbCore& orb) noexcept : orb_(orb) {}
  void admit(const orb::ServerRequest& request) const override;
  // Expired requests refused so far (replied to or dropped).
  std::uint64_t expired() const noexcept { return expired_.load(std::memory_order_relaxed); }

 private:
  const orb::OrbCore& orb_;
  mutable std::atomic<std::uint64_t> expired_{0};
};

}  // namespace rtorb::messaging
