// Generated value types (tests/interop/matrix/values.idl) in C++, on the wire through the codec,
// and between two ORBs over loopback IIOP: sharing, cycles, derived types, truncation,
// boxes and values in anys.
#include <gtest/gtest.h>

#include <atomic>
#include <rtorb/corba/minor_code.hpp>
#include <string>
#include <vector>

#include "core/orb_parts.hpp"
#include "rtorb_values_servants.hpp"

namespace {

using rtorb_values::BaseRef;
using rtorb_values::NodeRef;

std::atomic<int> orb_counter{0};

CORBA::object_reference<CORBA::ORB> make_orb(const char* server_threads) {
  std::string program = "idl_values_tests";
  std::string option = "-ORBServerThreads";
  std::string threads = server_threads;
  std::vector<char*> argv = {program.data(), option.data(), threads.data(), nullptr};
  int argc = 3;
  return CORBA::ORB_init(argc, argv.data(), "idl-values-test-" + std::to_string(orb_counter++));
}

NodeRef node(std::int32_t id, const std::string& label, NodeRef next = nullptr) {
  return CORBA::make_reference<OBV_InteropValues::Node>(id, label, std::move(next));
}

TEST(ValueTypes, TheObvClassHoldsTheStateAndCopies) {
  const NodeRef n = node(1, "one", node(2, "two"));
  EXPECT_EQ(n->id(), 1);
  n->label("uno");
  EXPECT_EQ(n->label(), "uno");
  EXPECT_EQ(n->_obv_typeid(), "IDL:InteropValues/Node:1.0");
  const auto copy = IDL::traits<InteropValues::Node>::narrow(n->_copy_value());
  ASSERT_TRUE(copy);
  EXPECT_FALSE(copy == n);
  EXPECT_EQ(copy->label(), "uno");
  EXPECT_TRUE(copy->next() == n->next());  // _copy_value copies the value, not the graph
}

TEST(ValueTypes, DerivedConstructorTakesTheBaseMembersFirst) {
  const auto d = CORBA::make_reference<OBV_InteropValues::Derived>(4, "four");
  BaseRef b = d;
  EXPECT_EQ(b->a(), 4);
  EXPECT_EQ(IDL::traits<InteropValues::Derived>::narrow(b)->b(), "four");
  EXPECT_FALSE(IDL::traits<InteropValues::Extended>::narrow(b));
}

TEST(ValueTypes, BoxesHoldTheirValue) {
  auto s = CORBA::make_reference<InteropValues::StringBox>("boxed");
  EXPECT_EQ(s->_value(), "boxed");
  s->_value("changed");
  EXPECT_EQ(s->_value(), "changed");
  auto l = CORBA::make_reference<InteropValues::LongSeqBox>(InteropValues::LongSeq{1, 2, 3});
  EXPECT_EQ(l->_value().size(), 3u);
  const auto copy = IDL::traits<InteropValues::LongSeqBox>::narrow(l->_copy_value());
  EXPECT_EQ(copy->_value(), l->_value());
}

TEST(ValueTypes, TypeCodesDescribeStateAndInheritance) {
  const auto& tc = *IDL::traits<InteropValues::Derived>::type_code();
  EXPECT_EQ(tc.kind(), rtorb::cdr::TCKind::tk_value);
  EXPECT_EQ(tc.member_count(), 1u);
  EXPECT_EQ(tc.member_name(0), "b");
  ASSERT_TRUE(tc.concrete_base_type());
  EXPECT_EQ(tc.concrete_base_type()->id(), "IDL:InteropValues/Base:1.0");
  EXPECT_EQ(IDL::traits<InteropValues::Extended>::type_code()->type_modifier(), 3);
  EXPECT_EQ(IDL::traits<InteropValues::StringBox>::type_code()->kind(),
            rtorb::cdr::TCKind::tk_value_box);
}

// A cycle a -> b -> a on the wire, and its read in a stream of its own.
std::vector<std::uint8_t> encoded_cycle() {
  const NodeRef a = node(1, "a");
  a->next(node(2, "b", a));
  rtorb::cdr::OutputStream os;
  rtorb::cdr::write(os, a);
  a->next(nullptr);  // break our own cycle
  return os.to_bytes();
}

NodeRef read_node(const std::vector<std::uint8_t>& bytes) {
  rtorb::cdr::InputStream is(bytes, rtorb::cdr::native_byte_order);
  NodeRef n;
  rtorb::cdr::Codec<NodeRef>::read(is, n);
  return n;  // the stream, and what it remembers of the message's values, ends here
}

TEST(ValueCycles, ACycleNothingHoldsIsFreedWithItsMessage) {
  IDL::traits<InteropValues::Node>::weak_ref_type a;
  IDL::traits<InteropValues::Node>::weak_ref_type b;
  const auto bytes = encoded_cycle();
  {
    rtorb::cdr::InputStream is(bytes, rtorb::cdr::native_byte_order);
    NodeRef n;
    rtorb::cdr::Codec<NodeRef>::read(is, n);
    ASSERT_TRUE(n && n->next());
    ASSERT_TRUE(n->next()->next() == n);
    a = n;
    b = n->next();
  }  // what an upcall's arguments are once the reply is sent
  EXPECT_TRUE(a.expired());
  EXPECT_TRUE(b.expired());
}

TEST(ValueCycles, ACycleTheProgramHoldsStaysWhole) {
  const auto bytes = encoded_cycle();
  const NodeRef kept = read_node(bytes);
  ASSERT_TRUE(kept && kept->next());
  EXPECT_TRUE(kept->next()->next() == kept);
  EXPECT_EQ(kept->next()->label(), "b");
  kept->next(nullptr);  // the holder's to break (docs/cdr.md)

  // Holding any value of the cycle keeps what it reaches.
  NodeRef b;
  {
    const NodeRef a = read_node(bytes);
    b = a->next();
  }
  ASSERT_TRUE(b && b->next());
  EXPECT_EQ(b->next()->label(), "a");
  EXPECT_TRUE(b->next()->next() == b);
  b->next(nullptr);
}

// Two ORBs: a server with the ValueTester (and every factory), a client with some.
struct Values : ::testing::Test {
  CORBA::object_reference<CORBA::ORB> server = make_orb("2");
  CORBA::object_reference<CORBA::ORB> client = make_orb("0");
  IDL::traits<PortableServer::POA>::ref_type poa =
      IDL::traits<PortableServer::POA>::narrow(server->resolve_initial_references("RootPOA"));
  IDL::traits<InteropValues::ValueTester>::ref_type tester;

  Values() {
    poa->the_POAManager()->activate();
    rtorb_values::register_value_factories(*server);
    rtorb_values::register_value_factories(*client);
    auto servant = CORBA::make_reference<rtorb_values::ValueTesterImpl>(poa);
    const auto id = poa->activate_object(servant);
    tester = IDL::traits<InteropValues::ValueTester>::narrow(
        client->string_to_object(server->object_to_string(poa->id_to_reference(id))));
  }
  ~Values() override {
    client->destroy();
    server->destroy();
  }
};

TEST_F(Values, EchoNodeKeepsNullOneNodeAndAChainOfAHundred) {
  EXPECT_FALSE(tester->echo_node(nullptr));
  const NodeRef one = tester->echo_node(node(7, "seven"));
  ASSERT_TRUE(one);
  EXPECT_EQ(one->id(), 7);
  EXPECT_EQ(one->label(), "seven");
  NodeRef chain;
  for (int i = 100; i > 0; --i) chain = node(i, std::to_string(i), chain);
  NodeRef back = tester->echo_node(chain);
  for (int i = 1; i <= 100; ++i) {
    ASSERT_TRUE(back);
    EXPECT_EQ(back->id(), i);
    back = back->next();
  }
  EXPECT_FALSE(back);
}

TEST_F(Values, EchoNodeKeepsACycle) {
  const NodeRef a = node(1, "a");
  const NodeRef b = node(2, "b", a);
  a->next(b);
  const NodeRef back = tester->echo_node(a);
  a->next(nullptr);
  ASSERT_TRUE(back && back->next());
  EXPECT_EQ(back->next()->label(), "b");
  EXPECT_TRUE(back->next()->next() == back);
  back->next()->next(nullptr);
}

TEST_F(Values, TheSameValueTwiceStaysOneValue) {
  const NodeRef n = node(3, "shared");
  const auto seq = tester->echo_nodes({n, n, node(4, "other")});
  ASSERT_EQ(seq.size(), 3u);
  EXPECT_TRUE(seq[0] == seq[1]);
  EXPECT_FALSE(seq[0] == seq[2]);
  EXPECT_TRUE(tester->same_value(n, n));
  EXPECT_FALSE(tester->same_value(n, node(3, "shared")));
  const auto pair = tester->echo_pair(InteropValues::Pair(n, n));
  EXPECT_TRUE(pair.first() == pair.second());
}

TEST_F(Values, DerivedAndTruncatableValuesComeBackAsWhatTheyAre) {
  const BaseRef derived = tester->echo_base(CORBA::make_reference<OBV_InteropValues::Derived>(1, "d"));
  const auto d = IDL::traits<InteropValues::Derived>::narrow(derived);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->a(), 1);
  EXPECT_EQ(d->b(), "d");
  const BaseRef extended = tester->echo_base(CORBA::make_reference<OBV_InteropValues::Extended>(2, 2.5));
  const auto e = IDL::traits<InteropValues::Extended>::narrow(extended);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->a(), 2);
  EXPECT_EQ(e->c(), 2.5);
  const auto made = IDL::traits<InteropValues::Derived>::narrow(tester->make_derived(5, "five"));
  ASSERT_TRUE(made);
  EXPECT_EQ(made->b(), "five");
}

TEST_F(Values, AReceiverWithoutTheDerivedFactoryTruncatesToTheBase) {
  client->unregister_value_factory(IDL::traits<InteropValues::Extended>::repository_id);
  const BaseRef back = tester->echo_base(CORBA::make_reference<OBV_InteropValues::Extended>(9, 1.5));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->_obv_typeid(), "IDL:InteropValues/Base:1.0");
  EXPECT_EQ(back->a(), 9);
}

TEST_F(Values, AnUnknownTypeThatCannotBeTruncatedIsMarshal) {
  client->unregister_value_factory(IDL::traits<InteropValues::Derived>::repository_id);
  try {
    (void)tester->make_derived(1, "x");
    FAIL() << "a Derived was read without its factory";
  } catch (const CORBA::MARSHAL& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::marshal_no_value_factory);
  }
}

TEST_F(Values, BoxesGoAndComeBack) {
  EXPECT_FALSE(tester->echo_string_box(nullptr));
  const auto s = tester->echo_string_box(CORBA::make_reference<InteropValues::StringBox>("hi"));
  ASSERT_TRUE(s);
  EXPECT_EQ(s->_value(), "hi");
  const auto l = tester->echo_long_seq_box(
      CORBA::make_reference<InteropValues::LongSeqBox>(InteropValues::LongSeq{1, 2, 3}));
  ASSERT_TRUE(l);
  EXPECT_EQ(l->_value(), (InteropValues::LongSeq{1, 2, 3}));
}

TEST_F(Values, ValuesTravelInAnys) {
  CORBA::Any a;
  a <<= node(8, "in any", node(9, "next"));
  NodeRef n;
  ASSERT_TRUE(tester->echo_any(a) >>= n);
  ASSERT_TRUE(n && n->next());
  EXPECT_EQ(n->label(), "in any");
  EXPECT_EQ(n->next()->id(), 9);

  CORBA::Any d;
  d <<= IDL::traits<InteropValues::Derived>::ref_type(
      CORBA::make_reference<OBV_InteropValues::Derived>(3, "three"));
  IDL::traits<InteropValues::Derived>::ref_type derived;
  ASSERT_TRUE(tester->echo_any(d) >>= derived);
  ASSERT_TRUE(derived);
  EXPECT_EQ(derived->a(), 3);
  EXPECT_EQ(derived->b(), "three");

  CORBA::Any s;
  s <<= IDL::traits<InteropValues::StringBox>::ref_type(
      CORBA::make_reference<InteropValues::StringBox>("boxed"));
  IDL::traits<InteropValues::StringBox>::ref_type box;
  ASSERT_TRUE(tester->echo_any(s) >>= box);
  ASSERT_TRUE(box);
  EXPECT_EQ(box->_value(), "boxed");
}

TEST_F(Values, ACircleReferenceIsAShape) {
  const auto shape = tester->make_shape(false, 2.0);
  ASSERT_TRUE(shape);
  EXPECT_DOUBLE_EQ(tester->area_of(shape), 4 * 3.14159);
  EXPECT_FALSE(shape->_to_value());
  ASSERT_TRUE(shape->_to_object());
  const auto circle = IDL::traits<InteropValues::Circle>::narrow(shape);
  ASSERT_TRUE(circle);
  EXPECT_DOUBLE_EQ(circle->radius(), 2.0);
  EXPECT_DOUBLE_EQ(circle->area(), 4 * 3.14159);  // Shape's operation on a Circle proxy
  // A Circle reference is a Shape again, without a remote call.
  const IDL::traits<InteropValues::Shape>::ref_type again = circle;
  EXPECT_TRUE(IDL::traits<InteropValues::Shape>::narrow(circle->_to_object()));
  EXPECT_DOUBLE_EQ(tester->area_of(again), 4 * 3.14159);
}

TEST_F(Values, ASquareValueIsAShape) {
  const auto shape = tester->make_shape(true, 3.0);
  ASSERT_TRUE(shape);
  EXPECT_FALSE(shape->_to_object());
  const auto square = IDL::traits<InteropValues::Square>::narrow(shape->_to_value());
  ASSERT_TRUE(square);
  EXPECT_DOUBLE_EQ(square->side(), 3.0);
  EXPECT_DOUBLE_EQ(shape->area(), 9.0);  // the value's own operation, here
  EXPECT_FALSE(IDL::traits<InteropValues::Circle>::narrow(shape));

  const IDL::traits<InteropValues::Shape>::ref_type mine = CORBA::make_reference<rtorb_values::SquareImpl>(4.0);
  EXPECT_DOUBLE_EQ(tester->area_of(mine), 16.0);
  EXPECT_EQ(mine->_to_value().shared().get(), dynamic_cast<CORBA::ValueBase*>(mine.shared().get()));  // itself
}

TEST_F(Values, ASquareWithoutItsFactoryIsMarshal) {
  client->unregister_value_factory(IDL::traits<InteropValues::Square>::repository_id);
  try {
    (void)tester->make_shape(true, 1.0);
    FAIL() << "a Square was read without its factory";
  } catch (const CORBA::MARSHAL& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::marshal_no_value_factory);
  }
}

// An abstract interface in an any (TypeCode tk_abstract_interface): a Square value, a Circle
// reference and nil go to the server's echo_any and come back as what they were.
TEST_F(Values, AbstractInterfacesTravelInAnys) {
  using ShapeRef = IDL::traits<InteropValues::Shape>::ref_type;
  CORBA::Any v;
  const ShapeRef square = CORBA::make_reference<rtorb_values::SquareImpl>(5.0);
  v <<= square;
  EXPECT_EQ(v.type()->kind(), rtorb::cdr::TCKind::tk_abstract_interface);
  ShapeRef here;
  ASSERT_TRUE(v >>= here);  // made here: the same object
  EXPECT_TRUE(here == square);
  ShapeRef back;
  ASSERT_TRUE(tester->echo_any(v) >>= back);
  ASSERT_TRUE(back);
  EXPECT_FALSE(back->_to_object());
  const auto echoed = IDL::traits<InteropValues::Square>::narrow(back->_to_value());
  ASSERT_TRUE(echoed);
  EXPECT_DOUBLE_EQ(echoed->side(), 5.0);

  CORBA::Any r;
  r <<= tester->make_shape(false, 2.0);
  ShapeRef circle_shape;
  ASSERT_TRUE(tester->echo_any(r) >>= circle_shape);
  ASSERT_TRUE(circle_shape && circle_shape->_to_object());
  const auto circle = IDL::traits<InteropValues::Circle>::narrow(circle_shape);
  ASSERT_TRUE(circle);
  EXPECT_DOUBLE_EQ(circle->radius(), 2.0);

  CORBA::Any n;
  n <<= ShapeRef{};
  ShapeRef nil = square;
  ASSERT_TRUE(tester->echo_any(n) >>= nil);
  EXPECT_FALSE(nil);

  NodeRef not_a_node;
  EXPECT_FALSE(v >>= not_a_node);
}

// The any on the wire: TypeCode kind 32 with the interface's id, then the union (FALSE and
// the Square value). Read by an ORB with the Square factory, it extracts as a Shape; by one
// without, reading the any is MARSHAL marshal_no_value_factory.
TEST(AbstractInterfaces, AnAnyHoldsTheUnionBehindATypeCodeOfKind32) {
  using ShapeRef = IDL::traits<InteropValues::Shape>::ref_type;
  auto orb = make_orb("0");
  rtorb_values::register_value_factories(*orb);
  CORBA::Any a;
  a <<= ShapeRef(CORBA::make_reference<rtorb_values::SquareImpl>(1.5));
  rtorb::cdr::OutputStream os;
  rtorb::cdr::write(os, a);
  const auto bytes = os.to_bytes();
  rtorb::cdr::InputStream is(bytes, rtorb::cdr::native_byte_order);
  const auto tc = rtorb::cdr::read_type_code(is);
  EXPECT_EQ(tc->kind(), rtorb::cdr::TCKind::tk_abstract_interface);
  EXPECT_EQ(tc->id(), "IDL:InteropValues/Shape:1.0");
  EXPECT_FALSE(is.read_boolean());
  EXPECT_EQ(is.read_ulong(), 0x7fffff02u);
  EXPECT_EQ(is.read_string(), "IDL:InteropValues/Square:1.0");
  EXPECT_DOUBLE_EQ(is.read_double(), 1.5);
  EXPECT_EQ(is.remaining(), 0u);

  rtorb::cdr::InputOptions options;
  options.references = &rtorb::orb::context_of(*orb);
  options.value_factories = &rtorb::orb::find_value_factory;
  rtorb::cdr::InputStream in(bytes, rtorb::cdr::native_byte_order, options);
  CORBA::Any back;
  rtorb::cdr::Codec<CORBA::Any>::read(in, back);
  ShapeRef shape;
  ASSERT_TRUE(back >>= shape);
  EXPECT_DOUBLE_EQ(shape->area(), 1.5 * 1.5);

  orb->unregister_value_factory(IDL::traits<InteropValues::Square>::repository_id);
  rtorb::cdr::InputStream without(bytes, rtorb::cdr::native_byte_order, options);
  try {
    rtorb::cdr::Codec<CORBA::Any>::read(without, back);
    ADD_FAILURE() << "a Square was read without its factory";
  } catch (const CORBA::MARSHAL& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::marshal_no_value_factory);
  }
  orb->destroy();
}

// The abstract-interface union on the wire, without a server: TRUE and an IOR, FALSE and a
// value; a value of a type that does not support the interface is refused.
TEST(AbstractInterfaces, TheUnionCarriesAValueOrNil) {
  using ShapeRef = IDL::traits<InteropValues::Shape>::ref_type;
  auto orb = make_orb("0");
  rtorb_values::register_value_factories(*orb);
  rtorb::cdr::InputOptions options;
  options.references = &rtorb::orb::context_of(*orb);
  const auto round_trip = [&](const ShapeRef& in) {
    rtorb::cdr::OutputStream os;
    rtorb::cdr::write(os, in);
    const auto bytes = os.to_bytes();
    rtorb::cdr::InputStream is(bytes, rtorb::cdr::native_byte_order, options);
    ShapeRef out;
    rtorb::cdr::Codec<ShapeRef>::read(is, out);
    return std::pair{bytes, out};
  };
  const auto [nil_bytes, nil] = round_trip(nullptr);
  EXPECT_FALSE(nil);
  ASSERT_GE(nil_bytes.size(), 1u);
  EXPECT_EQ(nil_bytes[0], 0);  // FALSE: a null value

  const auto [value_bytes, value] = round_trip(CORBA::make_reference<rtorb_values::SquareImpl>(2.0));
  ASSERT_TRUE(value);
  EXPECT_EQ(value_bytes[0], 0);
  EXPECT_DOUBLE_EQ(value->area(), 4.0);

  rtorb::cdr::OutputStream os;
  os.write_boolean(false);
  rtorb::cdr::write(os, NodeRef(node(1, "not a shape")));
  const auto bytes = os.to_bytes();
  rtorb::cdr::InputStream is(bytes, rtorb::cdr::native_byte_order, options);
  ShapeRef out;
  try {
    rtorb::cdr::Codec<ShapeRef>::read(is, out);
    FAIL() << "a Node was read as a Shape";
  } catch (const CORBA::MARSHAL& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::marshal_wrong_value_type);
  }
  orb->destroy();
}

}  // namespace
