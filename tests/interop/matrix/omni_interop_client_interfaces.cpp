// The omniORB interop client's checks of objects: references passed and returned (the
// client's own Counter called back), inheritance, oneways, attributes and escaped names.
#include <climits>
#include <string>

#include "omni_interop_client.hpp"

namespace omni_interop::client {

using rtorb::interop::wait_for_oneway;

void object_checks(Session& s) {
  Interop::Tester_ptr t = s.tester;
  Interop::Counter_var first;
  s.run("create_counter", [&]() -> std::string {
    first = t->create_counter("first", 10);
    return CORBA::is_nil(first) ? "nil" : "";
  });
  if (CORBA::is_nil(first)) return;
  s.run("Counter increment", [&] { return expect_eq(first->increment(5), 15); });
  s.run("Counter value", [&] { return expect_eq(first->value(), 15); });
  s.run("Counter name", [&] {
    CORBA::String_var name = first->name();
    return expect_eq(str(name), std::string("first"));
  });
  s.run("Counter set name", [&] {
    first->name("renamed");
    CORBA::String_var name = first->name();
    return expect_eq(str(name), std::string("renamed"));
  });
  s.run("a second Counter is a separate object", [&]() -> std::string {
    Interop::Counter_var second = t->create_counter("second", -3);
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
    CORBA::Object_var o = t->echo_object(first);
    if (CORBA::is_nil(o)) return "nil";
    if (!o->_is_equivalent(first)) return "not equivalent";
    Interop::Counter_var c = Interop::Counter::_narrow(o);
    if (CORBA::is_nil(c)) return "narrow to Counter gave nil";
    return expect_eq(c->value(), 18);
  });
  s.run("echo_object returns the client's own Counter", [&]() -> std::string {
    CORBA::Object_var o = t->echo_object(s.local_counter);
    Interop::Counter_var c = Interop::Counter::_narrow(o);
    if (CORBA::is_nil(c)) return "nil";
    return expect_eq(c->value(), 104);
  });
  s.run("echo_object returns the Tester", [&]() -> std::string {
    CORBA::Object_var o = t->echo_object(t);
    return o->_is_equivalent(t) ? "" : "not equivalent";
  });
  s.run("echo_object nil", [&]() -> std::string {
    CORBA::Object_var o = t->echo_object(CORBA::Object::_nil());
    return CORBA::is_nil(o) ? "" : "not nil";
  });
  s.run("nil_counter", [&]() -> std::string {
    Interop::Counter_var c = t->nil_counter();
    return CORBA::is_nil(c) ? "" : "not nil";
  });
  s.run("is_nil nil",
        [&] { return expect_eq(static_cast<bool>(t->is_nil(CORBA::Object::_nil())), true); });
  s.run("is_nil Counter",
        [&] { return expect_eq(static_cast<bool>(t->is_nil(first)), false); });
  s.run("is_nil client's Counter",
        [&] { return expect_eq(static_cast<bool>(t->is_nil(s.local_counter)), false); });

  const char* derived_id = Interop::_tc_Derived->id();
  s.run("get_base", [&]() -> std::string {
    Interop::Base_var b = t->get_base();
    if (CORBA::is_nil(b)) return "nil";
    CORBA::String_var kind = b->kind();
    CORBA::String_var op = b->base_op("x");
    return first_failure({in_part("kind", expect_eq(str(kind), std::string("base"))),
                          in_part("base_op", expect_eq(str(op), std::string("base:x")))});
  });
  s.run("get_base is not a Derived", [&]() -> std::string {
    Interop::Base_var b = t->get_base();
    if (b->_is_a(derived_id)) return "_is_a Derived says true";
    Interop::Derived_var d = Interop::Derived::_narrow(b);
    return CORBA::is_nil(d) ? "" : "narrow to Derived succeeded";
  });
  s.run("get_base _non_existent is false", [&]() -> std::string {
    Interop::Base_var b = t->get_base();
    return b->_non_existent() ? "true" : "";
  });
  s.run("get_derived_as_base", [&]() -> std::string {
    Interop::Base_var b = t->get_derived_as_base();
    if (CORBA::is_nil(b)) return "nil";
    CORBA::String_var kind = b->kind();
    CORBA::String_var op = b->base_op("");
    return first_failure({in_part("kind", expect_eq(str(kind), std::string("derived"))),
                          in_part("base_op", expect_eq(str(op), std::string("base:")))});
  });
  s.run("get_derived_as_base narrows to Derived", [&]() -> std::string {
    Interop::Base_var b = t->get_derived_as_base();
    if (!b->_is_a(derived_id)) return "_is_a Derived says false";
    Interop::Derived_var d = Interop::Derived::_narrow(b);
    if (CORBA::is_nil(d)) return "narrow gave nil";
    return expect_eq(d->derived_op(7), 21);
  });
  s.run("get_derived", [&]() -> std::string {
    Interop::Derived_var d = t->get_derived();
    if (CORBA::is_nil(d)) return "nil";
    CORBA::String_var kind = d->kind();
    CORBA::String_var op = d->base_op("d");
    return first_failure({in_part("derived_op", expect_eq(d->derived_op(-5), -15)),
                          in_part("kind", expect_eq(str(kind), std::string("derived"))),
                          in_part("base_op", expect_eq(str(op), std::string("base:d")))});
  });
}

// -------------------------------------------------- oneway, attributes, escapes

void oneway_and_attribute_checks(Session& s) {
  Interop::Tester_ptr t = s.tester;
  for (const CORBA::Long token : {0x5eed, -77}) {
    s.run("oneway_set then last_oneway " + std::to_string(token), [&] {
      t->oneway_set(token);
      return wait_for_oneway(t, token);
    });
  }

  s.run("version attribute", [&] {
    CORBA::String_var v = t->version();
    return expect_eq(str(v), std::string(Interop::VERSION));
  });
  for (const CORBA::Long v : {INT_MIN, 123}) {
    s.run("rw_long attribute " + std::to_string(v), [&] {
      t->rw_long(v);
      return expect_eq(t->rw_long(), v);
    });
  }
  for (const Interop::Color c : {Interop::BLUE, Interop::GREEN}) {
    s.run("rw_color attribute " + std::to_string(static_cast<int>(c)), [&] {
      t->rw_color(c);
      return expect_eq(t->rw_color(), c);
    });
  }

  s.run("operation named default", [&] { return expect_eq(t->_cxx_default(5), 105); });
  s.run("operation named in", [&] { return expect_eq(t->in(5), -95); });
  s.run("Tester _is_a Tester",
        [&]() -> std::string { return t->_is_a(Interop::_tc_Tester->id()) ? "" : "false"; });
}

}  // namespace omni_interop::client
