// Enums, sequences, arrays, structs, unions, encapsulations and IORs.
#include "test_bytes.hpp"

#include <rtorb/cdr/codec.hpp>
#include <rtorb/cdr/object_reference.hpp>
#include <rtorb/cdr/union.hpp>

#include <array>
#include <string>
#include <variant>

namespace rtorb::cdr {

enum class Color : std::uint32_t { red, green, blue };
template <>
struct EnumTraits<Color> {
  static constexpr std::uint32_t count = 3;
};

// struct Point { octet tag; long x; short y; };
struct Point {
  std::uint8_t tag = 0;
  std::int32_t x = 0;
  std::int16_t y = 0;
  friend bool operator==(const Point&, const Point&) = default;
};
template <>
struct Codec<Point> {
  static constexpr std::size_t min_size = 7;
  static void write(OutputStream& os, const Point& p) {
    os.write_octet(p.tag);
    os.write_long(p.x);
    os.write_short(p.y);
  }
  static void read(InputStream& is, Point& p) {
    p.tag = is.read_octet();
    p.x = is.read_long();
    p.y = is.read_short();
  }
};

// union Shape switch (long) { case 1: double radius; case 2: case 3: long side; default: string name; };
struct Shape {
  std::int32_t d = 1;
  std::variant<double, std::int32_t, std::string> value;
  friend bool operator==(const Shape&, const Shape&) = default;
};
template <>
struct Codec<Shape> {
  static constexpr std::size_t min_size = 4;
  static void write(OutputStream& os, const Shape& s) {
    os.write_long(s.d);
    switch (s.d) {
      case 1: os.write_double(std::get<double>(s.value)); break;
      case 2: case 3: os.write_long(std::get<std::int32_t>(s.value)); break;
      default: os.write_string(std::get<std::string>(s.value));
    }
  }
  static void read(InputStream& is, Shape& s) {
    s.d = is.read_long();
    switch (s.d) {
      case 1: s.value = is.read_double(); break;
      case 2: case 3: s.value = is.read_long(); break;
      default: s.value = is.read_string();
    }
  }
};

// union Flag switch (Color) { case red: long r; case green: short g; }  (no default; blue
// selects nothing, which is legal; anything past blue is not).
struct Flag {
  Color d = Color::red;
  std::int32_t r = 0;
  std::int16_t g = 0;
};
template <>
struct Codec<Flag> {
  static constexpr std::size_t min_size = 4;
  static void write(OutputStream& os, const Flag& f) {
    write(os, f.d);
    if (f.d == Color::red) os.write_long(f.r);
    if (f.d == Color::green) os.write_short(f.g);
  }
  static void read(InputStream& is, Flag& f) {
    f.d = read_union_discriminator(is, {Color::red, Color::green, Color::blue});
    if (f.d == Color::red) f.r = is.read_long();
    if (f.d == Color::green) f.g = is.read_short();
  }
  static void write(OutputStream& os, Color c) { Codec<Color>::write(os, c); }
};

namespace {

using namespace testing;

template <class T>
T round_trip(const T& value, ByteOrder order_check = native_byte_order) {
  OutputStream os;
  write(os, value);
  const Bytes b = os.to_bytes();
  InputStream is(b, order_check);
  T back = read<T>(is);
  EXPECT_EQ(is.remaining(), 0u);
  return back;
}

TEST(CdrEnum, RoundTripsAndRejectsOutOfRangeValues) {
  EXPECT_EQ(round_trip(Color::blue), Color::blue);
  EXPECT_EQ(read<Color>(*std::make_unique<InputStream>(big_endian({0, 0, 0, 1}))), Color::green);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] {
              InputStream is = big_endian({0, 0, 0, 3});
              read<Color>(is);
            }),
            minor::marshal_bad_enum);
}

TEST(CdrSequence, RoundTripsPrimitivesStringsAndStructs) {
  const std::vector<std::int32_t> longs = {1, -2, 3};
  EXPECT_EQ(round_trip(longs), longs);
  const std::vector<std::string> strings = {"a", "", "bcd"};
  EXPECT_EQ(round_trip(strings), strings);
  const std::vector<Point> points = {{1, 2, 3}, {4, 5, 6}};
  EXPECT_EQ(round_trip(points), points);
  const std::vector<std::vector<double>> nested = {{1.5}, {}, {2.5, 3.5}};
  EXPECT_EQ(round_trip(nested), nested);
  EXPECT_EQ(round_trip(std::vector<bool>{true, false}), (std::vector<bool>{true, false}));
}

TEST(CdrSequence, DecodesHandWrittenBytesInBothOrders) {
  InputStream be = big_endian({0, 0, 0, 2, 0, 1, 0, 2});
  std::vector<std::uint16_t> v;
  read_sequence(be, v);
  EXPECT_EQ(v, (std::vector<std::uint16_t>{1, 2}));
  InputStream le = little_endian({2, 0, 0, 0, 1, 0, 2, 0});
  read_sequence(le, v);
  EXPECT_EQ(v, (std::vector<std::uint16_t>{1, 2}));
}

TEST(CdrSequence, BoundIsEnforcedOnBothSides) {
  OutputStream os;
  EXPECT_EQ(minor_of<CORBA::BAD_PARAM>([&] { write_sequence(os, std::vector<std::int32_t>{1, 2, 3}, 2); }),
            minor::bad_param_bound_exceeded);
  write_sequence(os, std::vector<std::int32_t>{1, 2}, 2);
  const Bytes b = os.to_bytes();
  InputStream is(b, native_byte_order);
  std::vector<std::int32_t> v;
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { read_sequence(is, v, 1); }), minor::marshal_bound_exceeded);
}

TEST(CdrSequence, RejectsCountsNearTwoToThe32WithoutAllocating) {
  for (std::uint32_t count : {0xFFFFFFFFu, 0xFFFFFFF0u, 0x40000000u}) {
    Bytes b;
    put_be32(b, count);
    b.insert(b.end(), {0, 0, 0, 1});
    const std::uint32_t m = minor_of<CORBA::MARSHAL>([&] {
      InputStream is = big_endian(b);
      std::vector<std::int32_t> v;
      read_sequence(is, v);
    });
    EXPECT_TRUE(m == minor::marshal_length_too_large || m == minor::marshal_limit_exceeded) << m;
    EXPECT_NE(minor_of<CORBA::MARSHAL>([&] {
                InputStream is = big_endian(b);
                std::vector<std::string> v;
                read_sequence(is, v);
              }),
              0u);
  }
}

TEST(CdrArray, RoundTripsOneAndTwoDimensions) {
  const std::array<std::int16_t, 3> row = {1, 2, 3};
  EXPECT_EQ(round_trip(row), row);
  const std::array<std::array<std::int32_t, 2>, 3> matrix = {{{1, 2}, {3, 4}, {5, 6}}};
  EXPECT_EQ(round_trip(matrix), matrix);
  const std::array<std::string, 2> names = {"x", "yz"};
  EXPECT_EQ(round_trip(names), names);
}

TEST(CdrArray, MultiDimensionalArraysHaveNoCountsOnTheWire) {
  const std::array<std::array<std::uint8_t, 2>, 2> m = {{{1, 2}, {3, 4}}};
  OutputStream os;
  write(os, m);
  EXPECT_EQ(os.to_bytes(), (Bytes{1, 2, 3, 4}));
  InputStream is = big_endian({0, 1, 0, 2});
  const auto back = read<std::array<std::uint16_t, 2>>(is);
  EXPECT_EQ(back, (std::array<std::uint16_t, 2>{1, 2}));
}

TEST(CdrStruct, EncodesMembersWithTheirAlignment) {
  OutputStream os;
  write(os, Point{7, 0x01020304, 0x0506});
  const Bytes expected_le = {7, 0, 0, 0, 4, 3, 2, 1, 6, 5};
  if (native_byte_order == ByteOrder::little_endian) {
    EXPECT_EQ(os.to_bytes(), expected_le);
  }
  EXPECT_EQ(read<Point>(*std::make_unique<InputStream>(big_endian({7, 0, 0, 0, 1, 2, 3, 4, 5, 6}))),
            (Point{7, 0x01020304, 0x0506}));
}

TEST(CdrUnion, RoundTripsEachBranchAndTheDefault) {
  EXPECT_EQ(round_trip(Shape{1, 2.5}), (Shape{1, 2.5}));
  EXPECT_EQ(round_trip(Shape{3, std::int32_t{9}}), (Shape{3, std::int32_t{9}}));
  EXPECT_EQ(round_trip(Shape{42, std::string("blob")}), (Shape{42, std::string("blob")}));
  // Hand-written: discriminator 2, then long 7, big-endian.
  InputStream is = big_endian({0, 0, 0, 2, 0, 0, 0, 7});
  EXPECT_EQ(read<Shape>(is), (Shape{2, std::int32_t{7}}));
}

TEST(CdrUnion, RejectsADiscriminatorNoCaseNames) {
  OutputStream os;
  write(os, Flag{Color::green, 0, 5});
  const Bytes b = os.to_bytes();
  InputStream ok(b, native_byte_order);
  EXPECT_EQ(read<Flag>(ok).g, 5);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] {
              InputStream is = big_endian({0, 0, 0, 7});
              read_union_discriminator<std::uint32_t>(is, {0, 1});
            }),
            minor::marshal_bad_union_discriminator);
}

// --- encapsulations -------------------------------------------------------------------

TEST(CdrEncapsulation, DecodesEitherByteOrderFlag) {
  // ulong length 8, flag 1 (little-endian) + 3 pad + long 42, inside a big-endian stream.
  InputStream outer = big_endian({0, 0, 0, 8, 1, 0, 0, 0, 42, 0, 0, 0});
  InputStream inner = outer.read_encapsulation();
  EXPECT_EQ(inner.byte_order(), ByteOrder::little_endian);
  EXPECT_EQ(inner.read_long(), 42);
  InputStream outer2 = little_endian({8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 42});
  EXPECT_EQ(outer2.read_encapsulation().read_long(), 42);
}

TEST(CdrEncapsulation, RejectsABadByteOrderFlag) {
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] { big_endian({0, 0, 0, 1, 2}).read_encapsulation(); }),
            minor::marshal_bad_byte_order);
}

TEST(CdrEncapsulation, RejectsLengthsNearTwoToThe32) {
  for (std::uint32_t length : {0xFFFFFFFFu, 0xFFFFFFF0u}) {
    Bytes b;
    put_be32(b, length);
    b.push_back(0);
    EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { big_endian(b).read_encapsulation(); }),
              minor::marshal_length_too_large);
  }
}

TEST(CdrEncapsulation, RoundTripsNested) {
  OutputStream os;
  os.write_octet(1);
  const auto a = os.begin_encapsulation();
  os.write_string("outer");
  const auto b = os.begin_encapsulation();
  os.write_double(2.5);
  os.end_encapsulation(b);
  os.end_encapsulation(a);
  const Bytes bytes = os.to_bytes();
  InputStream is(bytes, native_byte_order);
  EXPECT_EQ(is.read_octet(), 1);
  InputStream first = is.read_encapsulation();
  EXPECT_EQ(first.read_string(), "outer");
  InputStream second = first.read_encapsulation();
  EXPECT_EQ(second.read_double(), 2.5);
  EXPECT_EQ(is.remaining(), 0u);
}

// Each level: ulong length, flag, 3 pad, then the next level.
Bytes nested_encapsulations(int depth) {
  Bytes inner = {0};
  for (int i = 0; i < depth; ++i) {
    Bytes outer = {0, 0, 0, 0};
    put_be32(outer, static_cast<std::uint32_t>(inner.size()));
    outer.insert(outer.end(), inner.begin(), inner.end());
    inner = std::move(outer);
  }
  return inner;
}

TEST(CdrEncapsulation, ThousandDeepNestingRaisesNestingTooDeep) {
  const Bytes b = nested_encapsulations(1000);
  // Top level: the buffer is itself an encapsulation whose first 4 bytes are flag + pad.
  InputStream is = big_endian(b);
  is.skip(4);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] {
              InputStream level = is.read_encapsulation();
              for (;;) {
                level.skip(3);
                level = level.read_encapsulation();
              }
            }),
            minor::marshal_nesting_too_deep);
}

// --- object references ----------------------------------------------------------------

TEST(IorData, RoundTripsAndDecodesHandWrittenBytes) {
  IorData ior{"IDL:A:1.0", {{0, {1, 2, 3}}, {7, {}}}};
  OutputStream os;
  write_ior(os, ior);
  const Bytes b = os.to_bytes();
  InputStream is(b, native_byte_order);
  EXPECT_EQ(read_ior(is), ior);
  // Nil reference: empty type id ("" with its NUL), no profiles.
  InputStream nil = big_endian({0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_TRUE(read_ior(nil).is_nil());
}

TEST(IorData, RejectsAProfileCountLargerThanTheData) {
  InputStream is = big_endian({0, 0, 0, 1, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xF0});
  const std::uint32_t m = minor_of<CORBA::MARSHAL>([&] { read_ior(is); });
  EXPECT_TRUE(m == minor::marshal_length_too_large || m == minor::marshal_limit_exceeded) << m;
}

}  // namespace
}  // namespace rtorb::cdr
