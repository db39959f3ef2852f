// CORBA::DataOutputStream and DataInputStream over CDR streams: what custom values marshal
// through (custom_codec.hpp). Each write is the type's CDR; each read first lets a chunked
// value's state continue in its next chunk, as between the members of a generated value.
#include <rtorb/cdr/any.hpp>
#include <rtorb/cdr/codec.hpp>
#include <rtorb/cdr/value_codec.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/orb/abstract_codec.hpp>
#include <rtorb/orb/custom_codec.hpp>
#include <rtorb/orb/object_codec.hpp>
#include <rtorb/orb/value_codec.hpp>

#include <string>
#include <vector>

namespace rtorb::orb {
namespace {

[[noreturn]] void closed() {
  raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_data_stream_closed,
                              "a custom value's data stream used after its marshal or unmarshal returned");
}

// The ValueBase members a stream has as an abstract value type: it is never marshaled.
class StreamValue : public virtual CORBA::ValueBase {
 public:
  _ref_type _copy_value() const override { return nullptr; }
  const cdr::ValueTypeInfo& rtorb_type() const noexcept override { return info; }
  void rtorb_write_state(cdr::OutputStream&) const override {
    raise<CORBA::MARSHAL>(minor::marshal_local_object, "a data stream cannot be marshaled");
  }
  void rtorb_read_state(cdr::InputStream&) override {}
  static constexpr cdr::ValueTypeInfo info{"IDL:rtorb/DataStream:1.0"};
};

class CdrDataOutputStream final : public CORBA::DataOutputStream, public StreamValue {
 public:
  explicit CdrDataOutputStream(cdr::OutputStream& os) : os_(&os) {}
  void close() noexcept { os_ = nullptr; }

  void write_any(const cdr::Any& v) override { put(v); }
  void write_boolean(bool v) override { put(v); }
  void write_char(char v) override { put(v); }
  void write_wchar(wchar_t v) override { put(v); }
  void write_octet(std::uint8_t v) override { put(v); }
  void write_short(std::int16_t v) override { put(v); }
  void write_ushort(std::uint16_t v) override { put(v); }
  void write_long(std::int32_t v) override { put(v); }
  void write_ulong(std::uint32_t v) override { put(v); }
  void write_longlong(std::int64_t v) override { put(v); }
  void write_ulonglong(std::uint64_t v) override { put(v); }
  void write_float(float v) override { put(v); }
  void write_double(double v) override { put(v); }
  void write_longdouble(long double v) override { put(v); }
  void write_string(const std::string& v) override { put(v); }
  void write_wstring(const std::wstring& v) override { put(v); }
  void write_Object(const CORBA::object_reference<CORBA::Object>& v) override { write_object(stream(), v); }
  void write_Abstract(const CORBA::object_reference<CORBA::AbstractBase>& v) override {
    rtorb::detail::write_abstract(stream(), v.shared());
  }
  void write_Value(const CORBA::valuetype_reference<CORBA::ValueBase>& v) override { put(v); }
  void write_TypeCode(const cdr::TypeCodeRef& v) override { put(v); }

  void write_boolean_array(const std::vector<bool>& s, std::uint32_t o, std::uint32_t n) override { put(s, o, n); }
  void write_char_array(const std::vector<char>& s, std::uint32_t o, std::uint32_t n) override { put(s, o, n); }
  void write_wchar_array(const std::vector<wchar_t>& s, std::uint32_t o, std::uint32_t n) override { put(s, o, n); }
  void write_octet_array(const std::vector<std::uint8_t>& s, std::uint32_t o, std::uint32_t n) override {
    put(s, o, n);
  }
  void write_short_array(const std::vector<std::int16_t>& s, std::uint32_t o, std::uint32_t n) override {
    put(s, o, n);
  }
  void write_ushort_array(const std::vector<std::uint16_t>& s, std::uint32_t o, std::uint32_t n) override {
    put(s, o, n);
  }
  void write_long_array(const std::vector<std::int32_t>& s, std::uint32_t o, std::uint32_t n) override {
    put(s, o, n);
  }
  void write_ulong_array(const std::vector<std::uint32_t>& s, std::uint32_t o, std::uint32_t n) override {
    put(s, o, n);
  }
  void write_longlong_array(const std::vector<std::int64_t>& s, std::uint32_t o, std::uint32_t n) override {
    put(s, o, n);
  }
  void write_ulonglong_array(const std::vector<std::uint64_t>& s, std::uint32_t o, std::uint32_t n) override {
    put(s, o, n);
  }
  void write_float_array(const std::vector<float>& s, std::uint32_t o, std::uint32_t n) override { put(s, o, n); }
  void write_double_array(const std::vector<double>& s, std::uint32_t o, std::uint32_t n) override { put(s, o, n); }

 private:
  cdr::OutputStream& stream() const {
    if (os_ == nullptr) closed();
    return *os_;
  }
  template <class T>
  void put(const T& v) {
    cdr::Codec<T>::write(stream(), v);
  }
  template <class T>
  void put(const std::vector<T>& seq, std::uint32_t offset, std::uint32_t length) {
    if (offset > seq.size() || length > seq.size() - offset) {
      raise<CORBA::BAD_PARAM>(minor::bad_param_data_stream_range,
                              "elements " + std::to_string(offset) + " + " + std::to_string(length) +
                                  " of a sequence of " + std::to_string(seq.size()));
    }
    cdr::OutputStream& os = stream();
    for (std::uint32_t i = 0; i < length; ++i) cdr::Codec<T>::write(os, static_cast<T>(seq[offset + i]));
  }

  cdr::OutputStream* os_;
};

class CdrDataInputStream final : public CORBA::DataInputStream, public StreamValue {
 public:
  explicit CdrDataInputStream(cdr::InputStream& is) : is_(&is) {}
  void close() noexcept { is_ = nullptr; }

  cdr::Any read_any() override { return get<cdr::Any>(); }
  bool read_boolean() override { return get<bool>(); }
  char read_char() override { return get<char>(); }
  wchar_t read_wchar() override { return get<wchar_t>(); }
  std::uint8_t read_octet() override { return get<std::uint8_t>(); }
  std::int16_t read_short() override { return get<std::int16_t>(); }
  std::uint16_t read_ushort() override { return get<std::uint16_t>(); }
  std::int32_t read_long() override { return get<std::int32_t>(); }
  std::uint32_t read_ulong() override { return get<std::uint32_t>(); }
  std::int64_t read_longlong() override { return get<std::int64_t>(); }
  std::uint64_t read_ulonglong() override { return get<std::uint64_t>(); }
  float read_float() override { return get<float>(); }
  double read_double() override { return get<double>(); }
  long double read_longdouble() override { return get<long double>(); }
  std::string read_string() override { return get<std::string>(); }
  std::wstring read_wstring() override { return get<std::wstring>(); }
  CORBA::object_reference<CORBA::Object> read_Object() override {
    return get<CORBA::object_reference<CORBA::Object>>();
  }
  CORBA::object_reference<CORBA::AbstractBase> read_Abstract() override {
    cdr::InputStream& is = at_member();
    return rtorb::detail::read_abstract(is, IDL::traits<CORBA::AbstractBase>::repository_id);
  }
  CORBA::valuetype_reference<CORBA::ValueBase> read_Value() override {
    return get<CORBA::valuetype_reference<CORBA::ValueBase>>();
  }
  cdr::TypeCodeRef read_TypeCode() override { return get<cdr::TypeCodeRef>(); }

  void read_boolean_array(std::vector<bool>& s, std::uint32_t o, std::uint32_t n) override { get(s, o, n); }
  void read_char_array(std::vector<char>& s, std::uint32_t o, std::uint32_t n) override { get(s, o, n); }
  void read_wchar_array(std::vector<wchar_t>& s, std::uint32_t o, std::uint32_t n) override { get(s, o, n); }
  void read_octet_array(std::vector<std::uint8_t>& s, std::uint32_t o, std::uint32_t n) override { get(s, o, n); }
  void read_short_array(std::vector<std::int16_t>& s, std::uint32_t o, std::uint32_t n) override { get(s, o, n); }
  void read_ushort_array(std::vector<std::uint16_t>& s, std::uint32_t o, std::uint32_t n) override { get(s, o, n); }
  void read_long_array(std::vector<std::int32_t>& s, std::uint32_t o, std::uint32_t n) override { get(s, o, n); }
  void read_ulong_array(std::vector<std::uint32_t>& s, std::uint32_t o, std::uint32_t n) override { get(s, o, n); }
  void read_longlong_array(std::vector<std::int64_t>& s, std::uint32_t o, std::uint32_t n) override {
    get(s, o, n);
  }
  void read_ulonglong_array(std::vector<std::uint64_t>& s, std::uint32_t o, std::uint32_t n) override {
    get(s, o, n);
  }
  void read_float_array(std::vector<float>& s, std::uint32_t o, std::uint32_t n) override { get(s, o, n); }
  void read_double_array(std::vector<double>& s, std::uint32_t o, std::uint32_t n) override { get(s, o, n); }

 private:
  // A chunked value's state may go on in a new chunk before any item.
  cdr::InputStream& at_member() const {
    if (is_ == nullptr) closed();
    cdr::value_member_boundary(*is_);
    return *is_;
  }
  template <class T>
  T get() {
    cdr::InputStream& is = at_member();
    T v{};
    cdr::Codec<T>::read(is, v);
    return v;
  }
  // Every element takes at least a byte: a length the message cannot hold is MARSHAL
  // before the sequence grows.
  template <class T>
  void get(std::vector<T>& seq, std::uint32_t offset, std::uint32_t length) {
    cdr::InputStream& is = at_member();
    if (length > is.remaining()) {
      raise<CORBA::MARSHAL>(minor::marshal_length_too_large,
                            std::to_string(length) + " elements where " + std::to_string(is.remaining()) +
                                " bytes remain");
    }
    if (seq.size() < std::size_t{offset} + length) seq.resize(std::size_t{offset} + length);
    for (std::uint32_t i = 0; i < length; ++i) {
      T v{};
      cdr::Codec<T>::read(is, v);
      seq[offset + i] = v;
    }
  }

  cdr::InputStream* is_;
};

}  // namespace

void write_custom_state(cdr::OutputStream& os, CORBA::CustomMarshal& value) {
  auto stream = CORBA::make_reference<CdrDataOutputStream>(os);
  struct Close {
    CdrDataOutputStream& s;
    ~Close() { s.close(); }
  } close{*stream};
  value.marshal(stream);
}

void read_custom_state(cdr::InputStream& is, CORBA::CustomMarshal& value) {
  auto stream = CORBA::make_reference<CdrDataInputStream>(is);
  struct Close {
    CdrDataInputStream& s;
    ~Close() { s.close(); }
  } close{*stream};
  value.unmarshal(stream);
}

}  // namespace rtorb::orb
