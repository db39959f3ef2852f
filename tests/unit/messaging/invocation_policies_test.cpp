// The INVOCATION_POLICIES service context as JacORB writes it: a PolicyValueSeq in an
// encapsulation, RequestEndTime (28) with a UtcT in its own encapsulation.
#include <rtorb/corba/exception.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <vector>

#include "giop/invocation_policies.hpp"

namespace rtorb::giop {
namespace {

TEST(InvocationPoliciesContext, RoundTripsARequestEndTime) {
  const UtcTime end = utc_after(std::chrono::seconds(3));
  const auto bytes = encode_request_end_time(end);
  EXPECT_EQ(decode_request_end_time(bytes), end);
}

TEST(InvocationPoliciesContext, ReadsABigEndianContextFromAnotherOrb) {
  // Big-endian, one entry: ptype 28, pvalue of 24 octets holding UtcT{time = 0x0102..08}.
  const std::vector<std::uint8_t> bytes = {
      0, 0, 0, 0,  0, 0, 0, 1,  0, 0, 0, 28,  0, 0, 0, 24,
      0, 0, 0, 0, 0, 0, 0, 0,  1, 2, 3, 4, 5, 6, 7, 8,  0, 0, 0, 0,  0, 0,  0, 0};
  EXPECT_EQ(decode_request_end_time(bytes), 0x0102030405060708ULL);
}

TEST(InvocationPoliciesContext, IgnoresOtherPolicyValues) {
  // Little-endian, one entry of type 27 (RequestStartTime) only.
  const std::vector<std::uint8_t> bytes = {1, 0, 0, 0, 1, 0, 0, 0, 27, 0, 0, 0, 4, 0, 0, 0, 9, 9, 9, 9};
  EXPECT_EQ(decode_request_end_time(bytes), std::nullopt);
}

TEST(InvocationPoliciesContext, ACountLargerThanTheBytesIsMarshal) {
  const std::vector<std::uint8_t> bytes = {1, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f};
  EXPECT_THROW(decode_request_end_time(bytes), CORBA::MARSHAL);
  const std::vector<std::uint8_t> cut = {1, 0, 0, 0, 1, 0, 0, 0, 28, 0, 0, 0, 24, 0, 0, 0, 1};
  EXPECT_THROW(decode_request_end_time(cut), CORBA::MARSHAL);
}

TEST(InvocationPoliciesContext, UtcTimeCountsFromTheGregorianEpoch) {
  // 1970-01-01 is 122192928000000000 units of 100 ns after 1582-10-15.
  const UtcTime now = utc_now();
  EXPECT_GT(now, 122192928000000000ULL);
  EXPECT_LT(now, 122192928000000000ULL + 200ULL * 365 * 24 * 3600 * 10'000'000ULL);
}

}  // namespace
}  // namespace rtorb::giop
