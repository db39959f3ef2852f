// The omniORB interop client's checks of any: the anys the server makes and describes,
// and every kind of value echoed through one.
#include <climits>
#include <string>
#include <vector>

#include "omni_interop_client.hpp"

namespace omni_interop::client {
namespace {

std::string type_mismatch(const CORBA::Any& any, CORBA::TypeCode_ptr expected) {
  CORBA::TypeCode_var tc = any.type();
  if (tc->equivalent(expected)) return {};
  return "TypeCode kind " + std::to_string(static_cast<int>(tc->kind())) + ", expected kind " +
         std::to_string(static_cast<int>(expected->kind()));
}

std::string check_made_any(Interop::Tester_ptr t, CORBA::Long kind) {
  CORBA::Any_var any = t->make_any(kind);
  switch (kind) {
    case 0: {
      CORBA::Long l = 0;
      if (!(any.in() >>= l)) return "not a long: " + type_mismatch(any.in(), CORBA::_tc_long);
      return expect_eq(l, 42);
    }
    case 1: {
      const char* text = nullptr;
      if (!(any.in() >>= text)) return "not a string";
      return expect_eq(str(text), std::string("hello"));
    }
    case 2: {
      const Interop::Point* p = nullptr;
      if (!(any.in() >>= p))
        return "not a Point: " + type_mismatch(any.in(), Interop::_tc_Point);
      return diff(*p, point(7, -8));
    }
    case 3: {
      Interop::Color c = Interop::RED;
      if (!(any.in() >>= c)) return "not a Color";
      return expect_eq(c, Interop::BLUE);
    }
    case 4: {
      CORBA::TypeCode_var tc = any->type();
      if (tc->kind() != CORBA::tk_alias) {
        return "TypeCode kind " + std::to_string(static_cast<int>(tc->kind())) +
               ", expected tk_alias";
      }
      const std::string id = tc->id();
      if (id != Interop::_tc_LongSeq->id()) return "alias id " + id;
      const Interop::LongSeq* seq = nullptr;
      if (!(any.in() >>= seq)) return "not a LongSeq";
      return diff_seq(*seq, long_seq({1, 2, 3}));
    }
    default: {
      const Interop::Outer* o = nullptr;
      if (!(any.in() >>= o))
        return "not an Outer: " + type_mismatch(any.in(), Interop::_tc_Outer);
      return diff(*o, sample_outer());
    }
  }
}

// Sends `value` through echo_any and reads it back as T.
template <class T, class Compare>
std::string echo_any_as(Interop::Tester_ptr t, const CORBA::Any& value, Compare compare) {
  CORBA::Any_var r = t->echo_any(value);
  CORBA::TypeCode_var sent = value.type();
  CORBA::TypeCode_var got = r->type();
  if (!got->equal(sent)) {
    return "TypeCode changed: kind " + std::to_string(static_cast<int>(got->kind())) +
           ", sent kind " + std::to_string(static_cast<int>(sent->kind()));
  }
  T out{};
  if (!(r.in() >>= out)) return "extraction failed";
  return compare(out);
}

}  // namespace

void any_checks(Session& s) {
  Interop::Tester_ptr t = s.tester;
  for (CORBA::Long kind = 0; kind <= 5; ++kind) {
    s.run("make_any kind " + std::to_string(kind), [&] { return check_made_any(t, kind); });
  }

  const std::vector<std::string> descriptions = {
      "long:42", "string:hello",  "Point:7,-8",
      "Color:2", "LongSeq:1,2,3", "other:IDL:Interop/Outer:1.0"};
  for (CORBA::Long kind = 0; kind <= 5; ++kind) {
    s.run("describe_any of make_any kind " + std::to_string(kind), [&] {
      CORBA::Any_var made = t->make_any(kind);
      CORBA::String_var text = t->describe_any(made.in());
      return expect_eq(str(text), descriptions[static_cast<std::size_t>(kind)]);
    });
  }
  {
    CORBA::Any a;
    a <<= static_cast<CORBA::Long>(-17);
    s.run("describe_any long -17", [&] {
      CORBA::String_var text = t->describe_any(a);
      return expect_eq(str(text), std::string("long:-17"));
    });
    CORBA::Any d;
    d <<= 1.5;
    s.run("describe_any double is other with its kind", [&] {
      CORBA::String_var text = t->describe_any(d);
      return expect_eq(str(text), std::string("other:7"));
    });
    CORBA::Any u;
    Interop::NumUnion n;
    n.l(3);
    u <<= n;
    s.run("describe_any NumUnion is other with its id", [&] {
      CORBA::String_var text = t->describe_any(u);
      return expect_eq(str(text), std::string("other:IDL:Interop/NumUnion:1.0"));
    });
    CORBA::Any empty_seq;
    empty_seq <<= Interop::LongSeq();
    s.run("describe_any empty LongSeq", [&] {
      CORBA::String_var text = t->describe_any(empty_seq);
      return expect_eq(str(text), std::string("LongSeq:"));
    });
  }

  CORBA::Any a;
  a <<= static_cast<CORBA::Long>(INT_MIN);
  s.run("echo_any long", [&] {
    return echo_any_as<CORBA::Long>(t, a, [](CORBA::Long v) { return expect_eq(v, INT_MIN); });
  });
  a <<= static_cast<CORBA::ULongLong>(ULLONG_MAX);
  s.run("echo_any unsigned long long", [&] {
    return echo_any_as<CORBA::ULongLong>(t, a, [](CORBA::ULongLong v) {
      return expect_eq(v, static_cast<CORBA::ULongLong>(ULLONG_MAX));
    });
  });
  a <<= -0.0;
  s.run("echo_any double", [&] {
    return echo_any_as<CORBA::Double>(
        t, a, [](CORBA::Double v) { return expect_same_bits(v, -0.0); });
  });
  a <<= CORBA::Any::from_boolean(true);
  s.run("echo_any boolean", [&] {
    CORBA::Any_var r = t->echo_any(a);
    CORBA::Boolean b = false;
    if (!(r.in() >>= CORBA::Any::to_boolean(b))) return std::string("not a boolean");
    return expect_eq(static_cast<bool>(b), true);
  });
  a <<= "any string";
  s.run("echo_any string", [&] {
    return echo_any_as<const char*>(
        t, a, [](const char* v) { return expect_eq(str(v), std::string("any string")); });
  });
  a <<= point(-1, 1);
  s.run("echo_any Point", [&] {
    return echo_any_as<const Interop::Point*>(
        t, a, [](const Interop::Point* v) { return diff(*v, point(-1, 1)); });
  });
  a <<= Interop::GREEN;
  s.run("echo_any Color", [&] {
    return echo_any_as<Interop::Color>(
        t, a, [](Interop::Color v) { return expect_eq(v, Interop::GREEN); });
  });
  a <<= long_seq({5, 4, 3, 2, 1});
  s.run("echo_any LongSeq", [&] {
    return echo_any_as<const Interop::LongSeq*>(t, a, [](const Interop::LongSeq* v) {
      return diff_seq(*v, long_seq({5, 4, 3, 2, 1}));
    });
  });
  a <<= sample_outer();
  s.run("echo_any Outer", [&] {
    return echo_any_as<const Interop::Outer*>(
        t, a, [](const Interop::Outer* v) { return diff(*v, sample_outer()); });
  });
  Interop::ColorUnion cu;
  cu.b(point(9, 8));
  a <<= cu;
  s.run("echo_any ColorUnion", [&] {
    return echo_any_as<const Interop::ColorUnion*>(
        t, a, [&](const Interop::ColorUnion* v) { return diff(*v, cu); });
  });
  CORBA::Any inner;
  inner <<= static_cast<CORBA::Short>(-2);
  a <<= inner;
  s.run("echo_any any holding a short", [&] {
    return echo_any_as<const CORBA::Any*>(t, a, [](const CORBA::Any* v) {
      CORBA::Short value = 0;
      if (!(*v >>= value)) return std::string("inner any is not a short");
      return expect_eq(value, static_cast<CORBA::Short>(-2));
    });
  });
  s.run("echo_any empty any", [&] {
    CORBA::Any_var r = t->echo_any(CORBA::Any());
    CORBA::TypeCode_var tc = r->type();
    return expect_eq(static_cast<int>(tc->kind()), static_cast<int>(CORBA::tk_null));
  });
  Interop::Oops oops(3, "in an any", long_seq({3, 4}));
  a <<= oops;
  s.run("echo_any Oops exception", [&] {
    return echo_any_as<const Interop::Oops*>(t, a, [](const Interop::Oops* v) {
      return first_failure({expect_eq(v->code, 3),
                            expect_eq(str(v->reason), std::string("in an any")),
                            diff_seq(v->details, long_seq({3, 4}))});
    });
  });
  if (s.wide) {
    a <<= CORBA::Any::from_wstring(L"wide \x20ac", 0);
  }
  s.run_wide("echo_any wstring", [&] {
    CORBA::Any_var r = t->echo_any(a);
    const CORBA::WChar* w = nullptr;
    if (!(r.in() >>= CORBA::Any::to_wstring(w, 0))) return std::string("not a wstring");
    return expect_eq(wstr(w), std::wstring(L"wide \x20ac"));
  });
  a <<= s.local_counter;
  s.run("echo_any Counter reference", [&]() -> std::string {
    CORBA::Any_var r = t->echo_any(a);
    Interop::Counter_ptr c = Interop::Counter::_nil();
    if (!(r.in() >>= c)) return "not a Counter";
    if (CORBA::is_nil(c)) return "nil";
    if (!c->_is_equivalent(s.local_counter)) return "not the Counter sent";
    return {};
  });
}

}  // namespace omni_interop::client
