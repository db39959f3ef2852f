// CORBA::CustomMarshal, CORBA::DataOutputStream and CORBA::DataInputStream (CORBA 3.x, 9.5.2
// "Custom Marshaling"; IDL to C++11 mapping, abstract value types). A `custom valuetype`
// derives from CustomMarshal: the ORB hands its marshal and unmarshal the value's part of the
// message as a data stream, and the value writes and reads its state in any order it likes.
//
// The streams exist only during those calls: keeping one past them and using it raises
// BAD_INV_ORDER bad_inv_order_data_stream_closed.
#pragma once

#include <rtorb/cdr/any.hpp>
#include <rtorb/cdr/type_code.hpp>
#include <rtorb/corba/abstract_base.hpp>
#include <rtorb/corba/object.hpp>
#include <rtorb/corba/value_base.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace CORBA {

class DataOutputStream;
class DataInputStream;
class CustomMarshal;

}  // namespace CORBA

namespace IDL {

template <>
struct traits<CORBA::DataOutputStream> {
  using value_type = CORBA::DataOutputStream;
  using ref_type = CORBA::valuetype_reference<CORBA::DataOutputStream>;
  using weak_ref_type = CORBA::weak_valuetype_reference<CORBA::DataOutputStream>;
  static constexpr const char* repository_id = "IDL:omg.org/CORBA/DataOutputStream:1.0";
};

template <>
struct traits<CORBA::DataInputStream> {
  using value_type = CORBA::DataInputStream;
  using ref_type = CORBA::valuetype_reference<CORBA::DataInputStream>;
  using weak_ref_type = CORBA::weak_valuetype_reference<CORBA::DataInputStream>;
  static constexpr const char* repository_id = "IDL:omg.org/CORBA/DataInputStream:1.0";
};

template <>
struct traits<CORBA::CustomMarshal> {
  using value_type = CORBA::CustomMarshal;
  using ref_type = CORBA::valuetype_reference<CORBA::CustomMarshal>;
  using weak_ref_type = CORBA::weak_valuetype_reference<CORBA::CustomMarshal>;
  static constexpr const char* repository_id = "IDL:omg.org/CORBA/CustomMarshal:1.0";
};

}  // namespace IDL

namespace CORBA {

// What a custom value writes its state to. Each write_ puts its argument on the wire as CDR
// (values and references as the value and object encodings, so sharing and indirections
// work across the custom state); the _array forms write `length` elements of `seq` from
// `offset`, and raise BAD_PARAM bad_param_data_stream_range when they are not all there.
class DataOutputStream : public virtual ValueBase {
 public:
  virtual void write_any(const rtorb::cdr::Any& value) = 0;
  virtual void write_boolean(bool value) = 0;
  virtual void write_char(char value) = 0;
  virtual void write_wchar(wchar_t value) = 0;
  virtual void write_octet(std::uint8_t value) = 0;
  virtual void write_short(std::int16_t value) = 0;
  virtual void write_ushort(std::uint16_t value) = 0;
  virtual void write_long(std::int32_t value) = 0;
  virtual void write_ulong(std::uint32_t value) = 0;
  virtual void write_longlong(std::int64_t value) = 0;
  virtual void write_ulonglong(std::uint64_t value) = 0;
  virtual void write_float(float value) = 0;
  virtual void write_double(double value) = 0;
  virtual void write_longdouble(long double value) = 0;
  virtual void write_string(const std::string& value) = 0;
  virtual void write_wstring(const std::wstring& value) = 0;
  virtual void write_Object(const object_reference<Object>& value) = 0;
  virtual void write_Abstract(const object_reference<AbstractBase>& value) = 0;
  virtual void write_Value(const valuetype_reference<ValueBase>& value) = 0;
  virtual void write_TypeCode(const rtorb::cdr::TypeCodeRef& value) = 0;

  virtual void write_boolean_array(const std::vector<bool>& seq, std::uint32_t offset, std::uint32_t length) = 0;
  virtual void write_char_array(const std::vector<char>& seq, std::uint32_t offset, std::uint32_t length) = 0;
  virtual void write_wchar_array(const std::vector<wchar_t>& seq, std::uint32_t offset, std::uint32_t length) = 0;
  virtual void write_octet_array(const std::vector<std::uint8_t>& seq, std::uint32_t offset, std::uint32_t length) = 0;
  virtual void write_short_array(const std::vector<std::int16_t>& seq, std::uint32_t offset, std::uint32_t length) = 0;
  virtual void write_ushort_array(const std::vector<std::uint16_t>& seq, std::uint32_t offset,
                                  std::uint32_t length) = 0;
  virtual void write_long_array(const std::vector<std::int32_t>& seq, std::uint32_t offset, std::uint32_t length) = 0;
  virtual void write_ulong_array(const std::vector<std::uint32_t>& seq, std::uint32_t offset, std::uint32_t length) = 0;
  virtual void write_longlong_array(const std::vector<std::int64_t>& seq, std::uint32_t offset,
                                    std::uint32_t length) = 0;
  virtual void write_ulonglong_array(const std::vector<std::uint64_t>& seq, std::uint32_t offset,
                                     std::uint32_t length) = 0;
  virtual void write_float_array(const std::vector<float>& seq, std::uint32_t offset, std::uint32_t length) = 0;
  virtual void write_double_array(const std::vector<double>& seq, std::uint32_t offset, std::uint32_t length) = 0;

 protected:
  DataOutputStream() = default;
};

// What a custom value reads its state from, in the order its writer wrote it. Reads check
// the bytes, the chunk they are in and the stream's limits like any unmarshaling (MARSHAL);
// the _array forms fill `length` elements of `seq` from `offset`, growing it when needed.
class DataInputStream : public virtual ValueBase {
 public:
  virtual rtorb::cdr::Any read_any() = 0;
  virtual bool read_boolean() = 0;
  virtual char read_char() = 0;
  virtual wchar_t read_wchar() = 0;
  virtual std::uint8_t read_octet() = 0;
  virtual std::int16_t read_short() = 0;
  virtual std::uint16_t read_ushort() = 0;
  virtual std::int32_t read_long() = 0;
  virtual std::uint32_t read_ulong() = 0;
  virtual std::int64_t read_longlong() = 0;
  virtual std::uint64_t read_ulonglong() = 0;
  virtual float read_float() = 0;
  virtual double read_double() = 0;
  virtual long double read_longdouble() = 0;
  virtual std::string read_string() = 0;
  virtual std::wstring read_wstring() = 0;
  virtual object_reference<Object> read_Object() = 0;
  virtual object_reference<AbstractBase> read_Abstract() = 0;
  virtual valuetype_reference<ValueBase> read_Value() = 0;
  virtual rtorb::cdr::TypeCodeRef read_TypeCode() = 0;

  virtual void read_boolean_array(std::vector<bool>& seq, std::uint32_t offset, std::uint32_t length) = 0;
  virtual void read_char_array(std::vector<char>& seq, std::uint32_t offset, std::uint32_t length) = 0;
  virtual void read_wchar_array(std::vector<wchar_t>& seq, std::uint32_t offset, std::uint32_t length) = 0;
  virtual void read_octet_array(std::vector<std::uint8_t>& seq, std::uint32_t offset, std::uint32_t length) = 0;
  virtual void read_short_array(std::vector<std::int16_t>& seq, std::uint32_t offset, std::uint32_t length) = 0;
  virtual void read_ushort_array(std::vector<std::uint16_t>& seq, std::uint32_t offset, std::uint32_t length) = 0;
  virtual void read_long_array(std::vector<std::int32_t>& seq, std::uint32_t offset, std::uint32_t length) = 0;
  virtual void read_ulong_array(std::vector<std::uint32_t>& seq, std::uint32_t offset, std::uint32_t length) = 0;
  virtual void read_longlong_array(std::vector<std::int64_t>& seq, std::uint32_t offset, std::uint32_t length) = 0;
  virtual void read_ulonglong_array(std::vector<std::uint64_t>& seq, std::uint32_t offset,
                                    std::uint32_t length) = 0;
  virtual void read_float_array(std::vector<float>& seq, std::uint32_t offset, std::uint32_t length) = 0;
  virtual void read_double_array(std::vector<double>& seq, std::uint32_t offset, std::uint32_t length) = 0;

 protected:
  DataInputStream() = default;
};

// The base of every custom value type: its state on the wire is what these two write and
// read (chunked, so a receiver without the type's factory can skip it).
class CustomMarshal : public virtual ValueBase {
 public:
  virtual void marshal(const IDL::traits<DataOutputStream>::ref_type& os) = 0;
  virtual void unmarshal(const IDL::traits<DataInputStream>::ref_type& is) = 0;

 protected:
  CustomMarshal() = default;
  CustomMarshal(const CustomMarshal&) = default;
  CustomMarshal& operator=(const CustomMarshal&) = default;
};

}  // namespace CORBA
