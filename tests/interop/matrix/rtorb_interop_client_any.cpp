// The rtorb interop client's checks of any: the anys the server makes and describes,
// and every kind of value echoed through one.
#include <climits>
#include <string>
#include <vector>

#include "rtorb_interop_client.hpp"

namespace rtorb_interop::client {

namespace {

std::string kind_of(const CORBA::Any& any) {
  return std::to_string(static_cast<std::uint32_t>(any.type()->kind()));
}

std::string check_made_any(const TesterRef& t, std::int32_t kind) {
  const CORBA::Any any = t->make_any(kind);
  switch (kind) {
    case 0: {
      std::int32_t l = 0;
      if (!any.extract(l)) return "not a long: TypeCode kind " + kind_of(any);
      return expect_eq(l, 42);
    }
    case 1: {
      std::string text;
      if (!any.extract(text)) return "not a string: TypeCode kind " + kind_of(any);
      return expect_eq(text, std::string("hello"));
    }
    case 2: {
      Interop::Point p;
      if (!(any >>= p)) return "not a Point: TypeCode kind " + kind_of(any);
      return diff(p, Interop::Point(7, -8));
    }
    case 3: {
      Interop::Color c{};
      if (!(any >>= c)) return "not a Color: TypeCode kind " + kind_of(any);
      return expect_eq(c, Interop::Color::BLUE);
    }
    case 4: {
      if (any.type()->kind() != rtorb::cdr::TCKind::tk_alias) {
        return "TypeCode kind " + kind_of(any) + ", expected tk_alias";
      }
      if (any.type()->id() != Interop::_tc_LongSeq->id()) return "alias id " + any.type()->id();
      Interop::LongSeq seq;
      if (!any.extract(seq, *Interop::_tc_LongSeq)) return "not a LongSeq";
      return diff_seq(seq, Interop::LongSeq{1, 2, 3});
    }
    default: {
      Interop::Outer o;
      if (!(any >>= o)) return "not an Outer: TypeCode kind " + kind_of(any);
      return diff(o, sample_outer());
    }
  }
}

// Sends `value` through echo_any: "" when the TypeCode comes back equal and `compare`
// accepts the returned any.
template <class Compare>
std::string echo_any(const TesterRef& t, const CORBA::Any& value, Compare compare) {
  const CORBA::Any r = t->echo_any(value);
  if (!r.type()->equal(*value.type())) {
    return "TypeCode changed: kind " + kind_of(r) + ", sent kind " + kind_of(value);
  }
  return compare(r);
}

template <class T>
CORBA::Any any_of(const T& value) {
  CORBA::Any any;
  any.insert(value);
  return any;
}

template <class T>
CORBA::Any any_from(const T& value) {
  CORBA::Any any;
  any <<= value;
  return any;
}

}  // namespace

void any_checks(Session& s) {
  const TesterRef& t = s.tester;
  for (std::int32_t kind = 0; kind <= 5; ++kind) {
    s.run("make_any kind " + std::to_string(kind), [&] { return check_made_any(t, kind); });
  }
  const std::vector<std::string> descriptions = {
      "long:42", "string:hello",  "Point:7,-8",
      "Color:2", "LongSeq:1,2,3", "other:IDL:Interop/Outer:1.0"};
  for (std::int32_t kind = 0; kind <= 5; ++kind) {
    s.run("describe_any of make_any kind " + std::to_string(kind), [&] {
      return expect_eq(t->describe_any(t->make_any(kind)),
                       descriptions[static_cast<std::size_t>(kind)]);
    });
  }
  s.run("describe_any long -17", [&] {
    return expect_eq(t->describe_any(any_of(std::int32_t{-17})), std::string("long:-17"));
  });
  s.run("describe_any double is other with its kind",
        [&] { return expect_eq(t->describe_any(any_of(1.5)), std::string("other:7")); });
  s.run("describe_any NumUnion is other with its id", [&] {
    Interop::NumUnion n;
    n.l(3);
    return expect_eq(t->describe_any(any_from(n)),
                     std::string("other:IDL:Interop/NumUnion:1.0"));
  });
  s.run("describe_any empty LongSeq", [&] {
    CORBA::Any a;
    a.insert(Interop::LongSeq{}, Interop::_tc_LongSeq);
    return expect_eq(t->describe_any(a), std::string("LongSeq:"));
  });

  s.run("echo_any long", [&] {
    return echo_any(t, any_of(std::int32_t{INT_MIN}), [](const CORBA::Any& r) {
      std::int32_t v = 0;
      return r.extract(v) ? expect_eq(v, std::int32_t{INT_MIN}) : "extraction failed";
    });
  });
  s.run("echo_any unsigned long long", [&] {
    return echo_any(t, any_of(std::uint64_t{ULLONG_MAX}), [](const CORBA::Any& r) {
      std::uint64_t v = 0;
      return r.extract(v) ? expect_eq(v, std::uint64_t{ULLONG_MAX}) : "extraction failed";
    });
  });
  s.run("echo_any double", [&] {
    return echo_any(t, any_of(-0.0), [](const CORBA::Any& r) {
      double v = 1;
      return r.extract(v) ? expect_same_bits(v, -0.0) : "extraction failed";
    });
  });
  s.run("echo_any boolean", [&] {
    return echo_any(t, any_of(true), [](const CORBA::Any& r) {
      bool v = false;
      return r.extract(v) ? expect_eq(v, true) : "extraction failed";
    });
  });
  s.run("echo_any string", [&] {
    return echo_any(t, any_of(std::string("any string")), [](const CORBA::Any& r) {
      std::string v;
      return r.extract(v) ? expect_eq(v, std::string("any string")) : "extraction failed";
    });
  });
  s.run("echo_any Point", [&] {
    return echo_any(t, any_from(Interop::Point(-1, 1)), [](const CORBA::Any& r) {
      Interop::Point v;
      return (r >>= v) ? diff(v, Interop::Point(-1, 1)) : "extraction failed";
    });
  });
  s.run("echo_any Color", [&] {
    return echo_any(t, any_from(Interop::Color::GREEN), [](const CORBA::Any& r) {
      Interop::Color v{};
      return (r >>= v) ? expect_eq(v, Interop::Color::GREEN) : "extraction failed";
    });
  });
  s.run("echo_any LongSeq", [&] {
    CORBA::Any a;
    a.insert(Interop::LongSeq{5, 4, 3, 2, 1}, Interop::_tc_LongSeq);
    return echo_any(t, a, [](const CORBA::Any& r) {
      Interop::LongSeq v;
      return r.extract(v, *Interop::_tc_LongSeq) ? diff_seq(v, Interop::LongSeq{5, 4, 3, 2, 1})
                                                 : "extraction failed";
    });
  });
  s.run("echo_any Outer", [&] {
    return echo_any(t, any_from(sample_outer()), [](const CORBA::Any& r) {
      Interop::Outer v;
      return (r >>= v) ? diff(v, sample_outer()) : "extraction failed";
    });
  });
  s.run("echo_any ColorUnion", [&] {
    Interop::ColorUnion cu;
    cu.b(Interop::Point(9, 8));
    return echo_any(t, any_from(cu), [&](const CORBA::Any& r) {
      Interop::ColorUnion v;
      return (r >>= v) ? diff(v, cu) : "extraction failed";
    });
  });
  s.run("echo_any any holding a short", [&] {
    return echo_any(t, any_of(any_of(std::int16_t{-2})), [](const CORBA::Any& r) {
      CORBA::Any inner;
      if (!r.extract(inner)) return std::string("extraction failed");
      std::int16_t v = 0;
      return inner.extract(v) ? expect_eq(v, std::int16_t{-2}) : "inner any is not a short";
    });
  });
  s.run("echo_any empty any", [&] {
    return expect_eq(kind_of(t->echo_any(CORBA::Any())),
                     std::to_string(static_cast<std::uint32_t>(rtorb::cdr::TCKind::tk_null)));
  });
  s.run("echo_any Oops exception", [&] {
    return echo_any(t, any_from(Interop::Oops(3, "in an any", {3, 4})),
                    [](const CORBA::Any& r) {
                      Interop::Oops v;
                      if (!(r >>= v)) return std::string("extraction failed");
                      return first_failure({expect_eq(v.code(), 3),
                                            expect_eq(v.reason(), std::string("in an any")),
                                            diff_seq(v.details(), Interop::LongSeq{3, 4})});
                    });
  });
  s.run_wide("echo_any wstring", [&] {
    return echo_any(t, any_of(std::wstring(L"wide \x20ac")), [](const CORBA::Any& r) {
      std::wstring v;
      return r.extract(v) ? expect_eq(v, std::wstring(L"wide \x20ac")) : "extraction failed";
    });
  });
  s.run("echo_any Counter reference", [&] {
    CORBA::Any a;
    a.insert(s.local_counter, Interop::_tc_Counter);
    return echo_any(t, a, [&](const CORBA::Any& r) -> std::string {
      CounterRef c;
      if (!r.extract(c, *Interop::_tc_Counter)) return "extraction failed";
      if (c == nullptr) return "nil";
      return c->_is_equivalent(s.local_counter) ? "" : "not the Counter sent";
    });
  });
}

}  // namespace rtorb_interop::client
