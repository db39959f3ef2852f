// Custom value types (tests/idl/custom_values.idl): the value's marshal and unmarshal write
// and read its state through the data streams, chunked on the wire, and bad custom streams
// (cut short, a cycle back into a value still unmarshaling, no factory) are MARSHAL.
#include <gtest/gtest.h>

#include <rtorb/cdr/value_codec.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/corba/raise.hpp>
#include <functional>
#include <string>
#include <vector>

#include "core/orb_parts.hpp"
#include "custom_valuesC.h"

namespace {

using DataOut = IDL::traits<CORBA::DataOutputStream>::ref_type;
using DataIn = IDL::traits<CORBA::DataInputStream>::ref_type;
using TemperatureRef = IDL::traits<CustomValues::Temperature>::ref_type;
using ReadingRef = IDL::traits<CustomValues::Reading>::ref_type;

class TemperatureImpl final : public OBV_CustomValues::Temperature {
 public:
  TemperatureImpl() = default;
  TemperatureImpl(double celsius, std::string where) : OBV_CustomValues::Temperature(celsius, std::move(where)) {}
  void marshal(const DataOut& os) override {
    os->write_string(where());  // not the declaration order: the value decides
    os->write_double(celsius());
  }
  void unmarshal(const DataIn& is) override {
    where(is->read_string());
    celsius(is->read_double());
  }
  CORBA::ValueBase::_ref_type _copy_value() const override {
    return CORBA::make_reference<TemperatureImpl>(celsius(), where());
  }
};

class ReadingImpl final : public OBV_CustomValues::Reading {
 public:
  void marshal(const DataOut& os) override {
    os->write_Value(temperature());
    os->write_ulong(static_cast<std::uint32_t>(samples().size()));
    os->write_long_array(samples(), 0, static_cast<std::uint32_t>(samples().size()));
    os->write_Value(previous());
    os->write_boolean(true);  // an end marker: everything before it was read in step
  }
  void unmarshal(const DataIn& is) override {
    temperature(IDL::traits<CustomValues::Temperature>::narrow(is->read_Value()));
    const std::uint32_t count = is->read_ulong();
    is->read_long_array(samples(), 0, count);
    previous(IDL::traits<CustomValues::Reading>::narrow(is->read_Value()));
    if (!is->read_boolean()) rtorb::raise<CORBA::MARSHAL>(0, "Reading: no end marker");
  }
  CORBA::ValueBase::_ref_type _copy_value() const override {
    auto copy = CORBA::make_reference<ReadingImpl>();
    copy->temperature(temperature());
    copy->samples(samples());
    copy->previous(previous());
    return copy;
  }
};

template <class V, class Init>
class Factory final : public Init {
 public:
  CORBA::ValueBase::_ref_type create_for_unmarshal() override { return CORBA::make_reference<V>(); }
};

struct CustomValuesTest : ::testing::Test {
  CORBA::object_reference<CORBA::ORB> orb = [] {
    std::string program = "idl_values_tests";
    std::vector<char*> argv = {program.data(), nullptr};
    int argc = 1;
    return CORBA::ORB_init(argc, argv.data(), "custom-values-test");
  }();
  rtorb::cdr::InputOptions options;

  CustomValuesTest() {
    orb->register_value_factory(IDL::traits<CustomValues::Temperature>::repository_id,
                                CORBA::make_reference<Factory<TemperatureImpl, CustomValues::Temperature_init>>());
    orb->register_value_factory(IDL::traits<CustomValues::Reading>::repository_id,
                                CORBA::make_reference<Factory<ReadingImpl, CustomValues::Reading_init>>());
    options.references = &rtorb::orb::context_of(*orb);
  }
  ~CustomValuesTest() override { orb->destroy(); }

  std::vector<std::uint8_t> encode(const ReadingRef& r) const {
    rtorb::cdr::OutputStream os;
    rtorb::cdr::write(os, r);
    return os.to_bytes();
  }
  ReadingRef decode(const std::vector<std::uint8_t>& bytes) const {
    rtorb::cdr::InputStream is(bytes, rtorb::cdr::native_byte_order, options);
    ReadingRef r;
    rtorb::cdr::Codec<ReadingRef>::read(is, r);
    return r;
  }
  static void expect_marshal(const std::function<void()>& f, std::uint32_t minor) {
    try {
      f();
      FAIL() << "no MARSHAL";
    } catch (const CORBA::MARSHAL& e) {
      EXPECT_EQ(e.minor(), minor) << e.what();
    }
  }
};

ReadingRef reading(double celsius, std::vector<std::int32_t> samples, ReadingRef previous = nullptr) {
  auto r = CORBA::make_reference<ReadingImpl>();
  r->temperature(CORBA::make_reference<TemperatureImpl>(celsius, "lab"));
  r->samples(std::move(samples));
  r->previous(std::move(previous));
  return r;
}

TEST_F(CustomValuesTest, ACustomValueRoundTripsThroughItsMarshalAndUnmarshal) {
  const ReadingRef first = reading(20.5, {1, 2, 3});
  const ReadingRef second = reading(21.0, {}, first);
  second->temperature(first->temperature());  // shared inside the custom state
  const ReadingRef back = decode(encode(second));
  ASSERT_TRUE(back);
  EXPECT_TRUE(back->samples().empty());
  ASSERT_TRUE(back->temperature());
  EXPECT_DOUBLE_EQ(back->temperature()->celsius(), 20.5);
  EXPECT_EQ(back->temperature()->where(), "lab");
  ASSERT_TRUE(back->previous());
  EXPECT_EQ(back->previous()->samples(), (CustomValues::Longs{1, 2, 3}));
  EXPECT_TRUE(back->previous()->temperature() == back->temperature());  // still one value
}

TEST_F(CustomValuesTest, ACustomValueIsChunkedOnTheWire) {
  const auto bytes = encode(reading(1.0, {7}));
  ASSERT_GE(bytes.size(), 4u);
  rtorb::cdr::InputStream is(bytes, rtorb::cdr::native_byte_order);
  const std::uint32_t tag = is.read_ulong();
  EXPECT_NE(tag & rtorb::cdr::value_tag_chunked, 0u);
}

TEST_F(CustomValuesTest, AStreamCutShortIsMarshal) {
  const auto bytes = encode(reading(1.0, {1, 2, 3, 4}));
  for (std::size_t cut = 1; cut < bytes.size(); cut += 3) {
    const std::vector<std::uint8_t> part(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(cut));
    try {
      (void)decode(part);
      ADD_FAILURE() << "decoded " << cut << " of " << bytes.size() << " bytes";
    } catch (const CORBA::MARSHAL&) {
    }
  }
}

TEST_F(CustomValuesTest, ACycleBackIntoACustomValueStillUnmarshalingIsMarshal) {
  const ReadingRef r = reading(3.0, {1});
  r->previous(r);  // its marshal writes an indirection to itself
  const auto bytes = encode(r);
  r->previous(nullptr);
  expect_marshal([&] { (void)decode(bytes); }, rtorb::minor::marshal_bad_value_indirection);
}

TEST_F(CustomValuesTest, ACustomValueWithoutItsFactoryIsMarshal) {
  const auto bytes = encode(reading(1.0, {1}));
  orb->unregister_value_factory(IDL::traits<CustomValues::Reading>::repository_id);
  expect_marshal([&] { (void)decode(bytes); }, rtorb::minor::marshal_no_value_factory);
}

TEST_F(CustomValuesTest, ArrayRangesOutsideTheSequenceAreBadParam) {
  class Overreaching final : public OBV_CustomValues::Temperature {
   public:
    void marshal(const DataOut& os) override { os->write_long_array({1, 2}, 1, 2); }
    void unmarshal(const DataIn&) override {}
    CORBA::ValueBase::_ref_type _copy_value() const override { return nullptr; }
  };
  rtorb::cdr::OutputStream os;
  try {
    rtorb::cdr::write(os, TemperatureRef(CORBA::make_reference<Overreaching>()));
    FAIL() << "no BAD_PARAM";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::bad_param_data_stream_range);
  }
}

TEST_F(CustomValuesTest, AStreamKeptPastMarshalIsBadInvOrder) {
  class Keeper final : public OBV_CustomValues::Temperature {
   public:
    void marshal(const DataOut& os) override { kept = os; }
    void unmarshal(const DataIn&) override {}
    CORBA::ValueBase::_ref_type _copy_value() const override { return nullptr; }
    DataOut kept;
  };
  const auto keeper = CORBA::make_reference<Keeper>();
  rtorb::cdr::OutputStream os;
  rtorb::cdr::write(os, TemperatureRef(keeper));
  ASSERT_TRUE(keeper->kept);
  try {
    keeper->kept->write_long(1);
    FAIL() << "no BAD_INV_ORDER";
  } catch (const CORBA::BAD_INV_ORDER& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::bad_inv_order_data_stream_closed);
  }
}

}  // namespace
