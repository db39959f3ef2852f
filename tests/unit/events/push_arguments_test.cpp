// A push's EventSet read into the thread's kept set (detail::PushArguments): the same
// events as the generated reader gives, the payload buffers reused from push to push, a
// nested read that leaves the outer set alone, and a malformed set refused with MARSHAL.
#include <gtest/gtest.h>

#include <rtorb/cdr/codec.hpp>
#include <rtorb/cdr/output_stream.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

#include "push_arguments.hpp"

namespace {

using rtorb::events::detail::PushArguments;

std::vector<std::uint8_t> encoded(const RtecEventComm::EventSet& set) {
  rtorb::cdr::OutputStream out;
  rtorb::cdr::write(out, set);
  return out.to_bytes();
}

RtecEventComm::EventSet events_of(std::initializer_list<std::int32_t> types, std::size_t payload) {
  RtecEventComm::EventSet set;
  for (auto type : types) {
    set.emplace_back();
    set.back().header().type(type);
    set.back().header().source(7);
    set.back().data().payload().assign(payload, static_cast<std::uint8_t>(type));
  }
  return set;
}

// What the tests compare of a set (the mapping gives structs with an any no operator==).
using Summary = std::vector<std::tuple<std::int32_t, std::int32_t, std::vector<std::uint8_t>>>;
Summary summary(const RtecEventComm::EventSet& set) {
  Summary out;
  for (const auto& e : set) out.emplace_back(e.header().type(), e.header().source(), e.data().payload());
  return out;
}

TEST(PushArguments, ReadsWhatTheGeneratedReaderReads) {
  const auto set = events_of({20, 21}, 40);
  const auto bytes = encoded(set);
  rtorb::cdr::InputStream in(bytes, rtorb::cdr::native_byte_order);
  const PushArguments arguments(in);
  EXPECT_EQ(summary(arguments.events()), summary(set));
}

TEST(PushArguments, ReusesTheThreadsPayloadBuffersFromPushToPush) {
  const auto first = encoded(events_of({20}, 64));
  const auto second = encoded(events_of({30}, 48));
  const std::uint8_t* buffer = nullptr;
  {
    rtorb::cdr::InputStream in(first, rtorb::cdr::native_byte_order);
    const PushArguments arguments(in);
    buffer = arguments.events()[0].data().payload().data();
  }
  rtorb::cdr::InputStream in(second, rtorb::cdr::native_byte_order);
  const PushArguments arguments(in);
  EXPECT_EQ(arguments.events()[0].header().type(), 30);
  EXPECT_EQ(arguments.events()[0].data().payload(), std::vector<std::uint8_t>(48, 30));
  EXPECT_EQ(arguments.events()[0].data().payload().data(), buffer) << "the kept buffer was reused";
}

TEST(PushArguments, ANestedReadLeavesTheOuterSetAlone) {
  const auto outer_bytes = encoded(events_of({20, 21}, 8));
  const auto inner_bytes = encoded(events_of({40}, 8));
  rtorb::cdr::InputStream outer_in(outer_bytes, rtorb::cdr::native_byte_order);
  const PushArguments outer(outer_in);
  {
    rtorb::cdr::InputStream inner_in(inner_bytes, rtorb::cdr::native_byte_order);
    const PushArguments inner(inner_in);
    EXPECT_EQ(summary(inner.events()), summary(events_of({40}, 8)));
    EXPECT_NE(&inner.events(), &outer.events());
  }
  EXPECT_EQ(summary(outer.events()), summary(events_of({20, 21}, 8)));
}

TEST(PushArguments, AMalformedSetIsMarshalAndTheKeptSetStaysUsable) {
  rtorb::cdr::OutputStream out;
  out.write_ulong(1000);  // a thousand events announced, none follow
  const auto bytes = out.to_bytes();
  rtorb::cdr::InputStream bad(bytes, rtorb::cdr::native_byte_order);
  EXPECT_THROW(PushArguments{bad}, CORBA::MARSHAL);
  auto truncated = encoded(events_of({20}, 64));
  truncated.resize(truncated.size() - 10);  // the payload cut short
  rtorb::cdr::InputStream cut(truncated, rtorb::cdr::native_byte_order);
  EXPECT_THROW(PushArguments{cut}, CORBA::MARSHAL);
  const auto good = encoded(events_of({20}, 4));
  rtorb::cdr::InputStream in(good, rtorb::cdr::native_byte_order);
  const PushArguments arguments(in);
  EXPECT_EQ(summary(arguments.events()), summary(events_of({20}, 4)));
}

TEST(PushArguments, ABurstLongerThanTheKeptLimitIsNotKept) {
  std::vector<std::int32_t> many(100, 20);
  RtecEventComm::EventSet burst;
  for (auto type : many) burst.push_back(events_of({type}, 4)[0]);
  const auto burst_bytes = encoded(burst);
  {
    rtorb::cdr::InputStream in(burst_bytes, rtorb::cdr::native_byte_order);
    const PushArguments arguments(in);
    EXPECT_EQ(arguments.events().size(), 100U);
  }
  const auto one = encoded(events_of({21}, 4));
  rtorb::cdr::InputStream in(one, rtorb::cdr::native_byte_order);
  const PushArguments arguments(in);
  EXPECT_LT(arguments.events().capacity(), 100U) << "the burst's storage was released";
}

}  // namespace
