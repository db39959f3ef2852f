// rtorb client of the values matrix: calls every operation of InteropValues::ValueTester
// with the cases values.idl's comments name, one line per check (interop_report.hpp).
//
//   rtorb-values-client <IOR:...|corbaloc:...|file://path> [--skip CHECK]... [-ORB options]
//
// (--no-wide is accepted and ignored: values.idl has no wide characters.)
// Exit status 0 only when every check passed.
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "interop_report.hpp"
#include "rtorb_values_servants.hpp"

namespace {

using rtorb::interop::expect_eq;
using rtorb::interop::first_failure;
using rtorb::interop::in_part;
using rtorb::interop::Report;
using rtorb_values::BaseRef;
using rtorb_values::NodeRef;
using TesterRef = IDL::traits<InteropValues::ValueTester>::ref_type;

template <class Body>
void check(Report& report, const std::string& name, Body&& body) {
  if (rtorb::interop::skipped_checks().count(name) != 0) {
    report.skip(name, "skipped with --skip: a known deviation between the two ORBs");
    return;
  }
  try {
    report.record(name, body());
  } catch (const CORBA::Exception& e) {
    report.fail(name, std::string("unexpected ") + e.what());
  } catch (const std::exception& e) {
    report.fail(name, std::string("unexpected std::exception ") + e.what());
  }
}

NodeRef node(std::int32_t id, const std::string& label, NodeRef next = nullptr) {
  return CORBA::make_reference<OBV_InteropValues::Node>(id, label, std::move(next));
}

std::string same_node(const NodeRef& got, std::int32_t id, const std::string& label) {
  if (!got) return "got null";
  return first_failure({in_part("id", expect_eq(got->id(), id)),
                        in_part("label", expect_eq(got->label(), label))});
}

void check_nodes(Report& report, const TesterRef& tester) {
  check(report, "echo_node null", [&]() -> std::string {
    return tester->echo_node(nullptr) ? "got a value for null" : "";
  });
  check(report, "echo_node one", [&] { return same_node(tester->echo_node(node(7, "seven")), 7, "seven"); });
  check(report, "echo_node chain of 100", [&]() -> std::string {
    NodeRef chain;
    for (int i = 100; i > 0; --i) chain = node(i, "n" + std::to_string(i), chain);
    NodeRef back = tester->echo_node(chain);
    for (int i = 1; i <= 100; ++i) {
      const std::string bad = same_node(back, i, "n" + std::to_string(i));
      if (!bad.empty()) return "node " + std::to_string(i) + ": " + bad;
      back = back->next();
    }
    return back ? "the chain goes on past 100" : "";
  });
  check(report, "echo_node cycle", [&]() -> std::string {
    const NodeRef a = node(1, "a");
    a->next(node(2, "b", a));
    const NodeRef back = tester->echo_node(a);
    a->next(nullptr);  // counting cannot free a cycle: break it
    if (!back || !back->next()) return "the cycle lost a node";
    const bool closed = back->next()->next() == back;
    back->next()->next(nullptr);
    return closed ? same_node(back, 1, "a") : "b->next is not a";
  });
  check(report, "echo_nodes same value twice", [&]() -> std::string {
    const NodeRef n = node(3, "shared");
    const auto seq = tester->echo_nodes({n, n, node(4, "other")});
    if (seq.size() != 3) return "got " + std::to_string(seq.size()) + " nodes";
    if (!(seq[0] == seq[1])) return "the shared node came back as two values";
    if (seq[0] == seq[2]) return "two nodes came back as one";
    return same_node(seq[2], 4, "other");
  });
  check(report, "same_value one value", [&]() -> std::string {
    const NodeRef n = node(5, "x");
    return tester->same_value(n, n) ? "" : "FALSE for one value passed twice";
  });
  check(report, "same_value two values", [&]() -> std::string {
    return tester->same_value(node(5, "x"), node(5, "x")) ? "TRUE for two equal values" : "";
  });
  check(report, "echo_pair shared", [&]() -> std::string {
    const NodeRef n = node(6, "pair");
    const auto p = tester->echo_pair(InteropValues::Pair(n, n));
    if (!(p.first() == p.second())) return "first and second came back as two values";
    return same_node(p.first(), 6, "pair");
  });
}

void check_bases(Report& report, const TesterRef& tester) {
  check(report, "echo_base Base", [&]() -> std::string {
    const BaseRef b = tester->echo_base(CORBA::make_reference<OBV_InteropValues::Base>(1));
    if (!b) return "got null";
    if (b->_obv_typeid() != IDL::traits<InteropValues::Base>::repository_id) return "got a " + b->_obv_typeid();
    return expect_eq(b->a(), 1);
  });
  check(report, "echo_base Derived", [&]() -> std::string {
    const auto d = IDL::traits<InteropValues::Derived>::narrow(
        tester->echo_base(CORBA::make_reference<OBV_InteropValues::Derived>(2, "two")));
    if (!d) return "did not come back as a Derived";
    return first_failure({in_part("a", expect_eq(d->a(), 2)), in_part("b", expect_eq(d->b(), std::string("two")))});
  });
  check(report, "echo_base Extended", [&]() -> std::string {
    const auto e = IDL::traits<InteropValues::Extended>::narrow(
        tester->echo_base(CORBA::make_reference<OBV_InteropValues::Extended>(3, 3.5)));
    if (!e) return "did not come back as an Extended";
    return first_failure({in_part("a", expect_eq(e->a(), 3)), in_part("c", expect_eq(e->c(), 3.5))});
  });
  check(report, "make_derived", [&]() -> std::string {
    const auto d = IDL::traits<InteropValues::Derived>::narrow(tester->make_derived(4, "four"));
    if (!d) return "not a Derived";
    return first_failure({in_part("a", expect_eq(d->a(), 4)), in_part("b", expect_eq(d->b(), std::string("four")))});
  });
}

void check_boxes_and_anys(Report& report, const TesterRef& tester) {
  check(report, "echo_string_box", [&]() -> std::string {
    const auto s = tester->echo_string_box(CORBA::make_reference<InteropValues::StringBox>("boxed"));
    return s ? expect_eq(s->_value(), std::string("boxed")) : "got null";
  });
  check(report, "echo_string_box null", [&]() -> std::string {
    return tester->echo_string_box(nullptr) ? "got a value for null" : "";
  });
  check(report, "echo_long_seq_box", [&]() -> std::string {
    const InteropValues::LongSeq values{1, -2, 3};
    const auto l = tester->echo_long_seq_box(CORBA::make_reference<InteropValues::LongSeqBox>(values));
    if (!l) return "got null";
    return l->_value() == values ? "" : "the sequence changed";
  });
  check(report, "echo_any Node", [&]() -> std::string {
    CORBA::Any a;
    a <<= node(8, "in any", node(9, "next"));
    NodeRef n;
    if (!(tester->echo_any(a) >>= n)) return "the any holds no Node";
    const std::string bad = same_node(n, 8, "in any");
    return bad.empty() ? same_node(n->next(), 9, "next") : bad;
  });
  check(report, "echo_any Derived", [&]() -> std::string {
    CORBA::Any a;
    a <<= IDL::traits<InteropValues::Derived>::ref_type(CORBA::make_reference<OBV_InteropValues::Derived>(3, "d"));
    IDL::traits<InteropValues::Derived>::ref_type d;
    if (!(tester->echo_any(a) >>= d) || !d) return "the any holds no Derived";
    return first_failure({in_part("a", expect_eq(d->a(), 3)), in_part("b", expect_eq(d->b(), std::string("d")))});
  });
  check(report, "echo_any StringBox", [&]() -> std::string {
    CORBA::Any a;
    a <<= IDL::traits<InteropValues::StringBox>::ref_type(CORBA::make_reference<InteropValues::StringBox>("sb"));
    IDL::traits<InteropValues::StringBox>::ref_type s;
    if (!(tester->echo_any(a) >>= s) || !s) return "the any holds no StringBox";
    return expect_eq(s->_value(), std::string("sb"));
  });
}

void check_shapes(Report& report, const TesterRef& tester) {
  check(report, "make_shape reference", [&]() -> std::string {
    const auto shape = tester->make_shape(false, 2.0);
    if (!shape) return "got nil";
    const auto circle = IDL::traits<InteropValues::Circle>::narrow(shape);
    if (!circle) return "not a Circle";
    return expect_eq(circle->radius(), 2.0);
  });
  check(report, "area_of Circle", [&]() -> std::string {
    const auto shape = tester->make_shape(false, 2.0);
    return expect_eq(tester->area_of(shape), 2.0 * 2.0 * 3.14159);
  });
  check(report, "make_shape value", [&]() -> std::string {
    const auto shape = tester->make_shape(true, 3.0);
    if (!shape) return "got nil";
    if (shape->_to_object()) return "got an object reference";
    const auto square = IDL::traits<InteropValues::Square>::narrow(shape->_to_value());
    if (!square) return "not a Square";
    return first_failure({in_part("side", expect_eq(square->side(), 3.0)),
                          in_part("area", expect_eq(shape->area(), 9.0))});
  });
  check(report, "echo_any Shape value", [&]() -> std::string {
    CORBA::Any a;
    a <<= IDL::traits<InteropValues::Shape>::ref_type(CORBA::make_reference<rtorb_values::SquareImpl>(6.0));
    IDL::traits<InteropValues::Shape>::ref_type shape;
    if (!(tester->echo_any(a) >>= shape) || !shape) return "the any holds no Shape";
    const auto square = IDL::traits<InteropValues::Square>::narrow(shape->_to_value());
    if (!square) return "not a Square value";
    return expect_eq(square->side(), 6.0);
  });
  check(report, "echo_any Shape reference", [&]() -> std::string {
    CORBA::Any a;
    a <<= tester->make_shape(false, 4.0);
    IDL::traits<InteropValues::Shape>::ref_type shape;
    if (!(tester->echo_any(a) >>= shape) || !shape) return "the any holds no Shape";
    const auto circle = IDL::traits<InteropValues::Circle>::narrow(shape);
    if (!circle) return "not a Circle reference";
    return expect_eq(circle->radius(), 4.0);
  });
  check(report, "area_of Square", [&]() -> std::string {
    const IDL::traits<InteropValues::Shape>::ref_type square = CORBA::make_reference<rtorb_values::SquareImpl>(3.0);
    return expect_eq(tester->area_of(square), 9.0);
  });
}

}  // namespace

int main(int argc, char** argv) {
  Report report;
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    rtorb_values::register_value_factories(*orb);
    std::string reference;
    for (int i = 1; i < argc; ++i) {
      if (rtorb::interop::take_skip_option(i, argc, argv)) continue;
      if (std::strcmp(argv[i], "--no-wide") == 0) continue;  // the matrix passes it below 1.2
      if (reference.empty() && argv[i][0] != '-') {
        reference = argv[i];
      } else {
        std::fprintf(stderr, "rtorb-values-client: unknown argument %s\n", argv[i]);
        return 2;
      }
    }
    if (reference.empty()) {
      std::fprintf(stderr, "usage: rtorb-values-client <reference> [--skip CHECK]... [-ORB options]\n");
      return 2;
    }
    const auto tester = IDL::traits<InteropValues::ValueTester>::narrow(orb->string_to_object(reference));
    if (!tester) {
      report.fail("narrow ValueTester", "the reference is not a ValueTester");
    } else {
      check_nodes(report, tester);
      check_bases(report, tester);
      check_boxes_and_anys(report, tester);
      check_shapes(report, tester);
    }
    orb->destroy();
  } catch (const std::exception& e) {
    report.fail("setup", e.what());
  }
  return report.finish();
}
