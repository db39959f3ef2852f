// Messaging::ExceptionHolder as the spec's valuetype: its form on the wire, a round trip
// through CDR, a holder as another ORB marshals it, and bad bytes.
#include <rtorb/cdr/codec.hpp>
#include <rtorb/cdr/value_codec.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/messaging/exception_holder.hpp>
#include <test_support/test_bytes.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {

using Holder = IDL::traits<Messaging::ExceptionHolder>::ref_type;
using rtorb::cdr::ByteOrder;
using rtorb::cdr::InputStream;
using rtorb::cdr::OutputStream;
using rtorb::test::Bytes;
using rtorb::test::minor_of;

constexpr std::string_view holder_id = "IDL:omg.org/Messaging/ExceptionHolder:1.0";
constexpr bool little = rtorb::cdr::native_byte_order == ByteOrder::little_endian;

// CDR in big-endian order written by hand, as a peer of the other byte order would send.
class BigEndian {
 public:
  void align(std::size_t n) {
    while (bytes_.size() % n != 0) bytes_.push_back(0);
  }
  void octet(std::uint8_t v) { bytes_.push_back(v); }
  void ulong(std::uint32_t v) {
    align(4);
    for (int shift = 24; shift >= 0; shift -= 8) bytes_.push_back(static_cast<std::uint8_t>(v >> shift));
  }
  void string(std::string_view s) {
    ulong(static_cast<std::uint32_t>(s.size() + 1));
    bytes_.insert(bytes_.end(), s.begin(), s.end());
    bytes_.push_back(0);
  }
  void octets(const Bytes& b) {
    ulong(static_cast<std::uint32_t>(b.size()));
    bytes_.insert(bytes_.end(), b.begin(), b.end());
  }
  std::size_t size() const { return bytes_.size(); }
  void patch_ulong(std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) bytes_[at + i] = static_cast<std::uint8_t>(v >> (24 - 8 * i));
  }
  const Bytes& bytes() const { return bytes_; }

 private:
  Bytes bytes_;
};

// A SYSTEM_EXCEPTION body (repository id, minor, completion) in native order from byte 0.
Bytes system_exception(std::string_view id, std::uint32_t minor, std::uint32_t completed) {
  OutputStream os;
  os.write_string(id);
  os.write_ulong(minor);
  os.write_ulong(completed);
  return os.to_bytes();
}

Bytes marshaled(const Holder& holder) {
  OutputStream os;
  rtorb::cdr::write(os, holder);
  return os.to_bytes();
}

Holder unmarshaled(const Bytes& bytes, ByteOrder order = rtorb::cdr::native_byte_order) {
  InputStream is(bytes, order);
  return rtorb::cdr::read<Holder>(is);
}

TEST(ExceptionHolder, IsMarshaledAsTheSpecsValueType) {
  const Bytes body = system_exception("IDL:omg.org/CORBA/TIMEOUT:1.0", rtorb::minor::timeout_reply_wait, 2);
  const Holder holder = CORBA::make_reference<Messaging::ExceptionHolder>(true, little, body);
  const Bytes wire = marshaled(holder);

  InputStream is(wire, rtorb::cdr::native_byte_order);
  EXPECT_EQ(is.read_ulong(), 0x7fffff02u);  // a value with one repository id, not chunked
  EXPECT_EQ(is.read_string(), holder_id);
  EXPECT_TRUE(is.read_boolean());           // is_system_exception
  EXPECT_EQ(is.read_boolean(), little);     // byte_order
  const auto length = is.read_ulong();      // marshaled_exception
  ASSERT_EQ(length, body.size());
  const auto octets = is.read_raw(length);
  EXPECT_EQ(Bytes(octets.begin(), octets.end()), body);
  EXPECT_EQ(is.remaining(), 0u);
}

TEST(ExceptionHolder, RoundTripsThroughCdrAndRaisesTheSameException) {
  const Holder holder = CORBA::make_reference<Messaging::ExceptionHolder>(
      true, little, system_exception("IDL:omg.org/CORBA/TIMEOUT:1.0", rtorb::minor::timeout_reply_wait, 2));
  const Holder back = unmarshaled(marshaled(holder));
  ASSERT_TRUE(back);
  EXPECT_TRUE(back->is_system_exception());
  EXPECT_EQ(back->byte_order(), little);
  EXPECT_EQ(back->marshaled_exception(), holder->marshaled_exception());
  EXPECT_EQ(back->_obv_typeid(), holder_id);
  try {
    back->raise_exception();
    ADD_FAILURE() << "raised nothing";
  } catch (const CORBA::TIMEOUT& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::timeout_reply_wait);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_MAYBE);
  }
}

TEST(ExceptionHolder, ANilHolderIsTheNullValue) {
  const Bytes wire = marshaled(nullptr);
  EXPECT_EQ(wire, (Bytes{0, 0, 0, 0}));
  EXPECT_FALSE(unmarshaled(wire));
}

// What another ORB's AMI sends: big endian, the exception big endian too; once plain and
// once chunked (as an ORB that chunks every value would send it).
TEST(ExceptionHolder, ReadsAHolderAnotherOrbMarshaledInTheOtherByteOrder) {
  BigEndian exception;
  exception.string("IDL:omg.org/CORBA/OBJECT_NOT_EXIST:1.0");
  exception.ulong(0x4f4d0001);
  exception.ulong(1);
  for (const bool chunked : {false, true}) {
    BigEndian wire;
    wire.ulong(chunked ? 0x7fffff0a : 0x7fffff02);
    wire.string(holder_id);
    std::size_t chunk_size_at = 0;
    if (chunked) {
      wire.align(4);
      chunk_size_at = wire.size();
      wire.ulong(0);
    }
    wire.octet(1);  // is_system_exception
    wire.octet(0);  // byte_order: big endian
    wire.octets(exception.bytes());
    if (chunked) {
      wire.patch_ulong(chunk_size_at, static_cast<std::uint32_t>(wire.size() - chunk_size_at - 4));
      wire.ulong(0xffffffff);  // end tag of the outermost value
    }
    const Holder holder = unmarshaled(wire.bytes(), ByteOrder::big_endian);
    ASSERT_TRUE(holder) << "chunked " << chunked;
    EXPECT_FALSE(holder->byte_order());
    try {
      holder->raise_exception();
      ADD_FAILURE() << "raised nothing";
    } catch (const CORBA::OBJECT_NOT_EXIST& e) {
      EXPECT_EQ(e.minor(), 0x4f4d0001u);
      EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_NO);
    }
  }
}

// A GIOP 1.0/1.1 reply body may start 4 bytes past an 8-byte boundary: the holder marshals
// a system exception again so that its bytes start at the exception and read the same.
TEST(ExceptionHolder, ASystemExceptionOffAnEightByteBoundaryIsMarshaledAgainFromItsStart) {
  OutputStream os;
  os.write_ulong(0xdeadbeef);  // the end of a reply header
  os.write_string("IDL:omg.org/CORBA/TRANSIENT:1.0");
  os.write_ulong(7);
  os.write_ulong(0);
  const Holder holder = CORBA::make_reference<Messaging::ExceptionHolder>(true, little, os.to_bytes(), 4);
  EXPECT_EQ(holder->rtorb_start(), 0u);
  EXPECT_EQ(holder->marshaled_exception(), system_exception("IDL:omg.org/CORBA/TRANSIENT:1.0", 7, 0));
  EXPECT_EQ(minor_of<CORBA::TRANSIENT>([&] { unmarshaled(marshaled(holder))->raise_exception(); }), 7u);
}

TEST(ExceptionHolder, CopyValueCopiesTheState) {
  const Holder holder = CORBA::make_reference<Messaging::ExceptionHolder>(
      true, little, system_exception("IDL:omg.org/CORBA/TIMEOUT:1.0", 1, 0));
  const auto copy = IDL::traits<Messaging::ExceptionHolder>::narrow(holder->_copy_value());
  ASSERT_TRUE(copy);
  EXPECT_NE(copy.shared().get(), holder.shared().get());
  EXPECT_EQ(copy->marshaled_exception(), holder->marshaled_exception());
  EXPECT_EQ(minor_of<CORBA::TIMEOUT>([&] { copy->raise_exception(); }), 1u);
}

TEST(ExceptionHolder, BytesThatAreNoExceptionRaiseMarshal) {
  const Holder holder = CORBA::make_reference<Messaging::ExceptionHolder>(true, little, Bytes{0xff, 0xff});
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { holder->raise_exception(); }), rtorb::minor::marshal_truncated);
  const Holder user = CORBA::make_reference<Messaging::ExceptionHolder>(false, little, Bytes{});
  EXPECT_THROW(user->raise_exception(), CORBA::MARSHAL);
}

TEST(ExceptionHolder, AStateCutShortRaisesMarshal) {
  Bytes wire = marshaled(CORBA::make_reference<Messaging::ExceptionHolder>(
      true, little, system_exception("IDL:omg.org/CORBA/TIMEOUT:1.0", 1, 0)));
  wire.resize(wire.size() - 3);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { unmarshaled(wire); }), rtorb::minor::marshal_length_too_large);
}

TEST(ExceptionHolder, EveryOrbHasItsFactory) {
  int argc = 1;
  char name[] = "exception_holder_test";
  char* argv[] = {name, nullptr};
  auto orb = CORBA::ORB_init(argc, argv, "exception-holder-factory");
  const auto factory = orb->lookup_value_factory(std::string(holder_id));
  ASSERT_TRUE(factory);
  const auto made = IDL::traits<Messaging::ExceptionHolder>::narrow(factory->create_for_unmarshal());
  EXPECT_TRUE(made);
  orb->destroy();
}

TEST(ExceptionHolder, HasTheSpecsTypeCode) {
  const auto& tc = IDL::traits<Messaging::ExceptionHolder>::type_code();
  EXPECT_EQ(tc->kind(), rtorb::cdr::TCKind::tk_value);
  EXPECT_EQ(tc->id(), holder_id);
  ASSERT_EQ(tc->member_count(), 3u);
  EXPECT_EQ(tc->member_name(0), "is_system_exception");
  EXPECT_EQ(tc->member_name(2), "marshaled_exception");
  EXPECT_EQ(tc->member_visibility(1), 0);  // private, as the spec declares them
}

}  // namespace
