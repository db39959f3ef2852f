// The rtorb interop client's checks of objects: references passed and returned (the
// client's own Counter called back), inheritance, oneways, attributes and escaped names.
#include <climits>
#include <string>

#include "rtorb_interop_client.hpp"

namespace rtorb_interop::client {

using rtorb::interop::wait_for_oneway;

void object_checks(Session& s) {
  const TesterRef& t = s.tester;
  CounterRef first;
  s.run("create_counter", [&]() -> std::string {
    first = t->create_counter("first", 10);
    return first == nullptr ? "nil" : "";
  });
  if (first == nullptr) return;
  s.run("Counter increment", [&] { return expect_eq(first->increment(5), 15); });
  s.run("Counter value", [&] { return expect_eq(first->value(), 15); });
  s.run("Counter name", [&] { return expect_eq(first->name(), std::string("first")); });
  s.run("Counter set name", [&] {
    first->name("renamed");
    return expect_eq(first->name(), std::string("renamed"));
  });
  s.run("a second Counter is a separate object", [&]() -> std::string {
    const CounterRef second = t->create_counter("second", -3);
    if (first->_is_equivalent(second)) return "same object as the first";
    return first_failure({expect_eq(second->value(), -3), expect_eq(first->value(), 15)});
  });
  s.run("use_counter on the server's Counter",
        [&] { return expect_eq(t->use_counter(first, 3), 18); });
  s.run("use_counter calls back the client's Counter", [&] {
    return first_failure({expect_eq(t->use_counter(s.local_counter, 4), 104),
                          in_part("local value", expect_eq(s.local_counter->value(), 104))});
  });

  s.run("echo_object returns the Counter", [&]() -> std::string {
    const ObjectRef o = t->echo_object(first);
    if (o == nullptr) return "nil";
    if (!o->_is_equivalent(first)) return "not equivalent";
    const CounterRef c = IDL::traits<Interop::Counter>::narrow(o);
    if (c == nullptr) return "narrow to Counter gave nil";
    return expect_eq(c->value(), 18);
  });
  s.run("echo_object returns the client's own Counter", [&]() -> std::string {
    const CounterRef c = IDL::traits<Interop::Counter>::narrow(t->echo_object(s.local_counter));
    if (c == nullptr) return "nil";
    return expect_eq(c->value(), 104);
  });
  s.run("echo_object returns the Tester", [&]() -> std::string {
    return t->echo_object(t)->_is_equivalent(t) ? "" : "not equivalent";
  });
  s.run("echo_object nil",
        [&]() -> std::string { return t->echo_object(nullptr) == nullptr ? "" : "not nil"; });
  s.run("nil_counter",
        [&]() -> std::string { return t->nil_counter() == nullptr ? "" : "not nil"; });
  s.run("is_nil nil", [&] { return expect_eq(t->is_nil(nullptr), true); });
  s.run("is_nil Counter", [&] { return expect_eq(t->is_nil(first), false); });
  s.run("is_nil client's Counter",
        [&] { return expect_eq(t->is_nil(s.local_counter), false); });

  const std::string derived_id = IDL::traits<Interop::Derived>::repository_id;
  s.run("get_base", [&]() -> std::string {
    const BaseRef b = t->get_base();
    if (b == nullptr) return "nil";
    return first_failure(
        {in_part("kind", expect_eq(b->kind(), std::string("base"))),
         in_part("base_op", expect_eq(b->base_op("x"), std::string("base:x")))});
  });
  s.run("get_base is not a Derived", [&]() -> std::string {
    const BaseRef b = t->get_base();
    if (b->_is_a(derived_id)) return "_is_a Derived says true";
    return IDL::traits<Interop::Derived>::narrow(b) == nullptr ? ""
                                                               : "narrow to Derived succeeded";
  });
  s.run("get_base _non_existent is false",
        [&]() -> std::string { return t->get_base()->_non_existent() ? "true" : ""; });
  s.run("get_derived_as_base", [&]() -> std::string {
    const BaseRef b = t->get_derived_as_base();
    if (b == nullptr) return "nil";
    return first_failure({in_part("kind", expect_eq(b->kind(), std::string("derived"))),
                          in_part("base_op", expect_eq(b->base_op(""), std::string("base:")))});
  });
  s.run("get_derived_as_base narrows to Derived", [&]() -> std::string {
    const BaseRef b = t->get_derived_as_base();
    if (!b->_is_a(derived_id)) return "_is_a Derived says false";
    const DerivedRef d = IDL::traits<Interop::Derived>::narrow(b);
    if (d == nullptr) return "narrow gave nil";
    return expect_eq(d->derived_op(7), 21);
  });
  s.run("get_derived", [&]() -> std::string {
    const DerivedRef d = t->get_derived();
    if (d == nullptr) return "nil";
    return first_failure(
        {in_part("derived_op", expect_eq(d->derived_op(-5), -15)),
         in_part("kind", expect_eq(d->kind(), std::string("derived"))),
         in_part("base_op", expect_eq(d->base_op("d"), std::string("base:d")))});
  });
}

// -------------------------------------------------- oneway, attributes, escapes

void oneway_and_attribute_checks(Session& s) {
  const TesterRef& t = s.tester;
  for (const std::int32_t token : {0x5eed, -77}) {
    s.run("oneway_set then last_oneway " + std::to_string(token), [&] {
      t->oneway_set(token);
      return wait_for_oneway(t, token);
    });
  }
  s.run("version attribute",
        [&] { return expect_eq(t->version(), std::string(Interop::VERSION)); });
  for (const std::int32_t v : {INT_MIN, 123}) {
    s.run("rw_long attribute " + std::to_string(v), [&] {
      t->rw_long(v);
      return expect_eq(t->rw_long(), v);
    });
  }
  for (const Interop::Color c : {Interop::Color::BLUE, Interop::Color::GREEN}) {
    s.run("rw_color attribute " + std::to_string(static_cast<int>(c)), [&] {
      t->rw_color(c);
      return expect_eq(t->rw_color(), c);
    });
  }
  s.run("operation named default", [&] { return expect_eq(t->_cxx_default(5), 105); });
  s.run("operation named in", [&] { return expect_eq(t->in(5), -95); });
  s.run("Tester _is_a Tester", [&]() -> std::string {
    return t->_is_a(IDL::traits<Interop::Tester>::repository_id) ? "" : "false";
  });
}

}  // namespace rtorb_interop::client
