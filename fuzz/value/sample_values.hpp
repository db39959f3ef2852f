// Value types written the way rtorb-idl writes them, for the value decoder's fuzzer and its
// seeds: valuetype Node { long id; string label; Node next; }; valuetype Base { long a; };
// valuetype Extended : truncatable Base { double c; Node n; }; valuetype Box string;
// and a custom value, Custom, whose unmarshal reads a count, that many longs and a Custom
// (as a DataInputStream would: a chunk may end before each item).
#pragma once

#include <rtorb/cdr/value_codec.hpp>
#include <rtorb/idl/value_box.hpp>

#include <string>
#include <vector>

namespace rtorb::fuzz {

using cdr::InputStream;
using cdr::OutputStream;
using cdr::ValueTypeInfo;

// Which factories the decoding "ORB" has (bit 0: Extended), set per input.
inline unsigned& known_factories() {
  static unsigned bits = 0;
  return bits;
}

// Every value made for an input, so the fuzzer can break the cycles among them after it.
inline std::vector<CORBA::ValueBase::_ref_type>& created() {
  static std::vector<CORBA::ValueBase::_ref_type> values;
  return values;
}

template <class T>
CORBA::ValueBase::_ref_type create() {
  auto value = CORBA::make_reference<T>();
  created().push_back(value);
  return value;
}

template <class T>
CORBA::valuetype_reference<T> read_as(InputStream& is);

class Node : public virtual CORBA::ValueBase {
 public:
  std::int32_t id = 0;
  std::string label;
  CORBA::valuetype_reference<Node> next;
  static const ValueTypeInfo& rtorb_value_info() noexcept {
    static const ValueTypeInfo info{"IDL:Fuzz/Node:1.0"};
    return info;
  }
  _ref_type _copy_value() const override { return CORBA::make_reference<Node>(*this); }
  const ValueTypeInfo& rtorb_type() const noexcept override { return rtorb_value_info(); }
  void rtorb_write_state(OutputStream& os) const override {
    os.write_long(id);
    os.write_string(label);
    cdr::write_value(os, next.shared().get());
  }
  void rtorb_read_state(InputStream& is) override {
    cdr::value_member_boundary(is);
    id = is.read_long();
    cdr::value_member_boundary(is);
    label = is.read_string();
    cdr::value_member_boundary(is);
    next = read_as<Node>(is);
  }
  void rtorb_release_values() noexcept override { next = nullptr; }
};

class Base : public virtual CORBA::ValueBase {
 public:
  std::int32_t a = 0;
  static const ValueTypeInfo& rtorb_value_info() noexcept {
    static const ValueTypeInfo info{"IDL:Fuzz/Base:1.0"};
    return info;
  }
  _ref_type _copy_value() const override { return CORBA::make_reference<Base>(*this); }
  const ValueTypeInfo& rtorb_type() const noexcept override { return rtorb_value_info(); }
  void rtorb_write_state(OutputStream& os) const override { os.write_long(a); }
  void rtorb_read_state(InputStream& is) override {
    cdr::value_member_boundary(is);
    a = is.read_long();
  }
};

class Extended : public Base {
 public:
  double c = 0;
  CORBA::valuetype_reference<Node> n;
  static const ValueTypeInfo& rtorb_value_info() noexcept {
    static const ValueTypeInfo info{"IDL:Fuzz/Extended:1.0", &Base::rtorb_value_info(), true};
    return info;
  }
  _ref_type _copy_value() const override { return CORBA::make_reference<Extended>(*this); }
  const ValueTypeInfo& rtorb_type() const noexcept override { return rtorb_value_info(); }
  void rtorb_write_state(OutputStream& os) const override {
    Base::rtorb_write_state(os);
    os.write_double(c);
    cdr::write_value(os, n.shared().get());
  }
  void rtorb_read_state(InputStream& is) override {
    Base::rtorb_read_state(is);
    cdr::value_member_boundary(is);
    c = is.read_double();
    cdr::value_member_boundary(is);
    n = read_as<Node>(is);
  }
  void rtorb_release_values() noexcept override { n = nullptr; }
};

class Custom : public virtual CORBA::ValueBase {
 public:
  std::vector<std::int32_t> items;
  CORBA::valuetype_reference<Custom> inner;
  static const ValueTypeInfo& rtorb_value_info() noexcept {
    static const ValueTypeInfo info{"IDL:Fuzz/Custom:1.0", nullptr, false, true};
    return info;
  }
  _ref_type _copy_value() const override { return CORBA::make_reference<Custom>(*this); }
  const ValueTypeInfo& rtorb_type() const noexcept override { return rtorb_value_info(); }
  void rtorb_write_state(OutputStream& os) const override {
    os.write_ulong(static_cast<std::uint32_t>(items.size()));
    for (const std::int32_t i : items) os.write_long(i);
    cdr::write_value(os, inner.shared().get());
  }
  void rtorb_read_state(InputStream& is) override {
    cdr::value_member_boundary(is);
    const std::uint32_t count = is.read_length(4);
    for (std::uint32_t i = 0; i < count; ++i) {
      cdr::value_member_boundary(is);
      items.push_back(is.read_long());
    }
    cdr::value_member_boundary(is);
    inner = read_as<Custom>(is);
  }
  void rtorb_release_values() noexcept override { inner = nullptr; }
};

class Box : public rtorb::detail::value_box<Box, std::string> {
 public:
  using value_box::value_box;
  static const ValueTypeInfo& rtorb_value_info() noexcept {
    static const ValueTypeInfo info{"IDL:Fuzz/Box:1.0"};
    return info;
  }
};

class Factory final : public CORBA::ValueFactoryBase {
 public:
  CORBA::ValueBase::_ref_type create_for_unmarshal() override { return create<Extended>(); }
};

inline CORBA::object_reference<CORBA::ValueFactoryBase> lookup(const InputStream&, const std::string& id) {
  if ((known_factories() & 1) != 0 && id == Extended::rtorb_value_info().repository_id) {
    return CORBA::make_reference<Factory>();
  }
  return nullptr;
}

// The generated codec's read, without an ORB: a value of another type is MARSHAL.
template <class T>
CORBA::valuetype_reference<T> read_as(InputStream& is) {
  const auto v = cdr::read_value(is, T::rtorb_value_info(), &create<T>, &lookup);
  if (!v) return nullptr;
  auto typed = std::dynamic_pointer_cast<T>(v.shared());
  if (!typed) raise<CORBA::MARSHAL>(minor::marshal_wrong_value_type, "wrong value type");
  return CORBA::valuetype_reference<T>::adopt(std::move(typed));
}

}  // namespace rtorb::fuzz
