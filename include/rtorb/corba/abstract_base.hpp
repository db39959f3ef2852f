// CORBA::AbstractBase (IDL to C++11 mapping, abstract interfaces; CORBA 3.x, 7.9 and
// 9.3.7): the base of every abstract interface's class. What it refers to is either an
// object reference (a proxy of an interface derived from the abstract one) or a value whose
// type supports it; _to_object and _to_value say which, and the CDR union says the same.
#pragma once

#include <rtorb/corba/object.hpp>
#include <rtorb/corba/value_base.hpp>

#include <memory>

namespace CORBA {

class AbstractBase {
 public:
  using _ref_type = object_reference<AbstractBase>;

  virtual ~AbstractBase() = default;
  // The object reference this is; nil when it is a value.
  virtual object_reference<Object> _to_object() { return nullptr; }
  // The value this is (the same value, not a copy); null when it is an object reference.
  virtual valuetype_reference<ValueBase> _to_value() { return nullptr; }

 protected:
  AbstractBase() = default;
  AbstractBase(const AbstractBase&) = default;
  AbstractBase& operator=(const AbstractBase&) = default;
};

}  // namespace CORBA

namespace IDL {

template <>
struct traits<CORBA::AbstractBase> {
  using value_type = CORBA::AbstractBase;
  using ref_type = CORBA::object_reference<CORBA::AbstractBase>;
  using weak_ref_type = CORBA::weak_object_reference<CORBA::AbstractBase>;
  static constexpr const char* repository_id = "IDL:omg.org/CORBA/AbstractBase:1.0";
  static ref_type narrow(const ref_type& a) noexcept { return a; }
};

}  // namespace IDL

namespace rtorb::detail {

// What the classes generated for abstract interfaces and for values supporting them add to
// AbstractBase. A proxy (the abstract interface's own, or one of an interface derived from
// it) is an object reference; `_to_object` is a new proxy on the same ObjectCore. Itself,
// it is the proxy of a reference read as a CORBA::AbstractBase.
class AbstractObject : public virtual CORBA::Object, public virtual CORBA::AbstractBase {
 public:
  CORBA::object_reference<CORBA::Object> _to_object() override {
    return rtorb::orb::ProxyAccess::make<CORBA::Object>(rtorb::orb::core_of(*this));
  }

 protected:
  AbstractObject() = default;

 private:
  friend struct rtorb::orb::ProxyAccess;
  explicit AbstractObject(std::shared_ptr<rtorb::orb::ObjectCore> core) : CORBA::Object(std::move(core)) {}
};

// A value whose type supports an abstract interface. `_to_value` needs the value's own
// reference, so it remembers it (make_reference sets it); a value no reference owns (one
// on the stack) answers null.
class AbstractValue : public virtual CORBA::ValueBase,
                      public virtual CORBA::AbstractBase,
                      public std::enable_shared_from_this<AbstractValue> {
 public:
  CORBA::valuetype_reference<CORBA::ValueBase> _to_value() override {
    auto self = weak_from_this().lock();
    if (!self) return nullptr;
    return CORBA::valuetype_reference<CORBA::ValueBase>::adopt(
        std::shared_ptr<CORBA::ValueBase>(std::move(self), static_cast<CORBA::ValueBase*>(this)));
  }

 protected:
  AbstractValue() = default;
  AbstractValue(const AbstractValue&) : std::enable_shared_from_this<AbstractValue>() {}
  AbstractValue& operator=(const AbstractValue&) { return *this; }
};

// IDL::traits<A>::narrow of an abstract interface A from another abstract reference: a cast
// (values and proxies are both already what they are).
template <class A, class U>
CORBA::object_reference<A> narrow_abstract(const CORBA::object_reference<U>& a) noexcept {
  return CORBA::object_reference<A>::adopt(std::dynamic_pointer_cast<A>(a.shared()));
}

}  // namespace rtorb::detail
