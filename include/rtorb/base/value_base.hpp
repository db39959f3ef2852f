// CORBA::ValueBase and CORBA::ValueFactoryBase (IDL to C++11 mapping, 6.17-6.19; CORBA 3.x,
// chapter 9 "Value Type Semantics") and IDL::traits for them.
//
// A value is held through IDL::traits<V>::ref_type, a CORBA::object_reference<V>: shared
// ownership, null allowed, made with CORBA::make_reference<OBV_M::V>(...). Sharing is what
// a value graph on the wire keeps: a value referenced twice in one message is one C++ object
// after unmarshaling, and a cycle a -> b -> a stays a cycle (break it by hand, or hold one
// edge through a weak_ref_type, before dropping the last reference: counting cannot free it).
#pragma once

#include <rtorb/base/object_reference.hpp>
#include <rtorb/base/idl_traits.hpp>

#include <memory>
#include <string>

namespace rtorb::cdr {
class InputStream;
class OutputStream;

// What the CDR layer needs to know about one value type (generated beside each class).
struct ValueTypeInfo {
  const char* repository_id;
  // The concrete base value type (state inherited and marshaled first), or null.
  const ValueTypeInfo* base = nullptr;
  // `base` is inherited `truncatable`: a receiver knowing only the base may keep that part.
  bool truncatable = false;
  // A custom value type (CORBA::CustomMarshal): always chunked on the wire, and its state
  // may not refer back to the value itself (a cycle through it is MARSHAL).
  bool custom = false;
};
}  // namespace rtorb::cdr

namespace CORBA {

template <class T>
using valuetype_reference = object_reference<T>;
template <class T>
using weak_valuetype_reference = weak_object_reference<T>;

class ValueBase;
class ValueFactoryBase;

}  // namespace CORBA

namespace IDL {

template <>
struct traits<CORBA::ValueBase> {
  using value_type = CORBA::ValueBase;
  using ref_type = CORBA::valuetype_reference<CORBA::ValueBase>;
  using weak_ref_type = CORBA::weak_valuetype_reference<CORBA::ValueBase>;
  using in_type = const ref_type&;
  using out_type = ref_type&;
  using inout_type = ref_type&;
  static constexpr const char* repository_id = "IDL:omg.org/CORBA/ValueBase:1.0";
  static ref_type narrow(const ref_type& v) noexcept { return v; }
};

template <>
struct traits<CORBA::ValueFactoryBase> {
  using value_type = CORBA::ValueFactoryBase;
  using ref_type = CORBA::object_reference<CORBA::ValueFactoryBase>;
  using weak_ref_type = CORBA::weak_object_reference<CORBA::ValueFactoryBase>;
};

}  // namespace IDL

namespace CORBA {

// The root of every value type and value box. Its state is reached only through the
// generated classes; the `rtorb_` members are what the CDR layer marshals through.
class ValueBase {
 public:
  using _ref_type = IDL::traits<ValueBase>::ref_type;

  virtual ~ValueBase() = default;

  // A deep copy of this value's state; values it refers to are shared, not copied (as the
  // C++ mapping's _copy_value, which copies the object, not the graph).
  virtual _ref_type _copy_value() const = 0;
  // The repository id of the most derived type.
  std::string _obv_typeid() const { return rtorb_type().repository_id; }

  // --- rtorb: marshaling hooks (generated) ------------------------------------------
  // The most derived type of this value.
  virtual const rtorb::cdr::ValueTypeInfo& rtorb_type() const noexcept = 0;
  // Writes the state, inherited first (CORBA 3.x, 9.3.4.8: base state precedes derived).
  virtual void rtorb_write_state(rtorb::cdr::OutputStream& os) const = 0;
  // Reads the state that rtorb_write_state writes.
  virtual void rtorb_read_state(rtorb::cdr::InputStream& is) = 0;
  // Resets the state, dropping the references it holds to other values: a failed unmarshal
  // calls it on every value it made, so cycles among them do not outlive the message.
  virtual void rtorb_release_values() noexcept {}

 protected:
  ValueBase() = default;
  ValueBase(const ValueBase&) = default;
  ValueBase& operator=(const ValueBase&) = default;
};

// Creates values for unmarshaling (CORBA 3.x, 9.4.1 and the mapping's ValueFactoryBase):
// register one per value type with ORB::register_value_factory. rtorb-idl generates V_init;
// a concrete one (the value type has no operations) is what most programs register.
class ValueFactoryBase {
 public:
  virtual ~ValueFactoryBase() = default;
  // An empty value whose state unmarshaling then fills in.
  virtual ValueBase::_ref_type create_for_unmarshal() = 0;

 protected:
  ValueFactoryBase() = default;
};

}  // namespace CORBA
