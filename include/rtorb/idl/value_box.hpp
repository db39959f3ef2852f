// The common part of every value box class rtorb-idl generates (IDL to C++11 mapping, 6.18):
// the boxed value with its _value() accessors, copying and marshaling.
#pragma once

#include <rtorb/cdr/codec.hpp>
#include <rtorb/corba/value_base.hpp>

#include <utility>

namespace rtorb::detail {

// `Box` is the generated class (it adds rtorb_value_info()), `T` the boxed C++ type.
template <class Box, class T>
class value_box : public virtual CORBA::ValueBase {
 public:
  using boxed_type = T;

  value_box() = default;
  explicit value_box(T value) : value_(std::move(value)) {}

  const T& _value() const noexcept { return value_; }
  T& _value() noexcept { return value_; }
  void _value(T value) { value_ = std::move(value); }

  _ref_type _copy_value() const override {
    return CORBA::make_reference<Box>(static_cast<const Box&>(*this));
  }
  const cdr::ValueTypeInfo& rtorb_type() const noexcept override { return Box::rtorb_value_info(); }
  void rtorb_write_state(cdr::OutputStream& os) const override { cdr::Codec<T>::write(os, value_); }
  void rtorb_read_state(cdr::InputStream& is) override { cdr::Codec<T>::read(is, value_); }
  void rtorb_release_values() noexcept override { value_ = T{}; }
  static CORBA::ValueBase::_ref_type rtorb_create() { return CORBA::make_reference<Box>(); }

 private:
  T value_{};
};

}  // namespace rtorb::detail
