// CORBA::Any: a TypeCode and a value held as CDR bytes, and the TypeCode-driven walker that
// skips or re-marshals a value of any type.
#pragma once

#include <rtorb/cdr/codec.hpp>
#include <rtorb/cdr/type_code.hpp>
#include <rtorb/base/object_reference.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace CORBA {
class ValueBase;
}  // namespace CORBA

namespace rtorb::cdr {

// Reads (and validates) one value of type `tc` without keeping it; true if it held a value
// type's value (whose bytes may then refer to repository ids outside it, so they are not
// kept as they are). Raises MARSHAL for malformed data (the minor code of the stream read
// that failed, marshal_bad_enum, marshal_bad_union_discriminator, marshal_bound_exceeded,
// marshal_nesting_too_deep, the value codes of value_codec.hpp) and NO_IMPLEMENT
// (no_implement_value_type) for event types. The value of an abstract interface is made by
// the stream's InputOptions::value_factories (none: MARSHAL marshal_no_value_factory).
bool skip_value(InputStream& in, const TypeCode& tc);
// Reads one value of type `tc` from `in` and writes it to `out`, converting byte order,
// alignment, GIOP wchar rules and code sets as the two streams' options say.
void copy_value(InputStream& in, OutputStream& out, const TypeCode& tc);

// The value is kept as CDR in byte_order(), laid out as if it started at a stream offset
// that is a multiple of 8 (so its padding is right wherever it is copied), encoded under
// the GIOP minor version and code sets recorded with it. Writing it to a stream with the
// same byte order, options and alignment is one memcpy; otherwise copy_value re-marshals.
class Any {
 public:
  Any() : type_(TypeCode::basic(TCKind::tk_null)) {}

  const TypeCodeRef& type() const noexcept { return type_; }
  std::span<const std::uint8_t> value_bytes() const noexcept { return value_; }
  ByteOrder byte_order() const noexcept { return order_; }
  // A stream over the value, set up as it was encoded.
  InputStream value_stream() const;

  // Replaces the contents with a value of type `tc` that `encode(OutputStream&)` writes.
  template <class Encode>
  void set(TypeCodeRef tc, Encode&& encode) {
    OutputStream os;
    encode(os);
    assign(std::move(tc), os.to_bytes(), native_byte_order, OutputOptions{});
  }
  // Calls `decode(InputStream&)` when this any holds a type equivalent to `tc`; returns
  // whether it did.
  template <class Decode>
  bool get(const TypeCode& tc, Decode&& decode) const {
    if (!type_->equivalent(tc)) return false;
    InputStream is = value_stream();
    decode(is);
    return true;
  }

  // Any type with a Codec, described by `tc` (which the caller vouches for).
  template <class T>
  void insert(const T& value, TypeCodeRef tc) {
    set(std::move(tc), [&value](OutputStream& os) { Codec<T>::write(os, value); });
  }
  template <class T>
  bool extract(T& value, const TypeCode& tc) const {
    return get(tc, [&value](InputStream& is) { Codec<T>::read(is, value); });
  }
  // Basic types, strings, TypeCodes and anys, whose TypeCode is implied.
  template <class T>
  void insert(const T& value);
  template <class T>
  bool extract(T& value) const;

  // Takes ownership of bytes already encoded (what read_any does).
  void assign(TypeCodeRef tc, std::vector<std::uint8_t> value, ByteOrder order,
              const OutputOptions& encoded_with);
  const OutputOptions& encoded_with() const noexcept { return options_; }
  // The ORB object references inside the value belong to (InputOptions::references): an
  // any read from a request or reply remembers its ORB. TODO(spec): the any does not keep
  // that ORB alive; extracting a reference after ORB::destroy is undefined.
  // `value_factories` finds that ORB's value factories (InputOptions::value_factories).
  void set_references(void* orb, ValueFactoryLookup value_factories) noexcept {
    references_ = orb;
    value_factories_ = value_factories;
  }

  // The value an abstract interface's any was made from in this process (orb::insert_abstract).
  // The TypeCode does not name the value's type, so writing the any here and extracting it
  // use the object itself rather than a factory. Null otherwise; assign() clears it.
  const CORBA::object_reference<CORBA::ValueBase>& local_value() const noexcept { return local_value_; }
  void set_local_value(CORBA::object_reference<CORBA::ValueBase> value) noexcept {
    local_value_ = std::move(value);
  }

 private:
  TypeCodeRef type_;
  std::vector<std::uint8_t> value_;
  ByteOrder order_ = native_byte_order;
  OutputOptions options_;
  void* references_ = nullptr;
  ValueFactoryLookup value_factories_ = nullptr;
  CORBA::object_reference<CORBA::ValueBase> local_value_;
};

// The any on the wire: TypeCode then value (CORBA 3.x, 9.3.2.9). read_any bounds any-in-any
// nesting through InputStream::enter_nested.
void write_any(OutputStream& os, const Any& any);
Any read_any(InputStream& is);

// The TypeCode a basic C++ type implies.
template <class T>
TypeCodeRef type_code_of();

template <>
struct Codec<Any> {
  static constexpr std::size_t min_size = 4;
  static void write(OutputStream& os, const Any& v) { write_any(os, v); }
  static void read(InputStream& is, Any& v) { v = read_any(is); }
};

template <>
struct Codec<TypeCodeRef> {
  static constexpr std::size_t min_size = 4;
  static void write(OutputStream& os, const TypeCodeRef& v) { write_type_code(os, *v); }
  static void read(InputStream& is, TypeCodeRef& v) { v = read_type_code(is); }
};

#define RTORB_TYPE_CODE_OF(TYPE, KIND) \
  template <>                          \
  inline TypeCodeRef type_code_of<TYPE>() { return TypeCode::basic(TCKind::KIND); }
RTORB_TYPE_CODE_OF(bool, tk_boolean)
RTORB_TYPE_CODE_OF(char, tk_char)
RTORB_TYPE_CODE_OF(wchar_t, tk_wchar)
RTORB_TYPE_CODE_OF(std::uint8_t, tk_octet)
RTORB_TYPE_CODE_OF(std::int16_t, tk_short)
RTORB_TYPE_CODE_OF(std::uint16_t, tk_ushort)
RTORB_TYPE_CODE_OF(std::int32_t, tk_long)
RTORB_TYPE_CODE_OF(std::uint32_t, tk_ulong)
RTORB_TYPE_CODE_OF(std::int64_t, tk_longlong)
RTORB_TYPE_CODE_OF(std::uint64_t, tk_ulonglong)
RTORB_TYPE_CODE_OF(float, tk_float)
RTORB_TYPE_CODE_OF(double, tk_double)
RTORB_TYPE_CODE_OF(long double, tk_longdouble)
RTORB_TYPE_CODE_OF(Any, tk_any)
RTORB_TYPE_CODE_OF(TypeCodeRef, tk_TypeCode)
#undef RTORB_TYPE_CODE_OF
template <>
inline TypeCodeRef type_code_of<std::string>() { return TypeCode::string(); }
template <>
inline TypeCodeRef type_code_of<std::wstring>() { return TypeCode::wstring(); }

template <class T>
void Any::insert(const T& value) {
  insert(value, type_code_of<T>());
}

template <class T>
bool Any::extract(T& value) const {
  return extract(value, *type_code_of<T>());
}

}  // namespace rtorb::cdr
