// The omniORB servants of interop.idl.
#include "omni_interop_servants.hpp"

#include <algorithm>
#include <string>

namespace omni_interop {

CORBA::Long CounterServant::increment(CORBA::Long by) {
  std::lock_guard lock(mutex_);
  value_ += by;
  return value_;
}

CORBA::Long CounterServant::value() {
  std::lock_guard lock(mutex_);
  return value_;
}

char* CounterServant::name() {
  std::lock_guard lock(mutex_);
  return CORBA::string_dup(name_.c_str());
}

void CounterServant::name(const char* name) {
  std::lock_guard lock(mutex_);
  name_ = name;
}

char* BaseServant::base_op(const char* s) {
  return CORBA::string_dup((std::string("base:") + s).c_str());
}

char* DerivedServant::base_op(const char* s) {
  return CORBA::string_dup((std::string("base:") + s).c_str());
}

TesterServant::TesterServant(PortableServer::POA_ptr poa)
    : poa_(PortableServer::POA::_duplicate(poa)) {
  base_ = activate<Interop::Base>(poa, new BaseServant);
  derived_ = activate<Interop::Derived>(poa, new DerivedServant);
  // A second reference to the Derived object whose type id says only Base, so a client's
  // narrow to Derived has to ask the server (_is_a) rather than read the IOR.
  PortableServer::ObjectId_var id = poa->reference_to_id(derived_);
  CORBA::Object_var as_base = poa->create_reference_with_id(id, Interop::_tc_Base->id());
  derived_as_base_ = Interop::Base::_narrow(as_base);
}

Interop::MyLong TesterServant::add(Interop::MyLong a, Interop::MyLong b) {
  // Wraps like the two's complement hardware instead of being undefined on overflow.
  return static_cast<CORBA::Long>(static_cast<CORBA::ULong>(a) + static_cast<CORBA::ULong>(b));
}

Interop::Color TesterServant::next_color(Interop::Color v) {
  switch (v) {
    case Interop::RED:
      return Interop::GREEN;
    case Interop::GREEN:
      return Interop::BLUE;
    default:
      return Interop::RED;
  }
}

Interop::AllBasics* TesterServant::echo_basics(const Interop::AllBasics& v) {
  return new Interop::AllBasics(v);
}

Interop::Wide* TesterServant::echo_wide(const Interop::Wide& v) { return new Interop::Wide(v); }

Interop::Outer* TesterServant::echo_outer(const Interop::Outer& v) {
  return new Interop::Outer(v);
}

Interop::NumUnion* TesterServant::echo_num_union(const Interop::NumUnion& v) {
  return new Interop::NumUnion(v);
}

Interop::ColorUnion* TesterServant::echo_color_union(const Interop::ColorUnion& v) {
  return new Interop::ColorUnion(v);
}

namespace {

template <class Seq>
Seq* reversed(const Seq& v) {
  Seq* result = new Seq;
  result->length(v.length());
  for (CORBA::ULong i = 0; i < v.length(); ++i) (*result)[i] = v[v.length() - 1 - i];
  return result;
}

}  // namespace

Interop::LongSeq* TesterServant::reverse_longs(const Interop::LongSeq& v) {
  return reversed(v);
}

Interop::StringSeq* TesterServant::reverse_strings(const Interop::StringSeq& v) {
  return reversed(v);
}

Interop::PointSeq* TesterServant::echo_points(const Interop::PointSeq& v) {
  return new Interop::PointSeq(v);
}

Interop::OuterSeq* TesterServant::echo_outers(const Interop::OuterSeq& v) {
  return new Interop::OuterSeq(v);
}

Interop::BoundedLongSeq* TesterServant::echo_bounded_seq(const Interop::BoundedLongSeq& v) {
  return new Interop::BoundedLongSeq(v);
}

Interop::LongArray_slice* TesterServant::echo_long_array(const Interop::LongArray v) {
  return Interop::LongArray_dup(v);
}

Interop::StringArray_slice* TesterServant::echo_string_array(const Interop::StringArray v) {
  return Interop::StringArray_dup(v);
}

Interop::Matrix_slice* TesterServant::echo_matrix(const Interop::Matrix v) {
  return Interop::Matrix_dup(v);
}

Interop::OctetSeq* TesterServant::echo_octets(const Interop::OctetSeq& v) {
  return new Interop::OctetSeq(v);
}

Interop::OctetSeq* TesterServant::make_octets(CORBA::ULong n) {
  Interop::OctetSeq* result = new Interop::OctetSeq;
  result->length(n);
  for (CORBA::ULong i = 0; i < n; ++i) (*result)[i] = static_cast<CORBA::Octet>(i % 251);
  return result;
}

CORBA::Any* TesterServant::make_any(CORBA::Long kind) {
  CORBA::Any* result = new CORBA::Any;
  switch (kind) {
    case 0:
      *result <<= static_cast<CORBA::Long>(42);
      break;
    case 1:
      *result <<= "hello";
      break;
    case 2: {
      Interop::Point p;
      p.x = 7;
      p.y = -8;
      *result <<= p;
      break;
    }
    case 3:
      *result <<= Interop::BLUE;
      break;
    case 4: {
      Interop::LongSeq seq;
      seq.length(3);
      for (CORBA::ULong i = 0; i < 3; ++i) seq[i] = static_cast<CORBA::Long>(i + 1);
      *result <<= seq;
      break;
    }
    case 5: {
      Interop::Outer o;
      o.origin.x = 1;
      o.origin.y = 2;
      o.detail.label = CORBA::string_dup("in");
      o.detail.hue = Interop::GREEN;
      o.detail.path.length(2);
      o.detail.path[0].x = 3;
      o.detail.path[0].y = 4;
      o.detail.path[1].x = 5;
      o.detail.path[1].y = 6;
      o.values.length(3);
      o.values[0] = 10;
      o.values[1] = 20;
      o.values[2] = 30;
      o.weight = 2.5;
      o.flag = true;
      *result <<= o;
      break;
    }
    default:
      delete result;
      throw CORBA::BAD_PARAM(0, CORBA::COMPLETED_NO);
  }
  return result;
}

namespace {

bool has_repository_id(CORBA::TCKind kind) {
  switch (kind) {
    case CORBA::tk_objref:
    case CORBA::tk_struct:
    case CORBA::tk_union:
    case CORBA::tk_enum:
    case CORBA::tk_alias:
    case CORBA::tk_except:
    case CORBA::tk_value:
    case CORBA::tk_value_box:
    case CORBA::tk_native:
    case CORBA::tk_abstract_interface:
    case CORBA::tk_local_interface:
      return true;
    default:
      return false;
  }
}

}  // namespace

char* TesterServant::describe_any(const CORBA::Any& v) {
  CORBA::Long l = 0;
  const char* s = nullptr;
  const Interop::Point* p = nullptr;
  Interop::Color c = Interop::RED;
  const Interop::LongSeq* seq = nullptr;
  std::string text;
  if (v >>= l) {
    text = "long:" + std::to_string(l);
  } else if (v >>= s) {
    text = std::string("string:") + s;
  } else if (v >>= p) {
    text = "Point:" + std::to_string(p->x) + "," + std::to_string(p->y);
  } else if (v >>= c) {
    text = "Color:" + std::to_string(static_cast<int>(c));
  } else if (v >>= seq) {
    text = "LongSeq:";
    for (CORBA::ULong i = 0; i < seq->length(); ++i) {
      if (i != 0) text += ",";
      text += std::to_string((*seq)[i]);
    }
  } else {
    CORBA::TypeCode_var tc = v.type();
    text = "other:";
    if (has_repository_id(tc->kind())) {
      text += tc->id();
    } else {
      text += std::to_string(static_cast<int>(tc->kind()));
    }
  }
  return CORBA::string_dup(text.c_str());
}

CORBA::Long TesterServant::split_long(CORBA::Long v, CORBA::Short& hi, CORBA::UShort& lo) {
  hi = static_cast<CORBA::Short>(v >> 16);
  lo = static_cast<CORBA::UShort>(v & 0xffff);
  return v;
}

CORBA::Long TesterServant::inout_mix(CORBA::Long& a, char*& s, CORBA::Double& d) {
  const CORBA::Long a_in = a;
  a = static_cast<CORBA::Long>(static_cast<CORBA::ULong>(a_in) * 2u);
  const std::string grown = std::string(s) + "!";
  CORBA::string_free(s);
  s = CORBA::string_dup(grown.c_str());
  d = a_in / 2.0;
  return static_cast<CORBA::Long>(static_cast<CORBA::ULong>(a_in) + 1u);
}

void TesterServant::swap_point(Interop::Point& p) { std::swap(p.x, p.y); }

void TesterServant::inout_seq(Interop::LongSeq& seq, CORBA::Long& count) {
  const CORBA::ULong n = seq.length();
  for (CORBA::ULong i = 0; i < n / 2; ++i) std::swap(seq[i], seq[n - 1 - i]);
  count = static_cast<CORBA::Long>(n);
}

Interop::Counter_ptr TesterServant::create_counter(const char* name, CORBA::Long initial) {
  return activate<Interop::Counter>(poa_, new CounterServant(name, initial));
}

CORBA::Long TesterServant::use_counter(Interop::Counter_ptr c, CORBA::Long by) {
  if (CORBA::is_nil(c)) throw CORBA::BAD_PARAM(0, CORBA::COMPLETED_NO);
  c->increment(by);
  return c->value();
}

void TesterServant::raise_oops(CORBA::Long code, const char* reason) {
  Interop::LongSeq details;
  details.length(2);
  details[0] = code;
  details[1] = static_cast<CORBA::Long>(static_cast<CORBA::ULong>(code) + 1u);
  throw Interop::Oops(code, reason, details);
}

}  // namespace omni_interop
