// omniORB servants of interop.idl with exactly the semantics its comments give. The server
// serves a Tester; the client serves a Counter of its own so use_counter calls back into it.
#pragma once

// interop.hh expects omniORB4/CORBA.h first, and include sorting would put it last.
#include <omniORB4/CORBA.h>

#include <atomic>
#include <mutex>
#include <string>

#include "interop.hh"

namespace omni_interop {

class CounterServant final : public POA_Interop::Counter {
 public:
  CounterServant(const char* name, CORBA::Long initial) : name_(name), value_(initial) {}
  CORBA::Long increment(CORBA::Long by) override;
  CORBA::Long value() override;
  char* name() override;
  void name(const char* name) override;

 private:
  std::mutex mutex_;
  std::string name_;
  CORBA::Long value_;
};

class BaseServant final : public POA_Interop::Base {
 public:
  char* base_op(const char* s) override;
  char* kind() override { return CORBA::string_dup("base"); }
};

class DerivedServant final : public POA_Interop::Derived {
 public:
  char* base_op(const char* s) override;
  char* kind() override { return CORBA::string_dup("derived"); }
  CORBA::Long derived_op(CORBA::Long x) override { return x * 3; }
};

// Activates `servant` in `poa`, hands it to the POA (which then owns it) and returns its
// reference typed as `I`. Raises what activate_object raises.
template <class I>
typename I::_ptr_type activate(PortableServer::POA_ptr poa,
                               PortableServer::ServantBase* servant) {
  PortableServer::ObjectId_var id = poa->activate_object(servant);
  servant->_remove_ref();
  CORBA::Object_var obj = poa->id_to_reference(id);
  return I::_narrow(obj);
}

class TesterServant final : public POA_Interop::Tester {
 public:
  // Activates the Base and Derived objects it hands out in `poa`.
  explicit TesterServant(PortableServer::POA_ptr poa);

  CORBA::Boolean echo_boolean(CORBA::Boolean v) override { return v; }
  CORBA::Char echo_char(CORBA::Char v) override { return v; }
  CORBA::WChar echo_wchar(CORBA::WChar v) override { return v; }
  CORBA::Octet echo_octet(CORBA::Octet v) override { return v; }
  CORBA::Short echo_short(CORBA::Short v) override { return v; }
  CORBA::UShort echo_ushort(CORBA::UShort v) override { return v; }
  CORBA::Long echo_long(CORBA::Long v) override { return v; }
  CORBA::ULong echo_ulong(CORBA::ULong v) override { return v; }
  CORBA::LongLong echo_longlong(CORBA::LongLong v) override { return v; }
  CORBA::ULongLong echo_ulonglong(CORBA::ULongLong v) override { return v; }
  CORBA::Float echo_float(CORBA::Float v) override { return v; }
  CORBA::Double echo_double(CORBA::Double v) override { return v; }
  char* echo_string(const char* v) override { return CORBA::string_dup(v); }
  CORBA::WChar* echo_wstring(const CORBA::WChar* v) override { return CORBA::wstring_dup(v); }
  char* echo_bounded_string(const char* v) override { return CORBA::string_dup(v); }
  Interop::MyLong add(Interop::MyLong a, Interop::MyLong b) override;

  Interop::Color echo_enum(Interop::Color v) override { return v; }
  Interop::Color next_color(Interop::Color v) override;
  Interop::AllBasics* echo_basics(const Interop::AllBasics& v) override;
  Interop::Wide* echo_wide(const Interop::Wide& v) override;
  Interop::Outer* echo_outer(const Interop::Outer& v) override;
  Interop::NumUnion* echo_num_union(const Interop::NumUnion& v) override;
  Interop::ColorUnion* echo_color_union(const Interop::ColorUnion& v) override;

  Interop::LongSeq* reverse_longs(const Interop::LongSeq& v) override;
  Interop::StringSeq* reverse_strings(const Interop::StringSeq& v) override;
  Interop::PointSeq* echo_points(const Interop::PointSeq& v) override;
  Interop::OuterSeq* echo_outers(const Interop::OuterSeq& v) override;
  Interop::BoundedLongSeq* echo_bounded_seq(const Interop::BoundedLongSeq& v) override;
  Interop::LongArray_slice* echo_long_array(const Interop::LongArray v) override;
  Interop::StringArray_slice* echo_string_array(const Interop::StringArray v) override;
  Interop::Matrix_slice* echo_matrix(const Interop::Matrix v) override;
  Interop::OctetSeq* echo_octets(const Interop::OctetSeq& v) override;
  Interop::OctetSeq* make_octets(CORBA::ULong n) override;

  CORBA::Any* echo_any(const CORBA::Any& v) override { return new CORBA::Any(v); }
  CORBA::Any* make_any(CORBA::Long kind) override;
  char* describe_any(const CORBA::Any& v) override;

  CORBA::Long split_long(CORBA::Long v, CORBA::Short& hi, CORBA::UShort& lo) override;
  CORBA::Long inout_mix(CORBA::Long& a, char*& s, CORBA::Double& d) override;
  void swap_point(Interop::Point& p) override;
  void inout_seq(Interop::LongSeq& seq, CORBA::Long& count) override;

  Interop::Counter_ptr create_counter(const char* name, CORBA::Long initial) override;
  CORBA::Long use_counter(Interop::Counter_ptr c, CORBA::Long by) override;
  CORBA::Object_ptr echo_object(CORBA::Object_ptr o) override {
    return CORBA::Object::_duplicate(o);
  }
  Interop::Counter_ptr nil_counter() override { return Interop::Counter::_nil(); }
  CORBA::Boolean is_nil(CORBA::Object_ptr o) override { return CORBA::is_nil(o); }
  Interop::Base_ptr get_base() override { return Interop::Base::_duplicate(base_); }
  Interop::Base_ptr get_derived_as_base() override {
    return Interop::Base::_duplicate(derived_as_base_);
  }
  Interop::Derived_ptr get_derived() override { return Interop::Derived::_duplicate(derived_); }

  void raise_oops(CORBA::Long code, const char* reason) override;
  void raise_empty() override { throw Interop::Empty(); }
  void raise_bad_param(CORBA::ULong minor) override {
    throw CORBA::BAD_PARAM(minor, CORBA::COMPLETED_NO);
  }
  void raise_no_permission() override { throw CORBA::NO_PERMISSION(0, CORBA::COMPLETED_YES); }

  void oneway_set(CORBA::Long token) override { last_oneway_ = token; }
  CORBA::Long last_oneway() override { return last_oneway_; }

  char* version() override { return CORBA::string_dup(Interop::VERSION); }
  CORBA::Long rw_long() override { return rw_long_; }
  void rw_long(CORBA::Long v) override { rw_long_ = v; }
  Interop::Color rw_color() override { return rw_color_; }
  void rw_color(Interop::Color v) override { rw_color_ = v; }

  CORBA::Long _cxx_default(CORBA::Long v) override { return v + 100; }
  CORBA::Long in(CORBA::Long v) override { return v - 100; }

 private:
  PortableServer::POA_var poa_;
  Interop::Base_var base_;
  Interop::Base_var derived_as_base_;
  Interop::Derived_var derived_;
  std::atomic<CORBA::Long> last_oneway_{0};
  std::atomic<CORBA::Long> rw_long_{0};
  std::atomic<Interop::Color> rw_color_{Interop::RED};
};

}  // namespace omni_interop
