// any: insertion/extraction, wire form, re-marshaling, and the TypeCode-driven walker.
#include "test_bytes.hpp"

#include <rtorb/cdr/any.hpp>
#include <rtorb/cdr/fixed.hpp>
#include <rtorb/cdr/object_reference.hpp>
#include <rtorb/cdr/value_codec.hpp>

namespace rtorb::cdr {
namespace {

using namespace testing;

struct Pair {
  std::int16_t a = 0;
  std::string b;
  friend bool operator==(const Pair&, const Pair&) = default;
};

}  // namespace

template <>
struct Codec<Pair> {
  static constexpr std::size_t min_size = 6;
  static void write(OutputStream& os, const Pair& p) {
    os.write_short(p.a);
    os.write_string(p.b);
  }
  static void read(InputStream& is, Pair& p) {
    p.a = is.read_short();
    p.b = is.read_string();
  }
};

namespace {

TypeCodeRef pair_type() {
  return TypeCode::structure("IDL:Pair:1.0", "Pair",
                             {{"a", TypeCode::basic(TCKind::tk_short)}, {"b", TypeCode::string()}});
}

template <class T>
void expect_basic_round_trip(const T& value) {
  Any any;
  any.insert(value);
  T back{};
  EXPECT_TRUE(any.extract(back));
  EXPECT_EQ(back, value);
  // And through the wire, starting at an odd offset so the value must be realigned.
  OutputStream os;
  os.write_octet(9);
  write_any(os, any);
  const Bytes b = os.to_bytes();
  InputStream is(b, native_byte_order);
  is.read_octet();
  const Any wire = read_any(is);
  EXPECT_EQ(is.remaining(), 0u);
  T again{};
  EXPECT_TRUE(wire.extract(again));
  EXPECT_EQ(again, value);
}

TEST(Any, InsertsAndExtractsEveryBasicType) {
  expect_basic_round_trip(true);
  expect_basic_round_trip('c');
  expect_basic_round_trip(L'\x20AC');
  expect_basic_round_trip(std::uint8_t{200});
  expect_basic_round_trip(std::int16_t{-3});
  expect_basic_round_trip(std::uint16_t{65000});
  expect_basic_round_trip(std::int32_t{-70000});
  expect_basic_round_trip(std::uint32_t{4000000000u});
  expect_basic_round_trip(std::int64_t{-1} << 40);
  expect_basic_round_trip(std::uint64_t{1} << 63);
  expect_basic_round_trip(1.25f);
  expect_basic_round_trip(-2.5);
  expect_basic_round_trip(0.1L);
  expect_basic_round_trip(std::string("text"));
  expect_basic_round_trip(std::wstring(L"wide \x4e2d"));
}

TEST(Any, ExtractionChecksTheType) {
  Any any;
  any.insert(std::int32_t{5});
  std::int16_t s = 0;
  EXPECT_FALSE(any.extract(s));
  std::string text;
  EXPECT_FALSE(any.extract(text));
  std::int32_t l = 0;
  EXPECT_TRUE(any.extract(l, *TypeCode::alias("IDL:L:1.0", "L", TypeCode::basic(TCKind::tk_long))));
  EXPECT_EQ(l, 5);
}

TEST(Any, HoldsAnyTypeWithACodecAndATypeCode) {
  Any any;
  any.insert(Pair{7, "seven"}, pair_type());
  Pair back;
  EXPECT_TRUE(any.extract(back, *pair_type()));
  EXPECT_EQ(back, (Pair{7, "seven"}));
  std::vector<Pair> many = {{1, "a"}, {2, "b"}};
  Any seq;
  seq.insert(many, TypeCode::sequence(pair_type()));
  std::vector<Pair> back_many;
  EXPECT_TRUE(seq.extract(back_many, *TypeCode::sequence(pair_type())));
  EXPECT_EQ(back_many, many);
}

TEST(Any, DecodesAHandWrittenBigEndianAny) {
  // TypeCode tk_long, then the long 42.
  InputStream be = big_endian({0, 0, 0, 3, 0, 0, 0, 42});
  std::int32_t v = 0;
  EXPECT_TRUE(read_any(be).extract(v));
  EXPECT_EQ(v, 42);
  // TypeCode tk_string then "ok"; TypeCode tk_short then -2, little-endian.
  InputStream le = little_endian({18, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 'o', 'k', 0});
  std::string s;
  EXPECT_TRUE(read_any(le).extract(s));
  EXPECT_EQ(s, "ok");
}

TEST(Any, ReMarshalsForeignByteOrderIntoNativeStorage) {
  // any(sequence<ulong>{1, 2}) big-endian: kind 19, encapsulation, count, elements.
  Bytes b;
  put_be32(b, 19);
  put_be32(b, 12);
  b.insert(b.end(), {0, 0, 0, 0});
  put_be32(b, 5);
  put_be32(b, 0);
  put_be32(b, 2);
  put_be32(b, 1);
  put_be32(b, 2);
  InputStream is = big_endian(b);
  const Any any = read_any(is);
  EXPECT_EQ(any.byte_order(), native_byte_order);
  std::vector<std::uint32_t> v;
  EXPECT_TRUE(any.extract(v, *TypeCode::sequence(TypeCode::basic(TCKind::tk_ulong))));
  EXPECT_EQ(v, (std::vector<std::uint32_t>{1, 2}));
}

TEST(Any, NestsAnysAndTypeCodes) {
  Any inner;
  inner.insert(std::string("deep"));
  Any outer;
  outer.insert(inner);
  Any tc_any;
  tc_any.insert(pair_type());
  OutputStream os;
  write_any(os, outer);
  write_any(os, tc_any);
  const Bytes b = os.to_bytes();
  InputStream is(b, native_byte_order);
  Any back_outer = read_any(is);
  Any back_inner;
  ASSERT_TRUE(back_outer.extract(back_inner));
  std::string s;
  EXPECT_TRUE(back_inner.extract(s));
  EXPECT_EQ(s, "deep");
  TypeCodeRef tc;
  EXPECT_TRUE(read_any(is).extract(tc));
  EXPECT_TRUE(tc->equal(*pair_type()));
}

TEST(Any, ThousandDeepNestedAnysRaiseNestingTooDeep) {
  Bytes b;
  for (int i = 0; i < 1000; ++i) put_be32(b, static_cast<std::uint32_t>(TCKind::tk_any));
  put_be32(b, 3);
  put_be32(b, 1);
  InputStream is = big_endian(b);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { read_any(is); }), minor::marshal_nesting_too_deep);
}

// struct Node { long v; sequence<Node> kids; } holding 1 { 2 {}, 3 { 4 {} } }.
TEST(Any, WalksRecursiveValues) {
  const auto node = TypeCode::structure(
      "IDL:Node:1.0", "Node",
      {{"v", TypeCode::basic(TCKind::tk_long)},
       {"kids", TypeCode::sequence(TypeCode::recursive(TCKind::tk_struct, "IDL:Node:1.0"))}});
  Any any;
  any.set(node, [](OutputStream& os) {
    os.write_long(1);
    os.write_ulong(2);
    os.write_long(2);
    os.write_ulong(0);
    os.write_long(3);
    os.write_ulong(1);
    os.write_long(4);
    os.write_ulong(0);
  });
  OutputStream os(giop(2));
  os.write_octet(0);
  write_any(os, any);
  const Bytes b = os.to_bytes();
  InputStream is(b, native_byte_order);
  is.read_octet();
  const Any back = read_any(is);
  EXPECT_TRUE(back.type()->equal(*node));
  EXPECT_EQ(back.value_bytes().size(), 32u);
}

TEST(Any, WalksUnionsIncludingTheDefaultAndNoMember) {
  const auto color = TypeCode::enumeration("IDL:Color:1.0", "Color", {"red", "green", "blue"});
  const auto u = TypeCode::union_type("IDL:U:1.0", "U", color,
                                      {{"r", TypeCode::basic(TCKind::tk_double), 0}, {"g", TypeCode::string(), 1}});
  const auto d = TypeCode::union_type("IDL:D:1.0", "D", TypeCode::basic(TCKind::tk_short),
                                      {{"one", TypeCode::basic(TCKind::tk_octet), 1}, {"other", TypeCode::string(), 0}}, 1);
  const auto check = [](const TypeCodeRef& tc, const std::function<void(OutputStream&)>& value, std::size_t size) {
    Any any;
    any.set(tc, value);
    OutputStream os;
    write_any(os, any);
    const Bytes b = os.to_bytes();
    InputStream is(b, native_byte_order);
    EXPECT_EQ(read_any(is).value_bytes().size(), size);
  };
  check(u, [](OutputStream& os) { os.write_ulong(0); os.write_double(1.0); }, 16);
  check(u, [](OutputStream& os) { os.write_ulong(1); os.write_string("g"); }, 10);
  check(u, [](OutputStream& os) { os.write_ulong(2); }, 4);  // blue: no member
  check(d, [](OutputStream& os) { os.write_short(1); os.write_octet(9); }, 3);
  check(d, [](OutputStream& os) { os.write_short(77); os.write_string("x"); }, 10);
  Any bad;
  bad.set(u, [](OutputStream& os) { os.write_ulong(3); });
  InputStream is = bad.value_stream();
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { skip_value(is, *u); }), minor::marshal_bad_union_discriminator);
}

TEST(Any, EnforcesBoundsAndEnumRangesWhileWalking) {
  Any any;
  any.set(TypeCode::string(2), [](OutputStream& os) { os.write_string("abc"); });
  InputStream a = any.value_stream();
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { skip_value(a, *TypeCode::string(2)); }), minor::marshal_bound_exceeded);
  const auto color = TypeCode::enumeration("IDL:Color:1.0", "Color", {"red"});
  InputStream e = big_endian({0, 0, 0, 1});
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { skip_value(e, *color); }), minor::marshal_bad_enum);
}

TEST(Any, RejectsSequenceCountsNearTwoToThe32) {
  for (std::uint32_t count : {0xFFFFFFFFu, 0xFFFFFFF0u}) {
    Bytes b;
    put_be32(b, count);
    b.insert(b.end(), {1, 2, 3, 4});
    for (const TypeCodeRef& element : {TypeCode::basic(TCKind::tk_octet), TypeCode::string(),
                                       TypeCode::structure("", "", {})}) {
      InputStream is = big_endian(b);
      const std::uint32_t m = minor_of<CORBA::MARSHAL>([&] { skip_value(is, *TypeCode::sequence(element)); });
      EXPECT_TRUE(m == minor::marshal_length_too_large || m == minor::marshal_limit_exceeded) << m;
    }
  }
}

TEST(Any, RejectsHugeArraysBeforeLooping) {
  const auto huge = TypeCode::array(TypeCode::array(TypeCode::basic(TCKind::tk_long), 0xFFFFFFFF), 0xFFFFFFFF);
  InputStream is = big_endian({0, 0, 0, 1});
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { skip_value(is, *huge); }), minor::marshal_truncated);
  const auto empty = TypeCode::array(TypeCode::structure("", "", {}), 0xFFFFFFFF);
  InputStream none = big_endian({});
  EXPECT_NO_THROW(skip_value(none, *empty));  // encodes to nothing: no loop at all
}

// Found by fuzzing: an empty sequence<long long> has no padding after its count, and the
// walker must not skip any, or a copied value no longer decodes under its own TypeCode.
TEST(Any, WalksEmptySequencesOfEightByteElementsWithoutPadding) {
  const auto inner = TypeCode::sequence(TypeCode::basic(TCKind::tk_longlong));
  const auto outer = TypeCode::sequence(inner);
  const std::vector<std::vector<std::int64_t>> value{{}, {7}, {}, {}};
  OutputStream os;
  os.write_octet(0);
  write_sequence(os, value);
  const auto bytes = os.to_bytes();
  // octet, pad, outer count, empty count ending at 12 (not 8-aligned: no padding follows),
  // count, the long long at 16, two empty counts.
  ASSERT_EQ(bytes.size(), 32u);

  InputStream skip(bytes, native_byte_order);
  skip.read_octet();
  skip_value(skip, *outer);
  EXPECT_EQ(skip.remaining(), 0u);

  InputStream from(bytes, native_byte_order);
  from.read_octet();
  OutputStream copy;
  copy.write_octet(0);
  copy_value(from, copy, *outer);
  EXPECT_EQ(copy.to_bytes(), bytes);
}

TEST(Any, CopiesWideStringsBetweenGiopVersions) {
  const auto tc = TypeCode::wstring();
  OutputStream v11(giop(1));
  v11.write_wstring(L"\x00e9t\x00e9");
  const Bytes b = v11.to_bytes();
  InputOptions o;
  o.giop_minor = 1;
  InputStream in(b, native_byte_order, o);
  OutputStream v12(giop(2));
  copy_value(in, v12, *tc);
  const Bytes out = v12.to_bytes();
  EXPECT_EQ(out.size(), 4u + 6);  // octet length, three big-endian units, no NUL
  EXPECT_EQ(InputStream(out, native_byte_order).read_wstring(), L"\x00e9t\x00e9");
}

TEST(Any, CopiesLongDoubleAndFixedLosslessly) {
  // A binary128 with more precision than x87 holds survives a copy bit for bit.
  Bytes b = {0x3F, 0xFF, 0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0xDE, 0xF0, 0x11, 0x22, 0x33, 0x44, 0x55, 0x67,
             0x12, 0x34, 0x5C};
  InputStream in = big_endian(b);
  OutputStream os;
  copy_value(in, os, *TypeCode::basic(TCKind::tk_longdouble));
  copy_value(in, os, *TypeCode::fixed(5, 2));
  Bytes out = os.to_bytes();
  ASSERT_EQ(out.size(), 19u);
  if (native_byte_order == ByteOrder::little_endian) std::reverse(out.begin(), out.begin() + 16);
  EXPECT_EQ(out, b);
}

// An abstract interface's value, hand-written the way rtorb-idl writes value types.
class Square : public virtual CORBA::ValueBase {
 public:
  double side = 0;
  static const ValueTypeInfo& rtorb_value_info() noexcept {
    static constexpr ValueTypeInfo info{"IDL:Test/Square:1.0"};
    return info;
  }
  _ref_type _copy_value() const override { return CORBA::make_reference<Square>(*this); }
  const ValueTypeInfo& rtorb_type() const noexcept override { return rtorb_value_info(); }
  void rtorb_write_state(OutputStream& os) const override { os.write_double(side); }
  void rtorb_read_state(InputStream& is) override {
    value_member_boundary(is);
    side = is.read_double();
  }
};

class SquareFactory : public CORBA::ValueFactoryBase {
 public:
  CORBA::ValueBase::_ref_type create_for_unmarshal() override { return CORBA::make_reference<Square>(); }
};

// What an ORB that registered a Square factory answers (InputOptions::value_factories).
CORBA::object_reference<CORBA::ValueFactoryBase> square_factories(const InputStream&, const std::string& id) {
  if (id == Square::rtorb_value_info().repository_id) return CORBA::make_reference<SquareFactory>();
  return nullptr;
}

TypeCodeRef shape_type() {
  return TypeCode::interface(TCKind::tk_abstract_interface, "IDL:Test/Shape:1.0", "Shape");
}

// The union of 9.3.7 in native order: FALSE and a Square of side `side`.
Bytes square_union(double side) {
  Square square;
  square.side = side;
  OutputStream os;
  os.write_boolean(false);
  write_value(os, &square);
  return os.to_bytes();
}

InputStream with_factories(const Bytes& b, ValueFactoryLookup factories) {
  InputOptions o;
  o.value_factories = factories;
  return InputStream(keep(b), native_byte_order, o);
}

TEST(Any, AnAbstractInterfaceTypeCodeIsKind32WithIdAndName) {
  OutputStream os;
  write_type_code(os, *shape_type());
  const Bytes b = os.to_bytes();
  InputStream is(keep(b), native_byte_order);
  EXPECT_EQ(is.read_ulong(), 32u);  // tk_abstract_interface
  InputStream again(keep(b), native_byte_order);
  const TypeCodeRef back = read_type_code(again);
  EXPECT_EQ(again.remaining(), 0u);
  EXPECT_EQ(back->kind(), TCKind::tk_abstract_interface);
  EXPECT_EQ(back->id(), "IDL:Test/Shape:1.0");
  EXPECT_EQ(back->name(), "Shape");
  EXPECT_TRUE(back->equal(*shape_type()));
}

TEST(Any, AMalformedAbstractInterfaceTypeCodeRaisesMarshal) {
  // The encapsulation claims more bytes than there are.
  InputStream is = big_endian({0, 0, 0, 32, 0, 0, 0, 40, 0, 0, 0, 0});
  EXPECT_NE(minor_of<CORBA::MARSHAL>([&] { read_type_code(is); }), 0u);
  // The encapsulation ends inside its repository id.
  InputStream cut = big_endian({0, 0, 0, 32, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 20});
  EXPECT_NE(minor_of<CORBA::MARSHAL>([&] { read_type_code(cut); }), 0u);
}

TEST(Any, WalksAnAbstractInterfaceHoldingAReference) {
  OutputStream os;
  os.write_boolean(true);
  write_ior(os, IorData{"IDL:Test/Circle:1.0", {}});
  const Bytes b = os.to_bytes();
  InputStream skip(keep(b), native_byte_order);
  EXPECT_FALSE(skip_value(skip, *shape_type()));
  EXPECT_EQ(skip.remaining(), 0u);
  InputStream in(keep(b), native_byte_order);
  OutputStream out;
  copy_value(in, out, *shape_type());
  EXPECT_EQ(out.to_bytes(), b);
}

TEST(Any, WalksAnAbstractInterfaceHoldingNil) {
  const Bytes b = {0, 0, 0, 0, 0, 0, 0, 0};  // FALSE, padding, the null value tag
  InputStream in(keep(b), native_byte_order);
  OutputStream out;
  copy_value(in, out, *shape_type());
  EXPECT_EQ(out.to_bytes(), b);
}

TEST(Any, WalksAnAbstractInterfaceHoldingAValueThroughTheOrbsFactories) {
  const Bytes b = square_union(2.5);
  InputStream skip = with_factories(b, &square_factories);
  EXPECT_TRUE(skip_value(skip, *shape_type()));  // a value: the any re-marshals it
  EXPECT_EQ(skip.remaining(), 0u);
  InputStream in = with_factories(b, &square_factories);
  OutputStream out;
  copy_value(in, out, *shape_type());
  EXPECT_EQ(out.to_bytes(), b);
}

TEST(Any, AnAbstractInterfaceValueNoFactoryMakesRaisesMarshal) {
  InputStream none(keep(square_union(1)), native_byte_order);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { skip_value(none, *shape_type()); }), minor::marshal_no_value_factory);
}

TEST(Any, AnAbstractInterfaceDiscriminatorOtherThanABooleanRaisesMarshal) {
  InputStream is = big_endian({2, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { skip_value(is, *shape_type()); }),
            minor::marshal_bad_union_discriminator);
}

// The any on the wire: the TypeCode (kind 32), then the union; read back through the
// factories of the stream's ORB, and written again from a stream at another alignment.
TEST(Any, AnAnyHoldingAnAbstractInterfaceValueCrossesTheWire) {
  const Bytes value = square_union(4);
  Any any;
  any.assign(shape_type(), value, native_byte_order, OutputOptions{});
  OutputStream os;
  os.write_octet(1);  // so that the value lands off its 8-byte layout and is re-marshaled
  any.set_references(nullptr, &square_factories);
  write_any(os, any);
  const Bytes b = os.to_bytes();
  InputStream is = with_factories(b, &square_factories);
  is.read_octet();
  const Any back = read_any(is);
  EXPECT_EQ(is.remaining(), 0u);
  EXPECT_EQ(back.type()->kind(), TCKind::tk_abstract_interface);
  InputStream held = back.value_stream();
  EXPECT_FALSE(held.read_boolean());
  const auto read = read_value(held, Square::rtorb_value_info(), nullptr, &square_factories);
  const auto* square = dynamic_cast<const Square*>(read.shared().get());
  ASSERT_NE(square, nullptr);
  EXPECT_EQ(square->side, 4);
}

// An any made in this process from a value (Any::local_value) is written from the object.
TEST(Any, AnAbstractInterfaceValueMadeHereIsWrittenFromTheObject) {
  auto square = CORBA::make_reference<Square>();
  square->side = 3;
  Any any;
  any.assign(shape_type(), square_union(3), native_byte_order, OutputOptions{});
  any.set_local_value(square);
  OutputStream os;
  os.write_octet(1);
  write_any(os, any);  // off its layout, and no factories known: the object writes itself
  InputStream is = with_factories(os.to_bytes(), &square_factories);
  is.read_octet();
  const Any back = read_any(is);
  EXPECT_EQ(is.remaining(), 0u);
  EXPECT_FALSE(back.local_value());
}

TEST(Any, AValueBoxIsCopiedAndByteSwapped) {
  const auto box = TypeCode::value_box("IDL:Box:1.0", "Box", TypeCode::string());
  // A struct of two boxes: a tag with one id, "IDL:Box:1.0", the boxed string "hi"; then
  // the same box again (an indirection).
  Bytes b = {0x7f, 0xff, 0xff, 0x02, 0, 0, 0, 12, 'I', 'D', 'L', ':', 'B', 'o', 'x', ':', '1', '.', '0', 0,
             0, 0, 0, 3, 'h', 'i', 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe0};
  const auto pair = TypeCode::structure("IDL:Pair:1.0", "Pair", {{"a", box}, {"b", box}});
  InputStream in = big_endian(b);
  OutputStream os;
  copy_value(in, os, *pair);
  EXPECT_EQ(in.remaining(), 0u);
  InputStream back(keep(os.to_bytes()), native_byte_order);
  EXPECT_EQ(back.read_ulong(), 0x7fffff02u);
  EXPECT_EQ(back.read_string(), "IDL:Box:1.0");
  EXPECT_EQ(back.read_string(), "hi");
  EXPECT_EQ(back.read_ulong(), 0xffffffffu);
  EXPECT_EQ(back.read_long(), -32);
}

TEST(Any, AValueInsideAnAnyMayNotPointOutsideIt) {
  const auto box = TypeCode::value_box("IDL:Box:1.0", "Box", TypeCode::string());
  InputStream in = big_endian({0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf8});
  in.skip(4);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { skip_value(in, *box); }), minor::marshal_bad_value_indirection);
}

}  // namespace
}  // namespace rtorb::cdr
