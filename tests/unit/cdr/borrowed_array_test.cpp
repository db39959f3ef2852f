// Borrowed arrays in the CDR encoder (sent from the caller's memory, not copied) and the
// non-zeroing bulk read of primitive sequences.
#include <rtorb/cdr/codec.hpp>
#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <vector>

namespace rtorb::cdr {
namespace {

constexpr std::size_t threshold = OutputStream::default_borrow_threshold;

std::vector<std::int32_t> longs(std::size_t n) {
  std::vector<std::int32_t> v(n);
  std::iota(v.begin(), v.end(), -7);
  return v;
}

// The segments one after another: what a gather-write puts on the wire.
std::vector<std::uint8_t> gathered(const OutputStream& os) {
  std::vector<std::uint8_t> out;
  os.for_each_segment([&](std::span<const std::uint8_t> s) { out.insert(out.end(), s.begin(), s.end()); });
  return out;
}

// Whether some segment is exactly the `size` bytes at `data`.
bool has_segment_at(const OutputStream& os, const void* data, std::size_t size) {
  bool found = false;
  os.for_each_segment([&](std::span<const std::uint8_t> s) {
    found = found || (s.data() == static_cast<const std::uint8_t*>(data) && s.size() == size);
  });
  return found;
}

// Something before, the array, and values after it that need padding.
template <class T>
void write_mixed(OutputStream& os, const std::vector<T>& v) {
  os.write_octet(0x5A);
  write_sequence(os, v);
  os.write_octet(0xA5);
  os.write_double(2.5);
  os.write_string("after");
}

TEST(BorrowedArray, GivesTheSameBytesAsACopy) {
  const auto values = longs(16 * 1024);
  std::array<std::uint8_t, 64> block_a{};
  std::array<std::uint8_t, 64> block_b{};
  OutputStream copying(block_a);
  OutputStream borrowing(block_b);
  borrowing.borrow_arrays_from(threshold);
  write_mixed(copying, values);
  write_mixed(borrowing, values);
  EXPECT_EQ(borrowing.size(), copying.size());
  EXPECT_EQ(borrowing.to_bytes(), copying.to_bytes());
  EXPECT_EQ(gathered(borrowing), copying.to_bytes());
}

TEST(BorrowedArray, IsASegmentPointingAtTheCallersMemory) {
  const auto values = longs(4096);
  OutputStream os;
  os.borrow_arrays_from(threshold);
  write_sequence(os, values);
  EXPECT_TRUE(has_segment_at(os, values.data(), values.size() * sizeof(std::int32_t)));
}

TEST(BorrowedArray, KeepsAlignmentLogicalAfterAnOddSizedArray) {
  // 8193 octets end on an odd position: the double after them needs 7 bytes of padding,
  // counted from the stream start, not from where the next block happens to begin.
  std::vector<std::uint8_t> octets(threshold + 1, 0x11);
  OutputStream copying;
  OutputStream borrowing;
  borrowing.borrow_arrays_from(threshold);
  for (OutputStream* os : {&copying, &borrowing}) {
    os->write_octet(1);
    write_sequence(*os, octets);
    os->write_double(-1.25);
  }
  ASSERT_TRUE(has_segment_at(borrowing, octets.data(), octets.size()));
  const auto bytes = gathered(borrowing);
  ASSERT_EQ(bytes, copying.to_bytes());
  InputStream is(bytes, native_byte_order);
  EXPECT_EQ(is.read_octet(), 1);
  std::vector<std::uint8_t> back;
  read_sequence(is, back);
  EXPECT_EQ(back, octets);
  EXPECT_EQ(is.read_double(), -1.25);
  EXPECT_EQ(is.position() % 8, 0u);
  EXPECT_EQ(is.remaining(), 0u);
}

TEST(BorrowedArray, CanSitInsideAnEncapsulation) {
  const auto values = longs(3000);
  OutputStream copying;
  OutputStream borrowing;
  borrowing.borrow_arrays_from(threshold);
  for (OutputStream* os : {&copying, &borrowing}) {
    os->write_octet(9);
    const auto e = os->begin_encapsulation();
    write_sequence(*os, values);
    os->write_longlong(42);
    os->end_encapsulation(e);
    os->write_short(3);
  }
  ASSERT_TRUE(has_segment_at(borrowing, values.data(), values.size() * 4));
  const auto bytes = gathered(borrowing);
  ASSERT_EQ(bytes, copying.to_bytes());
  InputStream is(bytes, native_byte_order);
  EXPECT_EQ(is.read_octet(), 9);
  InputStream inner = is.read_encapsulation();
  std::vector<std::int32_t> back;
  read_sequence(inner, back);
  EXPECT_EQ(back, values);
  EXPECT_EQ(inner.read_longlong(), 42);
  EXPECT_EQ(is.read_short(), 3);
}

TEST(BorrowedArray, TwoInARowStayInOrder) {
  const auto first = longs(2048);
  const auto second = longs(4096);
  OutputStream copying;
  OutputStream borrowing;
  borrowing.borrow_arrays_from(threshold);
  for (OutputStream* os : {&copying, &borrowing}) {
    os->write_array(first.data(), first.size());
    os->write_array(second.data(), second.size());
  }
  EXPECT_TRUE(has_segment_at(borrowing, first.data(), first.size() * 4));
  EXPECT_TRUE(has_segment_at(borrowing, second.data(), second.size() * 4));
  EXPECT_EQ(gathered(borrowing), copying.to_bytes());
}

TEST(BorrowedArray, StartsExactlyAtTheThreshold) {
  const std::vector<std::uint8_t> below(threshold - 1, 1);
  const std::vector<std::uint8_t> at(threshold, 2);
  OutputStream os;
  os.borrow_arrays_from(threshold);
  os.write_array(below.data(), below.size());
  os.write_array(at.data(), at.size());
  EXPECT_FALSE(has_segment_at(os, below.data(), below.size()));
  EXPECT_TRUE(has_segment_at(os, at.data(), at.size()));
  EXPECT_EQ(os.size(), below.size() + at.size());
}

TEST(BorrowedArray, IsNeverTakenByAStreamThatDoesNotBorrow) {
  const auto values = longs(64 * 1024);
  OutputStream by_default;
  write_sequence(by_default, values);
  EXPECT_FALSE(has_segment_at(by_default, values.data(), values.size() * 4));

  OutputStream borrowing;
  borrowing.borrow_arrays_from(threshold);
  // A stream made from a borrowing stream's options (an encapsulation built apart, an Any)
  // is kept beyond the caller's arrays: it must copy.
  OutputStream derived(borrowing.options());
  write_sequence(derived, values);
  EXPECT_FALSE(has_segment_at(derived, values.data(), values.size() * 4));

  borrowing.borrow_arrays_from(0);
  write_sequence(borrowing, values);
  EXPECT_FALSE(has_segment_at(borrowing, values.data(), values.size() * 4));
}

TEST(BorrowedArray, IsNeverTakenByWriteArrayCopy) {
  const auto values = longs(64 * 1024);
  OutputStream os;
  os.borrow_arrays_from(threshold);
  os.write_array_copy(values.data(), values.size());
  EXPECT_FALSE(has_segment_at(os, values.data(), values.size() * 4));
  EXPECT_EQ(os.size(), values.size() * 4);
}

TEST(BorrowedArray, WideStringsOfAnyLengthAreCopiedNotBorrowed) {
  // GIOP 1.1 wstrings go through write_array from a temporary: borrowing it would leave
  // the stream pointing at freed memory (AddressSanitizer would say so).
  const std::wstring text(threshold, L'x');
  OutputOptions giop_1_1;
  giop_1_1.giop_minor = 1;
  OutputStream borrowing(giop_1_1);
  borrowing.borrow_arrays_from(threshold);
  OutputStream copying(giop_1_1);
  borrowing.write_wstring(text);
  copying.write_wstring(text);
  EXPECT_EQ(gathered(borrowing), copying.to_bytes());
}

TEST(BorrowedArray, IsForgottenByReset) {
  const auto values = longs(4096);
  std::array<std::uint8_t, 32> block{};
  OutputStream os(block);
  os.borrow_arrays_from(threshold);
  os.write_octet(1);
  write_sequence(os, values);
  os.reset();
  os.write_ulong(7);
  EXPECT_EQ(os.segment_count(), 1u);
  EXPECT_EQ(os.size(), 4u);
  EXPECT_FALSE(has_segment_at(os, values.data(), values.size() * 4));
  EXPECT_EQ(os.borrow_threshold(), threshold);  // reset keeps the setting
  write_sequence(os, values);
  EXPECT_TRUE(has_segment_at(os, values.data(), values.size() * 4));
}

TEST(BorrowedArray, CannotBeTruncatedInto) {
  const auto values = longs(4096);
  OutputStream os;
  os.borrow_arrays_from(threshold);
  os.write_ulong(1);
  os.write_array(values.data(), values.size());
  const std::size_t end = os.position();
  os.write_octet(2);
  EXPECT_FALSE(os.truncate(end - 1));
  EXPECT_TRUE(os.truncate(end));
  EXPECT_EQ(os.size(), end);
}

TEST(BorrowedArray, LeavesBackPatchedSlotsInTheirBlocks) {
  const auto values = longs(4096);
  OutputStream os;
  os.borrow_arrays_from(threshold);
  const auto slot = os.reserve_ulong();
  os.write_array(values.data(), values.size());
  OutputStream::patch_ulong(slot, static_cast<std::uint32_t>(os.size()));
  const auto bytes = gathered(os);
  InputStream is(bytes, native_byte_order);
  EXPECT_EQ(is.read_ulong(), bytes.size());
}

// --- reading: one copy out of the buffer, no zero-fill ----------------------------------

TEST(ReadSequence, ReadsALargeSequenceInNativeOrder) {
  const auto values = longs(70000);
  OutputStream os;
  os.write_octet(3);
  write_sequence(os, values);
  const auto bytes = os.to_bytes();
  InputStream is(bytes, native_byte_order);
  is.read_octet();
  std::vector<std::int32_t> back{1, 2, 3};  // earlier contents are replaced
  read_sequence(is, back);
  EXPECT_EQ(back, values);
  EXPECT_EQ(is.remaining(), 0u);
}

TEST(ReadSequence, SwapsALargeSequenceInTheOtherOrder) {
  const auto values = longs(5000);
  std::vector<std::uint8_t> bytes(4 + values.size() * 4);
  const auto put = [&](std::size_t at, std::uint32_t v) {
    v = byte_swap(v);
    std::memcpy(bytes.data() + at, &v, 4);
  };
  put(0, static_cast<std::uint32_t>(values.size()));
  for (std::size_t i = 0; i < values.size(); ++i)
    put(4 + 4 * i, static_cast<std::uint32_t>(values[i]));
  const ByteOrder other =
      native_byte_order == ByteOrder::big_endian ? ByteOrder::little_endian : ByteOrder::big_endian;
  InputStream is(bytes, other);
  std::vector<std::int32_t> back;
  read_sequence(is, back);
  EXPECT_EQ(back, values);
}

TEST(ReadSequence, ReadsFromABufferNotAlignedForTheElements) {
  const std::vector<double> values{1.5, -2.0, 1e300, 0.0, 3.25};
  OutputStream os;
  write_sequence(os, values);
  const auto encoded = os.to_bytes();
  // The same bytes one past an aligned address: alignment is relative to the buffer, so
  // the stream reads them the same way, but they cannot be viewed as doubles in place.
  std::vector<std::uint8_t> storage(encoded.size() + 1);
  std::copy(encoded.begin(), encoded.end(), storage.begin() + 1);
  InputStream is(std::span<const std::uint8_t>(storage).subspan(1), native_byte_order);
  std::vector<double> back;
  read_sequence(is, back);
  EXPECT_EQ(back, values);
}

TEST(ReadSequence, ReadsAnEmptySequenceWithoutPadding) {
  OutputStream os;
  os.write_octet(1);
  write_sequence(os, std::vector<double>{});
  os.write_octet(2);
  const auto bytes = os.to_bytes();
  InputStream is(bytes, native_byte_order);
  is.read_octet();
  std::vector<double> back{4.0};
  read_sequence(is, back);
  EXPECT_TRUE(back.empty());
  EXPECT_EQ(is.read_octet(), 2);
}

}  // namespace
}  // namespace rtorb::cdr
