// Value types on the wire: tags, sharing, cycles, chunking, truncation and bad input.
#include <rtorb/cdr/codec.hpp>
#include <rtorb/cdr/value_codec.hpp>
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "test_bytes.hpp"

namespace rtorb::cdr {
namespace {

using testing::minor_of;

// Hand-written the way rtorb-idl writes value types, so this layer is tested on its own.
class Node : public virtual CORBA::ValueBase {
 public:
  std::int32_t id = 0;
  std::string label;
  CORBA::valuetype_reference<Node> next;

  static const ValueTypeInfo& rtorb_value_info() noexcept {
    static constexpr ValueTypeInfo info{"IDL:Test/Node:1.0"};
    return info;
  }
  _ref_type _copy_value() const override { return CORBA::make_reference<Node>(*this); }
  const ValueTypeInfo& rtorb_type() const noexcept override { return rtorb_value_info(); }
  void rtorb_write_state(OutputStream& os) const override;
  void rtorb_read_state(InputStream& is) override;
  void rtorb_release_values() noexcept override { next = nullptr; }
};

class Base : public virtual CORBA::ValueBase {
 public:
  std::int32_t a = 0;
  static const ValueTypeInfo& rtorb_value_info() noexcept {
    static constexpr ValueTypeInfo info{"IDL:Test/Base:1.0"};
    return info;
  }
  _ref_type _copy_value() const override { return CORBA::make_reference<Base>(*this); }
  const ValueTypeInfo& rtorb_type() const noexcept override { return rtorb_value_info(); }
  void rtorb_write_state(OutputStream& os) const override { os.write_long(a); }
  void rtorb_read_state(InputStream& is) override {
    value_member_boundary(is);
    a = is.read_long();
  }
};

// valuetype Extended : truncatable Base { public double c; public Node n; };
class Extended : public Base {
 public:
  double c = 0;
  CORBA::valuetype_reference<Node> n;
  static const ValueTypeInfo& rtorb_value_info() noexcept {
    static const ValueTypeInfo info{"IDL:Test/Extended:1.0", &Base::rtorb_value_info(), true};
    return info;
  }
  _ref_type _copy_value() const override { return CORBA::make_reference<Extended>(*this); }
  const ValueTypeInfo& rtorb_type() const noexcept override { return rtorb_value_info(); }
  void rtorb_write_state(OutputStream& os) const override;
  void rtorb_read_state(InputStream& is) override;
  void rtorb_release_values() noexcept override { n = nullptr; }
};

using Factories = std::map<std::string, CORBA::ValueBase::_ref_type (*)()>;
Factories* factories = nullptr;  // what the test's "ORB" has registered

// Registers `known` for the scope.
struct Registered {
  explicit Registered(Factories& known) { factories = &known; }
  ~Registered() { factories = nullptr; }
};

class TestFactory : public CORBA::ValueFactoryBase {
 public:
  explicit TestFactory(CORBA::ValueBase::_ref_type (*make)()) : make_(make) {}
  CORBA::ValueBase::_ref_type create_for_unmarshal() override { return make_(); }

 private:
  CORBA::ValueBase::_ref_type (*make_)();
};

CORBA::object_reference<CORBA::ValueFactoryBase> lookup(const InputStream&, const std::string& id) {
  if (factories == nullptr) return nullptr;
  const auto it = factories->find(id);
  if (it == factories->end()) return nullptr;
  return CORBA::make_reference<TestFactory>(it->second);
}

std::vector<std::weak_ptr<CORBA::ValueBase>>* watched = nullptr;  // values the test follows

template <class T>
CORBA::ValueBase::_ref_type create() {
  auto value = CORBA::make_reference<T>();
  if (watched != nullptr) watched->push_back(value.shared());
  return value;
}

template <class T>
CORBA::valuetype_reference<T> read_as(InputStream& is) {
  auto v = read_value(is, T::rtorb_value_info(), &create<T>, &lookup);
  if (!v) return nullptr;
  auto typed = std::dynamic_pointer_cast<T>(v.shared());
  EXPECT_TRUE(typed) << "read a " << v->_obv_typeid();
  return CORBA::valuetype_reference<T>::adopt(typed);
}

void Node::rtorb_write_state(OutputStream& os) const {
  os.write_long(id);
  os.write_string(label);
  write_value(os, next.shared().get());
}
void Node::rtorb_read_state(InputStream& is) {
  value_member_boundary(is);
  id = is.read_long();
  value_member_boundary(is);
  label = is.read_string();
  value_member_boundary(is);
  next = read_as<Node>(is);
}

void Extended::rtorb_write_state(OutputStream& os) const {
  Base::rtorb_write_state(os);
  os.write_double(c);
  write_value(os, n.shared().get());
}
void Extended::rtorb_read_state(InputStream& is) {
  Base::rtorb_read_state(is);
  value_member_boundary(is);
  c = is.read_double();
  value_member_boundary(is);
  n = read_as<Node>(is);
}

CORBA::valuetype_reference<Node> node(std::int32_t id, std::string label,
                                      CORBA::valuetype_reference<Node> next = nullptr) {
  auto n = CORBA::make_reference<Node>();
  n->id = id;
  n->label = std::move(label);
  n->next = std::move(next);
  return n;
}

InputStream reader(const OutputStream& os) {
  return InputStream(testing::keep(os.to_bytes()), native_byte_order);
}

TEST(ValueCodec, NullIsTheZeroTag) {
  OutputStream os;
  write_value(os, nullptr);
  EXPECT_EQ(os.to_bytes(), (testing::Bytes{0, 0, 0, 0}));
  auto is = reader(os);
  EXPECT_FALSE(read_as<Node>(is));
}

TEST(ValueCodec, AValueCarriesItsRepositoryIdAndState) {
  OutputStream os;
  const auto n = node(7, "seven");
  write_value(os, n.shared().get());
  auto is = reader(os);
  EXPECT_EQ(is.read_ulong(), 0x7fffff02u);
  EXPECT_EQ(is.read_string(), "IDL:Test/Node:1.0");
  EXPECT_EQ(is.read_long(), 7);
  EXPECT_EQ(is.read_string(), "seven");
  EXPECT_EQ(is.read_long(), 0);  // next: null

  auto again = reader(os);
  const auto back = read_as<Node>(again);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->id, 7);
  EXPECT_EQ(back->label, "seven");
  EXPECT_FALSE(back->next);
}

TEST(ValueCodec, AChainOfAHundredNodesRoundTrips) {
  CORBA::valuetype_reference<Node> head;
  for (int i = 100; i > 0; --i) head = node(i, "n" + std::to_string(i), head);
  OutputStream os;
  write_value(os, head.shared().get());
  auto is = reader(os);
  auto back = read_as<Node>(is);
  for (int i = 1; i <= 100; ++i) {
    ASSERT_TRUE(back);
    EXPECT_EQ(back->id, i);
    back = back->next;
  }
  EXPECT_FALSE(back);
}

TEST(ValueCodec, AValueSentTwiceIsOneValueAndTheSecondIsAnIndirection) {
  const auto n = node(1, "shared");
  OutputStream os;
  write_value(os, n.shared().get());
  const std::size_t second = os.position();
  write_value(os, n.shared().get());
  const auto bytes = os.to_bytes();
  InputStream raw(testing::keep(bytes), native_byte_order);
  raw.skip(second);
  EXPECT_EQ(raw.read_ulong(), 0xffffffffu);
  EXPECT_EQ(raw.read_long(), -static_cast<std::int32_t>(second + 4));

  auto is = reader(os);
  const auto a = read_as<Node>(is);
  const auto b = read_as<Node>(is);
  EXPECT_TRUE(a == b);
}

TEST(ValueCodec, ACycleStaysACycle) {
  auto a = node(1, "a");
  auto b = node(2, "b", a);
  a->next = b;
  OutputStream os;
  write_value(os, a.shared().get());
  a->next = nullptr;  // break the cycle so the test does not leak
  auto is = reader(os);
  const auto back = read_as<Node>(is);
  ASSERT_TRUE(back && back->next);
  EXPECT_EQ(back->next->id, 2);
  EXPECT_TRUE(back->next->next == back);
  back->next->next = nullptr;
}

TEST(ValueCodec, ARepeatedRepositoryIdIsAnIndirection) {
  OutputStream os;
  const auto n = node(1, "x", node(2, "y"));
  write_value(os, n.shared().get());
  const auto bytes = os.to_bytes();
  // Second node: tag, then an indirection instead of the id string.
  InputStream raw(testing::keep(bytes), native_byte_order);
  raw.read_ulong();
  raw.read_string();
  raw.read_long();
  raw.read_string();
  EXPECT_EQ(raw.read_ulong(), 0x7fffff02u);
  EXPECT_EQ(raw.read_ulong(), 0xffffffffu);
  auto is = reader(os);
  EXPECT_EQ(read_as<Node>(is)->next->label, "y");
}

TEST(ValueCodec, ATruncatableValueIsChunkedWithItsIdList) {
  auto e = CORBA::make_reference<Extended>();
  e->a = 5;
  e->c = 2.5;
  OutputStream os;
  write_value(os, e.shared().get());
  InputStream raw(testing::keep(os.to_bytes()), native_byte_order);
  EXPECT_EQ(raw.read_ulong(), 0x7fffff0eu);
  EXPECT_EQ(raw.read_long(), 2);
  EXPECT_EQ(raw.read_string(), "IDL:Test/Extended:1.0");
  EXPECT_EQ(raw.read_string(), "IDL:Test/Base:1.0");
  const std::int32_t chunk = raw.read_long();
  EXPECT_GT(chunk, 0);
  raw.skip(static_cast<std::size_t>(chunk));
  EXPECT_EQ(raw.read_long(), -1);  // the end tag of the outermost value
  EXPECT_EQ(raw.remaining(), 0u);
}

TEST(ValueCodec, AReceiverThatKnowsTheDerivedTypeGetsIt) {
  Factories known{{"IDL:Test/Extended:1.0", &create<Extended>}};
  const Registered registered(known);
  auto e = CORBA::make_reference<Extended>();
  e->a = 5;
  e->c = 2.5;
  e->n = node(3, "inside");
  OutputStream os;
  write_value(os, e.shared().get());
  write_value(os, e->n.shared().get());  // after the chunked value: an indirection into it
  auto is = reader(os);
  const auto back = read_as<Base>(is);
  const auto inner = read_as<Node>(is);
  const auto* ext = dynamic_cast<const Extended*>(back.shared().get());
  ASSERT_NE(ext, nullptr);
  EXPECT_EQ(ext->a, 5);
  EXPECT_EQ(ext->c, 2.5);
  ASSERT_TRUE(ext->n);
  EXPECT_EQ(ext->n->label, "inside");
  EXPECT_TRUE(inner == ext->n);
  EXPECT_EQ(is.remaining(), 0u);
}

TEST(ValueCodec, AReceiverThatKnowsOnlyTheBaseTruncates) {
  auto e = CORBA::make_reference<Extended>();
  e->a = 9;
  e->c = 1.5;
  e->n = node(4, "skipped");
  OutputStream os;
  write_value(os, e.shared().get());
  os.write_long(1234);  // what follows the value must still be found
  auto is = reader(os);
  const auto back = read_as<Base>(is);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->_obv_typeid(), "IDL:Test/Base:1.0");
  EXPECT_EQ(back->a, 9);
  EXPECT_EQ(is.read_long(), 1234);
}

TEST(ValueCodec, AnUnknownTypeWithoutFactoryIsMarshal) {
  auto e = CORBA::make_reference<Extended>();
  OutputStream os;
  write_value(os, e.shared().get());
  auto is = reader(os);
  try {
    (void)read_value(is, Node::rtorb_value_info(), &create<Node>, &lookup);
    FAIL() << "read a value nobody knows";
  } catch (const CORBA::MARSHAL& e) {
    EXPECT_EQ(e.minor(), minor::marshal_no_value_factory);
    EXPECT_NE(std::string(e.what()).find("IDL:Test/Extended:1.0"), std::string::npos);
  }
}

// Extended (chunked; with `id_list`, truncatable to Base) whose last member is a nested
// Node; one end tag -1 closes both; then a long 77.
testing::Bytes one_end_tag_for_two_values(bool id_list) {
  OutputStream os;
  if (id_list) {
    os.write_ulong(0x7fffff0e);
    os.write_long(2);
    os.write_string("IDL:Test/Extended:1.0");
    os.write_string("IDL:Test/Base:1.0");
  } else {
    os.write_ulong(0x7fffff0a);  // chunked, single id
    os.write_string("IDL:Test/Extended:1.0");
  }
  os.write_long(0);  // the chunk's length, patched below
  const std::size_t chunk_start = os.position();
  os.write_long(1);
  os.write_double(1.0);
  const std::size_t chunk_bytes = os.position() - chunk_start;
  os.write_ulong(0x7fffff08);  // nested Node, chunked, no type info: the formal type
  os.write_long(16);           // id (4) + string (4 + 2) + pad (2) + null (4)
  os.write_long(2);
  os.write_string("n");
  os.write_long(0);   // next: null, inside the chunk
  os.write_long(-1);  // ends the Node (level 2) and the Extended (level 1)
  os.write_long(77);
  auto bytes = os.to_bytes();
  const auto length = static_cast<std::int32_t>(chunk_bytes);
  std::memcpy(&bytes[chunk_start - 4], &length, 4);
  return bytes;
}

TEST(ValueCodec, OneEndTagMayCloseSeveralNestedValues) {
  Factories known{{"IDL:Test/Extended:1.0", &create<Extended>}};
  const Registered registered(known);
  InputStream is(testing::keep(one_end_tag_for_two_values(false)), native_byte_order);
  const auto back = read_as<Base>(is);
  const auto* ext = dynamic_cast<const Extended*>(back.shared().get());
  ASSERT_NE(ext, nullptr);
  ASSERT_TRUE(ext->n);
  EXPECT_EQ(ext->n->label, "n");
  EXPECT_EQ(is.read_long(), 77);
}

// Skipping a truncated value's rest meets the nested value's end tag, which ends the
// skipped value too (once this looped forever).
TEST(ValueCodec, TruncationStopsAtAnEndTagThatClosedTheOuterValueToo) {
  InputStream is(testing::keep(one_end_tag_for_two_values(true)), native_byte_order);
  const auto back = read_as<Base>(is);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->_obv_typeid(), "IDL:Test/Base:1.0");
  EXPECT_EQ(back->a, 1);
  EXPECT_EQ(is.read_long(), 77);
}

template <class F>
std::uint32_t marshal_minor(F&& f) {
  try {
    f();
  } catch (const CORBA::MARSHAL& e) {
    return e.minor();
  }
  return 0;
}

TEST(ValueCodec, AnIndirectionForwardOrOutsideTheMessageIsMarshal) {
  for (const std::int32_t offset : {-4, 0, 8, -1000, 0x7fffffff}) {
    OutputStream os;
    os.write_ulong(0xffffffff);
    os.write_long(offset);
    auto is = reader(os);
    EXPECT_EQ(marshal_minor([&] { (void)read_as<Node>(is); }), minor::marshal_bad_value_indirection)
        << offset;
  }
}

TEST(ValueCodec, AnIndirectionIntoTheMiddleOfAValueIsMarshal) {
  OutputStream os;
  const auto n = node(1, "x");
  write_value(os, n.shared().get());
  os.write_ulong(0xffffffff);
  os.write_long(-static_cast<std::int32_t>(os.position()) + 4);  // the id string, not the tag
  auto is = reader(os);
  (void)read_as<Node>(is);
  EXPECT_EQ(marshal_minor([&] { (void)read_as<Node>(is); }), minor::marshal_bad_value_indirection);
}

TEST(ValueCodec, AChunkLongerThanTheMessageIsMarshal) {
  OutputStream os;
  os.write_ulong(0x7fffff0a);
  os.write_string("IDL:Test/Base:1.0");
  os.write_long(1000);
  os.write_long(1);
  auto is = reader(os);
  EXPECT_EQ(marshal_minor([&] { (void)read_as<Base>(is); }), minor::marshal_bad_value_chunk);
}

TEST(ValueCodec, AnEndTagDeeperThanTheNestingIsMarshal) {
  OutputStream os;
  os.write_ulong(0x7fffff0a);
  os.write_string("IDL:Test/Base:1.0");
  os.write_long(4);
  os.write_long(1);
  os.write_long(-2);
  auto is = reader(os);
  EXPECT_EQ(marshal_minor([&] { (void)read_as<Base>(is); }), minor::marshal_bad_value_chunk);
}

TEST(ValueCodec, BadTagsAreMarshal) {
  for (const std::uint32_t tag : {0x12345678u, 0x7fffff04u, 0x7ffffeffu}) {
    OutputStream os;
    os.write_ulong(tag);
    os.write_string("IDL:Test/Base:1.0");
    auto is = reader(os);
    EXPECT_EQ(marshal_minor([&] { (void)read_as<Base>(is); }), minor::marshal_bad_value_tag) << tag;
  }
}

TEST(ValueCodec, NestingDeeperThanTheLimitIsMarshal) {
  CORBA::valuetype_reference<Node> head;
  for (int i = 0; i < 20; ++i) head = node(i, "", head);
  OutputStream os;
  write_value(os, head.shared().get());
  InputOptions options;
  options.limits.max_value_depth = 10;
  InputStream is(testing::keep(os.to_bytes()), native_byte_order, options);
  EXPECT_EQ(marshal_minor([&] { (void)read_as<Node>(is); }), minor::marshal_nesting_too_deep);
}

TEST(ValueCodec, ByteSwappedInputReads) {
  // Big-endian Node 0x01020304 "b" with a null next, written by hand.
  testing::Bytes b = {0x7f, 0xff, 0xff, 0x02, 0, 0, 0, 18};
  const std::string id = "IDL:Test/Node:1.0";
  b.insert(b.end(), id.begin(), id.end());
  b.push_back(0);
  b.insert(b.end(), {0, 0, 1, 2, 3, 4, 0, 0, 0, 2, 'b', 0, 0, 0, 0, 0, 0, 0});
  auto is = testing::big_endian(b);
  const auto back = read_as<Node>(is);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->id, 0x01020304);
  EXPECT_EQ(back->label, "b");
  EXPECT_FALSE(back->next);
}

TEST(ValueCodec, AFailedReadFreesTheValuesItMadeEvenInACycle) {
  auto a = node(1, "a");
  a->next = node(2, "b", a);
  auto e = CORBA::make_reference<Extended>();
  e->n = a;
  OutputStream os;
  write_value(os, e.shared().get());
  a->next = nullptr;
  auto bytes = os.to_bytes();
  bytes.resize(bytes.size() - 4);  // no end tag: the read fails once the cycle is made
  Factories known{{"IDL:Test/Extended:1.0", &create<Extended>}};
  const Registered registered(known);
  std::vector<std::weak_ptr<CORBA::ValueBase>> made;
  watched = &made;
  InputStream is(testing::keep(bytes), native_byte_order);
  EXPECT_EQ(marshal_minor([&] { (void)read_as<Base>(is); }), minor::marshal_truncated);
  watched = nullptr;
  ASSERT_EQ(made.size(), 3u);
  for (const auto& v : made) EXPECT_TRUE(v.expired());
}

TEST(ValueCodec, CopyValueCopiesTheStateAndSharesWhatItRefersTo) {
  const auto n = node(1, "a", node(2, "b"));
  const auto copy = std::dynamic_pointer_cast<Node>(n->_copy_value().shared());
  ASSERT_TRUE(copy);
  EXPECT_NE(copy.get(), n.shared().get());
  EXPECT_EQ(copy->label, "a");
  EXPECT_EQ(copy->next.shared(), n->next.shared());
}

}  // namespace
}  // namespace rtorb::cdr
