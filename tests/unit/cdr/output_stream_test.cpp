// Block chaining, alignment and encapsulations of the CDR encoder.
#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>

#include <gtest/gtest.h>

#include <array>
#include <numeric>
#include <vector>

namespace rtorb::cdr {
namespace {

std::vector<std::uint8_t> bytes_of(const OutputStream& os) { return os.to_bytes(); }

TEST(OutputStream, PadsWithZerosRelativeToStreamStart) {
  OutputStream os;
  os.write_octet(0xAB);
  os.write_long(0x01020304);
  os.write_octet(0xCD);
  os.write_double(1.0);
  const auto b = bytes_of(os);
  ASSERT_EQ(b.size(), 24u);
  EXPECT_EQ(b[0], 0xAB);
  EXPECT_EQ(b[1], 0);
  EXPECT_EQ(b[2], 0);
  EXPECT_EQ(b[3], 0);
  EXPECT_EQ(b[8], 0xCD);
  for (int i = 9; i < 16; ++i) EXPECT_EQ(b[i], 0) << i;  // padding up to the double at 16
}

TEST(OutputStream, StartsInTheCallersBlockAndSpillsIntoPooledBlocks) {
  std::array<std::uint8_t, 16> stack_block{};
  OutputStream os(stack_block);
  for (std::uint32_t i = 0; i < 10; ++i) os.write_ulong(i);
  EXPECT_EQ(os.size(), 40u);
  EXPECT_GE(os.segment_count(), 2u);
  std::vector<std::uint8_t> joined = os.to_bytes();
  InputStream is(joined, native_byte_order);
  for (std::uint32_t i = 0; i < 10; ++i) EXPECT_EQ(is.read_ulong(), i);
  EXPECT_EQ(stack_block[4], 1);  // the first segment really is the caller's memory
}

TEST(OutputStream, BulkArrayLandsInOneSegment) {
  OutputStream os;
  os.write_octet(1);
  std::vector<std::int32_t> values(16384);
  std::iota(values.begin(), values.end(), 0);
  os.write_array(values.data(), values.size());
  std::size_t largest = 0;
  os.for_each_segment([&](std::span<const std::uint8_t> s) { largest = std::max(largest, s.size()); });
  EXPECT_GE(largest, values.size() * sizeof(std::int32_t));
  const auto b = os.to_bytes();
  InputStream is(b, native_byte_order);
  EXPECT_EQ(is.read_octet(), 1);
  std::vector<std::int32_t> back(values.size());
  is.read_array(back.data(), back.size());
  EXPECT_EQ(back, values);
}

TEST(OutputStream, EncapsulationAlignsToItsOwnStartAndPatchesItsLength) {
  OutputStream os;
  os.write_octet(7);  // outer offset 1
  const auto e = os.begin_encapsulation();  // length at 4, byte-order octet at 8
  os.write_long(42);                        // encapsulation offset 1 -> padded to 4
  os.end_encapsulation(e);
  os.write_octet(9);
  const auto b = os.to_bytes();
  InputStream is(b, native_byte_order);
  EXPECT_EQ(is.read_octet(), 7);
  InputStream inner = is.read_encapsulation();
  EXPECT_EQ(inner.buffer().size(), 8u);  // flag, 3 pad, long
  EXPECT_EQ(inner.read_long(), 42);
  EXPECT_EQ(is.read_octet(), 9);
}

TEST(OutputStream, ClaimHandsOutRoomInTheCurrentSegmentOrNothing) {
  std::array<std::uint8_t, 16> block{};
  OutputStream os(block);
  os.write_octet(1);
  std::uint8_t* at = os.claim(8);
  ASSERT_EQ(at, block.data() + 1);
  at[0] = 0xEE;
  EXPECT_EQ(os.position(), 9u);
  EXPECT_EQ(os.claim(8), nullptr);  // 7 bytes left: refused, nothing written
  EXPECT_EQ(os.position(), 9u);
  os.write_octet(2);
  const auto b = bytes_of(os);
  ASSERT_EQ(b.size(), 10u);
  EXPECT_EQ(b[1], 0xEE);
  EXPECT_EQ(b[9], 2);
}

TEST(OutputStream, ResetReturnsToTheFirstBlock) {
  std::array<std::uint8_t, 64> stack_block{};
  OutputStream os(stack_block);
  std::vector<std::uint8_t> big(1000, 0x5A);
  os.write_raw(big.data(), big.size());
  os.reset();
  EXPECT_EQ(os.size(), 0u);
  os.write_ulong(5);
  EXPECT_EQ(os.segment_count(), 1u);
}

}  // namespace
}  // namespace rtorb::cdr
