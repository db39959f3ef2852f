// The rtorb servants of interop.idl.
#include "rtorb_interop_servants.hpp"

#include <algorithm>
#include <utility>

namespace rtorb_interop {

std::int32_t CounterImpl::increment(std::int32_t by) {
  std::lock_guard lock(mutex_);
  value_ += by;
  return value_;
}

std::int32_t CounterImpl::value() {
  std::lock_guard lock(mutex_);
  return value_;
}

std::string CounterImpl::name() {
  std::lock_guard lock(mutex_);
  return name_;
}

void CounterImpl::name(const std::string& name) {
  std::lock_guard lock(mutex_);
  name_ = name;
}

TesterImpl::TesterImpl(PoaRef poa) : poa_(std::move(poa)) {
  base_ = activate<Interop::Base>(poa_, CORBA::make_reference<BaseImpl>());
  auto derived_servant = CORBA::make_reference<DerivedImpl>();
  const PortableServer::ObjectId id = poa_->activate_object(derived_servant);
  derived_ = IDL::traits<Interop::Derived>::narrow(poa_->id_to_reference(id));
  // A second reference to the Derived object whose type id says only Base, so a client's
  // narrow to Derived has to ask the server (_is_a) rather than read the IOR.
  derived_as_base_ = IDL::traits<Interop::Base>::narrow(
      poa_->create_reference_with_id(id, IDL::traits<Interop::Base>::repository_id));
}

Interop::MyLong TesterImpl::add(Interop::MyLong a, Interop::MyLong b) {
  // Wraps like the hardware instead of being undefined on overflow.
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) +
                                   static_cast<std::uint32_t>(b));
}

Interop::Color TesterImpl::next_color(Interop::Color v) {
  switch (v) {
    case Interop::Color::RED:
      return Interop::Color::GREEN;
    case Interop::Color::GREEN:
      return Interop::Color::BLUE;
    default:
      return Interop::Color::RED;
  }
}

Interop::LongSeq TesterImpl::reverse_longs(const Interop::LongSeq& v) {
  return Interop::LongSeq(v.rbegin(), v.rend());
}

Interop::StringSeq TesterImpl::reverse_strings(const Interop::StringSeq& v) {
  return Interop::StringSeq(v.rbegin(), v.rend());
}

Interop::OctetSeq TesterImpl::make_octets(std::uint32_t n) {
  Interop::OctetSeq result(n);
  for (std::uint32_t i = 0; i < n; ++i) result[i] = static_cast<std::uint8_t>(i % 251);
  return result;
}

CORBA::Any TesterImpl::make_any(std::int32_t kind) {
  CORBA::Any result;
  switch (kind) {
    case 0:
      result.insert(std::int32_t{42});
      break;
    case 1:
      result.insert(std::string("hello"));
      break;
    case 2:
      result <<= Interop::Point(7, -8);
      break;
    case 3:
      result <<= Interop::Color::BLUE;
      break;
    case 4:
      // The alias TypeCode, as the IDL asks (a typedef has no any operators of its own).
      result.insert(Interop::LongSeq{1, 2, 3}, Interop::_tc_LongSeq);
      break;
    case 5:
      result <<= Interop::Outer(
          Interop::Point(1, 2),
          Interop::Inner("in", Interop::Color::GREEN,
                         Interop::PointSeq{Interop::Point(3, 4), Interop::Point(5, 6)}),
          Interop::LongSeq{10, 20, 30}, 2.5, true);
      break;
    default:
      throw CORBA::BAD_PARAM(0, CORBA::CompletionStatus::COMPLETED_NO);
  }
  return result;
}

namespace {

bool has_repository_id(rtorb::cdr::TCKind kind) {
  using rtorb::cdr::TCKind;
  switch (kind) {
    case TCKind::tk_objref:
    case TCKind::tk_struct:
    case TCKind::tk_union:
    case TCKind::tk_enum:
    case TCKind::tk_alias:
    case TCKind::tk_except:
    case TCKind::tk_value:
    case TCKind::tk_value_box:
    case TCKind::tk_native:
    case TCKind::tk_abstract_interface:
    case TCKind::tk_local_interface:
    case TCKind::tk_component:
    case TCKind::tk_home:
    case TCKind::tk_event:
      return true;
    default:
      return false;
  }
}

}  // namespace

std::string TesterImpl::describe_any(const CORBA::Any& v) {
  std::int32_t l = 0;
  std::string s;
  Interop::Point p;
  Interop::Color c{};
  Interop::LongSeq seq;
  if (v.extract(l)) return "long:" + std::to_string(l);
  if (v.extract(s)) return "string:" + s;
  if (v >>= p) return "Point:" + std::to_string(p.x()) + "," + std::to_string(p.y());
  if (v >>= c) return "Color:" + std::to_string(static_cast<std::uint32_t>(c));
  if (v.extract(seq, *Interop::_tc_LongSeq)) {
    std::string text = "LongSeq:";
    for (std::size_t i = 0; i < seq.size(); ++i) {
      if (i != 0) text += ",";
      text += std::to_string(seq[i]);
    }
    return text;
  }
  const rtorb::cdr::TypeCode& tc = *v.type();
  if (has_repository_id(tc.kind())) return "other:" + tc.id();
  return "other:" + std::to_string(static_cast<std::uint32_t>(tc.kind()));
}

std::int32_t TesterImpl::split_long(std::int32_t v, std::int16_t& hi, std::uint16_t& lo) {
  hi = static_cast<std::int16_t>(v >> 16);
  lo = static_cast<std::uint16_t>(v & 0xffff);
  return v;
}

std::int32_t TesterImpl::inout_mix(std::int32_t& a, std::string& s, double& d) {
  const std::int32_t a_in = a;
  a = static_cast<std::int32_t>(static_cast<std::uint32_t>(a_in) * 2u);
  s += "!";
  d = a_in / 2.0;
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(a_in) + 1u);
}

void TesterImpl::swap_point(Interop::Point& p) {
  const std::int32_t x = p.x();
  p.x(p.y());
  p.y(x);
}

void TesterImpl::inout_seq(Interop::LongSeq& seq, std::int32_t& count) {
  std::reverse(seq.begin(), seq.end());
  count = static_cast<std::int32_t>(seq.size());
}

CounterRef TesterImpl::create_counter(const std::string& name, std::int32_t initial) {
  return activate<Interop::Counter>(poa_, CORBA::make_reference<CounterImpl>(name, initial));
}

std::int32_t TesterImpl::use_counter(const CounterRef& c, std::int32_t by) {
  if (c == nullptr) throw CORBA::BAD_PARAM(0, CORBA::CompletionStatus::COMPLETED_NO);
  c->increment(by);
  return c->value();
}

void TesterImpl::raise_oops(std::int32_t code, const std::string& reason) {
  const auto next = static_cast<std::int32_t>(static_cast<std::uint32_t>(code) + 1u);
  throw Interop::Oops(code, reason, Interop::LongSeq{code, next});
}

}  // namespace rtorb_interop
