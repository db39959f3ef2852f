// omniORB client of the values matrix: the same checks as rtorb_values_client.cpp, in the
// classic C++ mapping, one line per check (interop_report.hpp).
//
//   omni_values_client <IOR:...|corbaloc:...> [--skip CHECK]... [--no-wide] [-ORB options]
//
// Exit status 0 only when every check passed.
#include <cstdio>
#include <cstring>
#include <string>

#include "interop_report.hpp"
#include "omni_values_servants.hpp"

namespace {

using rtorb::interop::expect_eq;
using rtorb::interop::first_failure;
using rtorb::interop::in_part;
using rtorb::interop::Report;
using InteropValues::Node;
using InteropValues::Node_var;

template <class Body>
void check(Report& report, const std::string& name, Body&& body) {
  if (rtorb::interop::skipped_checks().count(name) != 0) {
    report.skip(name, "skipped with --skip: a known deviation between the two ORBs");
    return;
  }
  try {
    report.record(name, body());
  } catch (const CORBA::SystemException& e) {
    char minor[16];
    std::snprintf(minor, sizeof minor, "0x%lx", static_cast<unsigned long>(e.minor()));
    report.fail(name, std::string("unexpected ") + e._name() + " minor " + minor);
  } catch (const CORBA::Exception& e) {
    report.fail(name, std::string("unexpected ") + e._name());
  }
}

// A new Node sharing `next` (omniORB's OBV_ constructor adopts it, its modifier shares).
Node* node(CORBA::Long id, const char* label, Node* next = nullptr) {
  if (next != nullptr) next->_add_ref();
  return new OBV_InteropValues::Node(id, label, next);
}

std::string same_node(Node* got, CORBA::Long id, const std::string& label) {
  if (got == nullptr) return "got null";
  return first_failure({in_part("id", expect_eq(got->id(), id)),
                        in_part("label", expect_eq(std::string(got->label()), label))});
}

void check_nodes(Report& report, InteropValues::ValueTester_ptr tester) {
  check(report, "echo_node null", [&]() -> std::string {
    Node_var back = tester->echo_node(nullptr);
    return back.in() != nullptr ? "got a value for null" : "";
  });
  check(report, "echo_node one", [&] {
    Node_var n = node(7, "seven");
    Node_var back = tester->echo_node(n);
    return same_node(back, 7, "seven");
  });
  check(report, "echo_node chain of 100", [&]() -> std::string {
    Node_var chain;
    for (int i = 100; i > 0; --i) chain = node(i, ("n" + std::to_string(i)).c_str(), chain);
    Node_var back = tester->echo_node(chain);
    Node* at = back;
    for (int i = 1; i <= 100; ++i) {
      const std::string bad = same_node(at, i, "n" + std::to_string(i));
      if (!bad.empty()) return "node " + std::to_string(i) + ": " + bad;
      at = at->next();
    }
    return at != nullptr ? "the chain goes on past 100" : "";
  });
  check(report, "echo_node cycle", [&]() -> std::string {
    Node_var a = node(1, "a");
    Node_var b = node(2, "b", a);
    a->next(b);
    Node_var back = tester->echo_node(a);
    a->next(nullptr);  // counting cannot free a cycle: break it
    if (back.in() == nullptr || back->next() == nullptr) return "the cycle lost a node";
    const bool closed = back->next()->next() == back.in();
    back->next()->next(nullptr);
    return closed ? same_node(back, 1, "a") : "b->next is not a";
  });
  check(report, "echo_nodes same value twice", [&]() -> std::string {
    Node_var n = node(3, "shared");
    Node_var other = node(4, "other");
    InteropValues::NodeSeq seq(3);
    seq.length(3);
    seq[0] = n.in();
    n->_add_ref();
    seq[1] = n.in();
    n->_add_ref();
    seq[2] = other.in();
    other->_add_ref();
    InteropValues::NodeSeq_var back = tester->echo_nodes(seq);
    if (back->length() != 3) return "got " + std::to_string(back->length()) + " nodes";
    if (back[0].in() != back[1].in()) return "the shared node came back as two values";
    if (back[0].in() == back[2].in()) return "two nodes came back as one";
    return same_node(back[2], 4, "other");
  });
  check(report, "same_value one value", [&]() -> std::string {
    Node_var n = node(5, "x");
    return tester->same_value(n, n) ? "" : "FALSE for one value passed twice";
  });
  check(report, "same_value two values", [&]() -> std::string {
    Node_var x = node(5, "x");
    Node_var y = node(5, "x");
    return tester->same_value(x, y) ? "TRUE for two equal values" : "";
  });
  check(report, "echo_pair shared", [&]() -> std::string {
    Node_var n = node(6, "pair");
    InteropValues::Pair p;
    n->_add_ref();
    p.first = n.in();
    n->_add_ref();
    p.second = n.in();
    InteropValues::Pair_var back = tester->echo_pair(p);
    if (back->first.in() != back->second.in()) return "first and second came back as two values";
    return same_node(back->first, 6, "pair");
  });
}

void check_bases(Report& report, InteropValues::ValueTester_ptr tester) {
  check(report, "echo_base Base", [&]() -> std::string {
    InteropValues::Base_var sent = new OBV_InteropValues::Base(1);
    InteropValues::Base_var b = tester->echo_base(sent);
    if (b.in() == nullptr) return "got null";
    if (InteropValues::Derived::_downcast(b) || InteropValues::Extended::_downcast(b)) return "not a plain Base";
    return expect_eq(b->a(), static_cast<CORBA::Long>(1));
  });
  check(report, "echo_base Derived", [&]() -> std::string {
    InteropValues::Base_var sent = new OBV_InteropValues::Derived(2, "two");
    InteropValues::Base_var b = tester->echo_base(sent);
    InteropValues::Derived* d = InteropValues::Derived::_downcast(b);
    if (d == nullptr) return "did not come back as a Derived";
    return first_failure({in_part("a", expect_eq(d->a(), static_cast<CORBA::Long>(2))),
                          in_part("b", expect_eq(std::string(d->b()), std::string("two")))});
  });
  check(report, "echo_base Extended", [&]() -> std::string {
    InteropValues::Base_var sent = new OBV_InteropValues::Extended(3, 3.5);
    InteropValues::Base_var b = tester->echo_base(sent);
    InteropValues::Extended* e = InteropValues::Extended::_downcast(b);
    if (e == nullptr) return "did not come back as an Extended";
    return first_failure({in_part("a", expect_eq(e->a(), static_cast<CORBA::Long>(3))),
                          in_part("c", expect_eq(e->c(), 3.5))});
  });
  check(report, "make_derived", [&]() -> std::string {
    InteropValues::Base_var b = tester->make_derived(4, "four");
    InteropValues::Derived* d = InteropValues::Derived::_downcast(b);
    if (d == nullptr) return "not a Derived";
    return first_failure({in_part("a", expect_eq(d->a(), static_cast<CORBA::Long>(4))),
                          in_part("b", expect_eq(std::string(d->b()), std::string("four")))});
  });
}

void check_boxes_and_anys(Report& report, InteropValues::ValueTester_ptr tester) {
  check(report, "echo_string_box", [&]() -> std::string {
    InteropValues::StringBox_var sent = new InteropValues::StringBox("boxed");
    InteropValues::StringBox_var s = tester->echo_string_box(sent);
    return s.in() != nullptr ? expect_eq(std::string(s->_value()), std::string("boxed")) : "got null";
  });
  check(report, "echo_string_box null", [&]() -> std::string {
    InteropValues::StringBox_var s = tester->echo_string_box(nullptr);
    return s.in() != nullptr ? "got a value for null" : "";
  });
  check(report, "echo_long_seq_box", [&]() -> std::string {
    InteropValues::LongSeq values;
    values.length(3);
    values[0] = 1;
    values[1] = -2;
    values[2] = 3;
    InteropValues::LongSeqBox_var sent = new InteropValues::LongSeqBox(values);
    InteropValues::LongSeqBox_var l = tester->echo_long_seq_box(sent);
    if (l.in() == nullptr) return "got null";
    const InteropValues::LongSeq& got = l->_value();
    if (got.length() != 3 || got[0] != 1 || got[1] != -2 || got[2] != 3) return "the sequence changed";
    return "";
  });
  check(report, "echo_any Node", [&]() -> std::string {
    Node_var n = node(8, "in any", node(9, "next"));
    n->next()->_remove_ref();  // the inner Node's own reference: only the outer one holds it
    CORBA::Any a;
    a <<= n.in();
    CORBA::Any_var back = tester->echo_any(a);
    Node* got = nullptr;
    if (!(back.in() >>= got)) return "the any holds no Node";
    const std::string bad = same_node(got, 8, "in any");
    return bad.empty() ? same_node(got->next(), 9, "next") : bad;
  });
  check(report, "echo_any Derived", [&]() -> std::string {
    InteropValues::Derived_var d = new OBV_InteropValues::Derived(3, "d");
    CORBA::Any a;
    a <<= d.in();
    CORBA::Any_var back = tester->echo_any(a);
    InteropValues::Derived* got = nullptr;
    if (!(back.in() >>= got) || got == nullptr) return "the any holds no Derived";
    return first_failure({in_part("a", expect_eq(got->a(), static_cast<CORBA::Long>(3))),
                          in_part("b", expect_eq(std::string(got->b()), std::string("d")))});
  });
  check(report, "echo_any StringBox", [&]() -> std::string {
    InteropValues::StringBox_var s = new InteropValues::StringBox("sb");
    CORBA::Any a;
    a <<= s.in();
    CORBA::Any_var back = tester->echo_any(a);
    InteropValues::StringBox* got = nullptr;
    if (!(back.in() >>= got) || got == nullptr) return "the any holds no StringBox";
    return expect_eq(std::string(got->_value()), std::string("sb"));
  });
}

void check_shapes(Report& report, InteropValues::ValueTester_ptr tester) {
  check(report, "make_shape reference", [&]() -> std::string {
    InteropValues::Shape_var shape = tester->make_shape(false, 2.0);
    if (CORBA::is_nil(shape)) return "got nil";
    CORBA::Object_var object = shape->_to_object();
    InteropValues::Circle_var circle = InteropValues::Circle::_narrow(object);
    if (CORBA::is_nil(circle)) return "not a Circle";
    return expect_eq(circle->radius(), 2.0);
  });
  check(report, "area_of Circle", [&]() -> std::string {
    InteropValues::Shape_var shape = tester->make_shape(false, 2.0);
    return expect_eq(tester->area_of(shape), 2.0 * 2.0 * 3.14159);
  });
  check(report, "make_shape value", [&]() -> std::string {
    InteropValues::Shape_var shape = tester->make_shape(true, 3.0);
    CORBA::ValueBase* value = shape->_to_value();
    InteropValues::Square* square = InteropValues::Square::_downcast(value);
    const std::string result = square == nullptr ? "not a Square" : expect_eq(square->side(), 3.0);
    CORBA::remove_ref(value);
    return result;
  });
  // An abstract interface inside an any: the any keeps what >>= gives (not released here).
  check(report, "echo_any Shape value", [&]() -> std::string {
    InteropValues::Square_var square = new omni_values::SquareImpl(6.0);
    CORBA::Any a;
    a <<= static_cast<InteropValues::Shape_ptr>(square.in());
    CORBA::Any_var back = tester->echo_any(a);
    InteropValues::Shape_ptr shape = nullptr;
    if (!(back.in() >>= shape) || CORBA::is_nil(shape)) return "the any holds no Shape";
    CORBA::ValueBase* value = shape->_to_value();
    InteropValues::Square* got = InteropValues::Square::_downcast(value);
    const std::string result = got == nullptr ? "not a Square value" : expect_eq(got->side(), 6.0);
    if (value != nullptr) CORBA::remove_ref(value);
    return result;
  });
  check(report, "echo_any Shape reference", [&]() -> std::string {
    InteropValues::Shape_var shape = tester->make_shape(false, 4.0);
    CORBA::Any a;
    a <<= shape.in();
    CORBA::Any_var back = tester->echo_any(a);
    InteropValues::Shape_ptr got = nullptr;
    if (!(back.in() >>= got) || CORBA::is_nil(got)) return "the any holds no Shape";
    CORBA::Object_var object = got->_to_object();
    InteropValues::Circle_var circle = InteropValues::Circle::_narrow(object);
    if (CORBA::is_nil(circle)) return "not a Circle reference";
    return expect_eq(circle->radius(), 4.0);
  });
  check(report, "area_of Square", [&]() -> std::string {
    InteropValues::Square_var square = new omni_values::SquareImpl(3.0);
    return expect_eq(tester->area_of(square), 9.0);
  });
}

}  // namespace

int main(int argc, char** argv) {
  Report report;
  try {
    CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
    omni_values::register_value_factories(orb);
    std::string reference;
    for (int i = 1; i < argc; ++i) {
      if (rtorb::interop::take_skip_option(i, argc, argv)) continue;
      if (std::strcmp(argv[i], "--no-wide") == 0) continue;
      if (reference.empty() && argv[i][0] != '-') {
        reference = argv[i];
      } else {
        std::fprintf(stderr, "omni_values_client: unknown argument %s\n", argv[i]);
        return 2;
      }
    }
    CORBA::Object_var object = orb->string_to_object(reference.c_str());
    InteropValues::ValueTester_var tester = InteropValues::ValueTester::_narrow(object);
    if (CORBA::is_nil(tester)) {
      report.fail("narrow ValueTester", "the reference is not a ValueTester");
    } else {
      check_nodes(report, tester);
      check_bases(report, tester);
      check_boxes_and_anys(report, tester);
      check_shapes(report, tester);
    }
    orb->destroy();
  } catch (const CORBA::Exception& e) {
    report.fail("setup", e._name());
  }
  return report.finish();
}
