// TypeCodes: factories, comparison, CDR encoding with golden bytes, recursion, bad input.
#include "test_bytes.hpp"

#include <rtorb/cdr/type_code.hpp>

#include <limits>

namespace rtorb::cdr {
namespace {

using namespace testing;

TypeCodeRef tc_long() { return TypeCode::basic(TCKind::tk_long); }

// struct Node { long v; sequence<Node> kids; };
TypeCodeRef node_type() {
  return TypeCode::structure(
      "IDL:Node:1.0", "Node",
      {{"v", tc_long()}, {"kids", TypeCode::sequence(TypeCode::recursive(TCKind::tk_struct, "IDL:Node:1.0"))}});
}

TypeCodeRef round_trip(const TypeCodeRef& tc) {
  OutputStream os;
  os.write_octet(0);  // start the TypeCode at an unaligned offset
  write_type_code(os, *tc);
  const Bytes b = os.to_bytes();
  InputStream is(b, native_byte_order);
  is.read_octet();
  TypeCodeRef back = read_type_code(is);
  EXPECT_EQ(is.remaining(), 0u);
  return back;
}

TEST(TypeCode, BasicTypeCodesAreSharedConstants) {
  EXPECT_EQ(TypeCode::basic(TCKind::tk_long), TypeCode::basic(TCKind::tk_long));
  EXPECT_EQ(TypeCode::basic(TCKind::tk_string)->kind(), TCKind::tk_string);
  EXPECT_THROW(TypeCode::basic(TCKind::tk_struct), CORBA::BAD_TYPECODE);
}

TEST(TypeCode, AccessorsRaiseBadTypeCodeForTheWrongKind) {
  EXPECT_EQ(minor_of<CORBA::BAD_TYPECODE>([] { tc_long()->member_count(); }), minor::bad_typecode_wrong_kind);
  EXPECT_EQ(minor_of<CORBA::BAD_TYPECODE>([] { TypeCode::string()->content_type(); }),
            minor::bad_typecode_wrong_kind);
  EXPECT_EQ(minor_of<CORBA::BAD_TYPECODE>([] { node_type()->member_name(2); }), minor::bad_typecode_wrong_kind);
}

TEST(TypeCode, FactoriesRejectInconsistentArguments) {
  EXPECT_EQ(minor_of<CORBA::BAD_TYPECODE>([] { TypeCode::sequence(nullptr); }), minor::bad_typecode_bad_parameter);
  EXPECT_EQ(minor_of<CORBA::BAD_TYPECODE>([] { TypeCode::union_type("IDL:U:1.0", "U", TypeCode::string(), {}); }),
            minor::bad_typecode_bad_parameter);
  EXPECT_EQ(minor_of<CORBA::BAD_TYPECODE>([] { TypeCode::union_type("IDL:U:1.0", "U", tc_long(), {}, 0); }),
            minor::bad_typecode_bad_parameter);
  EXPECT_EQ(minor_of<CORBA::BAD_TYPECODE>([] { TypeCode::fixed(32, 0); }), minor::bad_typecode_bad_parameter);
}

TEST(TypeCode, EqualComparesNamesEquivalentIgnoresThemAndAliases) {
  const auto a = TypeCode::structure("", "A", {{"x", tc_long()}});
  const auto b = TypeCode::structure("", "B", {{"y", TypeCode::alias("IDL:L:1.0", "L", tc_long())}});
  EXPECT_FALSE(a->equal(*b));
  EXPECT_TRUE(a->equivalent(*b));
  EXPECT_TRUE(node_type()->equal(*node_type()));
  EXPECT_FALSE(TypeCode::string(5)->equivalent(*TypeCode::string()));
  const auto same_id_1 = TypeCode::structure("IDL:S:1.0", "S", {{"x", tc_long()}});
  const auto same_id_2 = TypeCode::structure("IDL:S:1.0", "S2", {{"x", TypeCode::basic(TCKind::tk_short)}});
  EXPECT_TRUE(same_id_1->equivalent(*same_id_2));  // equal repository ids decide
}

// sequence<long, 10>: kind 19, encapsulation length 12, flag, pad, kind 3, bound 10.
TEST(TypeCode, DecodesHandWrittenSequenceInBothOrders) {
  const Bytes be = {0, 0, 0, 19, 0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 10};
  const Bytes le = {19, 0, 0, 0, 12, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 10, 0, 0, 0};
  for (InputStream is : {big_endian(be), little_endian(le)}) {
    const TypeCodeRef tc = read_type_code(is);
    EXPECT_TRUE(tc->equal(*TypeCode::sequence(tc_long(), 10)));
  }
  OutputStream os;
  write_type_code(os, *TypeCode::sequence(tc_long(), 10));
  EXPECT_EQ(os.to_bytes(), native_byte_order == ByteOrder::big_endian ? be : le);
}

// omniORB 4.2 writes default_used -2 for a union whose labels cover the discriminator.
TEST(TypeCode, UnionDefaultIndexBelowMinusOneMeansNoDefault) {
  OutputStream os;
  os.write_ulong(static_cast<std::uint32_t>(TCKind::tk_union));
  const auto encapsulation = os.begin_encapsulation();
  os.write_string("IDL:U:1.0");
  os.write_string("U");
  os.write_ulong(static_cast<std::uint32_t>(TCKind::tk_boolean));
  os.write_long(-2);
  os.write_ulong(2);
  for (const bool label : {false, true}) {
    os.write_boolean(label);
    os.write_string(label ? "yes" : "no");
    os.write_ulong(static_cast<std::uint32_t>(TCKind::tk_long));
  }
  os.end_encapsulation(encapsulation);
  const Bytes bytes = os.to_bytes();
  InputStream is(bytes, native_byte_order);
  const TypeCodeRef tc = read_type_code(is);
  EXPECT_EQ(tc->default_index(), -1);
  EXPECT_EQ(tc->member_count(), 2u);
}

// The recursive struct Node, big-endian, offsets from the TCKind at 0. The indirection
// at 84 has its offset long at 88 and points back to 0: -88.
Bytes node_big_endian() {
  Bytes b;
  put_be32(b, 15);                                              // 0: tk_struct
  put_be32(b, 88);                                              // 4: encapsulation length
  b.insert(b.end(), {0, 0, 0, 0});                              // 8: flag + pad
  put_be32(b, 13);                                              // 12: id
  for (char c : std::string("IDL:Node:1.0")) b.push_back(static_cast<std::uint8_t>(c));
  b.insert(b.end(), {0, 0, 0, 0});                              // 29: NUL + pad to 32
  put_be32(b, 5);                                               // 32: name
  b.insert(b.end(), {'N', 'o', 'd', 'e', 0, 0, 0, 0});          // 36..43
  put_be32(b, 2);                                               // 44: member count
  put_be32(b, 2);                                               // 48: "v"
  b.insert(b.end(), {'v', 0, 0, 0});                            // 52
  put_be32(b, 3);                                               // 56: tk_long
  put_be32(b, 5);                                               // 60: "kids"
  b.insert(b.end(), {'k', 'i', 'd', 's', 0, 0, 0, 0});          // 64..71
  put_be32(b, 19);                                              // 72: tk_sequence
  put_be32(b, 16);                                              // 76: encapsulation length
  b.insert(b.end(), {0, 0, 0, 0});                              // 80: flag + pad
  put_be32(b, 0xFFFFFFFF);                                      // 84: indirection
  put_be32(b, static_cast<std::uint32_t>(-88));                 // 88: offset
  put_be32(b, 0);                                               // 92: bound
  return b;
}

TEST(TypeCode, DecodesAHandWrittenRecursiveStruct) {
  const Bytes b = node_big_endian();
  ASSERT_EQ(b.size(), 96u);
  InputStream is = big_endian(b);
  const TypeCodeRef tc = read_type_code(is);
  EXPECT_EQ(is.remaining(), 0u);
  EXPECT_TRUE(tc->equal(*node_type()));
  const TypeCodeRef& element = tc->member_type(1)->content_type();
  EXPECT_TRUE(element->is_recursive_reference());
  EXPECT_EQ(element->id(), "IDL:Node:1.0");
}

TEST(TypeCode, EncodesRecursionAsAnIndirection) {
  OutputStream os;
  write_type_code(os, *node_type());
  Bytes b = os.to_bytes();
  const Bytes golden = node_big_endian();
  ASSERT_EQ(b.size(), golden.size());
  if (native_byte_order == ByteOrder::little_endian) {
    EXPECT_EQ(Bytes(b.begin() + 88, b.begin() + 92), (Bytes{0xA8, 0xFF, 0xFF, 0xFF}));
  } else {
    EXPECT_EQ(b, golden);
  }
}

TEST(TypeCode, RoundTripsEveryKind) {
  const auto color = TypeCode::enumeration("IDL:Color:1.0", "Color", {"red", "green"});
  const std::vector<TypeCodeRef> all = {
      TypeCode::basic(TCKind::tk_null), TypeCode::basic(TCKind::tk_void), TypeCode::basic(TCKind::tk_any),
      TypeCode::basic(TCKind::tk_TypeCode), TypeCode::basic(TCKind::tk_longdouble),
      TypeCode::basic(TCKind::tk_wchar), TypeCode::string(7), TypeCode::wstring(), TypeCode::fixed(10, 3),
      TypeCode::array(TypeCode::array(tc_long(), 3), 2), color,
      TypeCode::alias("IDL:Longs:1.0", "Longs", TypeCode::sequence(tc_long())),
      TypeCode::exception("IDL:Oops:1.0", "Oops", {{"why", TypeCode::string()}}),
      TypeCode::union_type("IDL:U:1.0", "U", color,
                           {{"r", tc_long(), 0}, {"other", TypeCode::string(), 0}}, 1),
      TypeCode::union_type("IDL:V:1.0", "V", TypeCode::basic(TCKind::tk_longlong),
                           {{"big", tc_long(), -5}, {"small", TypeCode::basic(TCKind::tk_char), 1LL << 40}}),
      TypeCode::union_type("IDL:W:1.0", "W", TypeCode::basic(TCKind::tk_wchar), {{"w", tc_long(), L'x'}}),
      TypeCode::interface(TCKind::tk_objref, "IDL:Echo:1.0", "Echo"),
      TypeCode::interface(TCKind::tk_local_interface, "IDL:Local:1.0", "Local"),
      TypeCode::value_box("IDL:Box:1.0", "Box", TypeCode::string()),
      TypeCode::value(TCKind::tk_value, "IDL:Val:1.0", "Val", 0, nullptr, {{"a", tc_long(), 0, 0}}),
      node_type()};
  for (const TypeCodeRef& tc : all) {
    const TypeCodeRef back = round_trip(tc);
    EXPECT_TRUE(back->equal(*tc)) << static_cast<int>(tc->kind());
  }
}

TEST(TypeCode, ReusesATypeCodeReferencedTwiceByIndirection) {
  // struct P { sequence<long> a; <indirection to a's TypeCode> b; }
  OutputStream os;
  os.write_ulong(static_cast<std::uint32_t>(TCKind::tk_struct));
  const auto e = os.begin_encapsulation();
  os.write_string("IDL:P:1.0");
  os.write_string("P");
  os.write_ulong(2);
  os.write_string("a");
  os.align(4);
  const std::size_t a_at = os.position();
  write_type_code(os, *TypeCode::sequence(tc_long()));
  os.write_string("b");
  os.write_ulong(0xFFFFFFFF);
  const std::size_t offset_at = os.position();
  os.write_long(static_cast<std::int32_t>(a_at) - static_cast<std::int32_t>(offset_at));
  os.end_encapsulation(e);
  const Bytes b = os.to_bytes();
  InputStream is(b, native_byte_order);
  const TypeCodeRef tc = read_type_code(is);
  EXPECT_EQ(tc->member_type(0), tc->member_type(1));  // the very same shared node
  EXPECT_TRUE(tc->member_type(1)->equal(*TypeCode::sequence(tc_long())));
}

TEST(TypeCode, SharedNodesAreSentOnceAndComparedOnce) {
  // Level k holds level k-1 twice: 2^40 paths through 41 nodes.
  TypeCodeRef tc = TypeCode::sequence(tc_long());
  for (int level = 0; level < 40; ++level) {
    tc = TypeCode::structure("IDL:L" + std::to_string(level) + ":1.0", "L", {{"a", tc}, {"b", tc}});
  }
  OutputStream os;
  write_type_code(os, *tc);
  const Bytes b = os.to_bytes();
  EXPECT_LT(b.size(), 4000u);
  InputOptions options;
  options.limits.max_nesting_depth = 200;
  InputStream is(b, native_byte_order, options);
  const TypeCodeRef back = read_type_code(is);
  EXPECT_TRUE(back->equal(*tc));
  EXPECT_TRUE(back->equivalent(*tc));
  EXPECT_GT(back->min_encoded_size(), std::uint64_t{1} << 39);  // saturated, not overflowed
}

TEST(TypeCode, RejectsUnknownKinds) {
  for (std::uint32_t kind : {37u, 0xFFFFFFFEu, 1000u}) {
    Bytes b;
    put_be32(b, kind);
    InputStream is = big_endian(b);
    EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { read_type_code(is); }), minor::marshal_bad_typecode);
  }
}

TEST(TypeCode, RejectsIndirectionsThatPointNowhereOrLoop) {
  for (std::int32_t offset : {-4, 0, 4, -8, -1000, 0x7FFFFFFF, std::numeric_limits<std::int32_t>::min()}) {
    Bytes b = {0, 0, 0, 0};  // tk_null, a TypeCode the indirection could hit at -8
    put_be32(b, 0xFFFFFFFF);
    put_be32(b, static_cast<std::uint32_t>(offset));
    InputStream is = big_endian(b);
    read_type_code(is);  // the tk_null
    EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { read_type_code(is); }), minor::marshal_bad_typecode) << offset;
  }
}

TEST(TypeCode, RejectsIndirectionToAnEnclosingSequence) {
  // sequence< <indirection to the sequence itself> >
  Bytes b;
  put_be32(b, 19);
  put_be32(b, 16);
  b.insert(b.end(), {0, 0, 0, 0});
  put_be32(b, 0xFFFFFFFF);
  put_be32(b, static_cast<std::uint32_t>(-16));
  put_be32(b, 0);
  InputStream is = big_endian(b);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { read_type_code(is); }), minor::marshal_bad_typecode);
}

TEST(TypeCode, ThousandDeepNestingRaisesNestingTooDeep) {
  TypeCodeRef tc = tc_long();
  for (int i = 0; i < 1000; ++i) tc = TypeCode::sequence(tc);
  OutputStream os;
  write_type_code(os, *tc);
  const Bytes b = os.to_bytes();
  InputStream is(b, native_byte_order);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { read_type_code(is); }), minor::marshal_nesting_too_deep);
}

TEST(TypeCode, RejectsMemberCountsNearTwoToThe32) {
  Bytes b;
  put_be32(b, 17);  // tk_enum
  put_be32(b, 20);
  b.insert(b.end(), {0, 0, 0, 0});
  put_be32(b, 1);
  b.insert(b.end(), {0, 0, 0, 0});  // id "" + pad
  put_be32(b, 1);
  b.insert(b.end(), {0, 0, 0, 0});  // name ""
  put_be32(b, 0xFFFFFFF0);
  InputStream is = big_endian(b);
  const std::uint32_t m = minor_of<CORBA::MARSHAL>([&] { read_type_code(is); });
  EXPECT_TRUE(m == minor::marshal_length_too_large || m == minor::marshal_truncated ||
              m == minor::marshal_limit_exceeded)
      << m;
}

TEST(TypeCode, RejectsAnInvalidDiscriminatorKind) {
  const auto bad = [] {
    OutputStream os;
    const auto start = os.begin_encapsulation();
    os.write_string("IDL:U:1.0");
    os.write_string("U");
    write_type_code(os, *TypeCode::string());  // discriminator: string, not allowed
    os.write_long(-1);
    os.write_ulong(0);
    os.end_encapsulation(start);
    return os.to_bytes();
  }();
  OutputStream os;
  os.write_ulong(static_cast<std::uint32_t>(TCKind::tk_union));
  os.write_raw(bad.data(), bad.size());
  const Bytes b = os.to_bytes();
  InputStream is(b, native_byte_order);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { read_type_code(is); }), minor::marshal_bad_typecode);
}

TEST(TypeCode, WritingAPlaceholderOutsideItsTypeIsRefused) {
  OutputStream os;
  EXPECT_EQ(minor_of<CORBA::BAD_TYPECODE>([&] {
              write_type_code(os, *TypeCode::sequence(TypeCode::recursive(TCKind::tk_struct, "IDL:X:1.0")));
            }),
            minor::bad_typecode_unresolved_recursion);
}

}  // namespace
}  // namespace rtorb::cdr
