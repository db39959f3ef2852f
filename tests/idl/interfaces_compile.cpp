// Code written against generated interfaces compiles: servants derived from
// CORBA::servant_traits<I>::base_type (a diamond included), narrow, _this, stubs with every
// parameter direction, object references in structs and sequences, local interfaces.
// Compile-only (an OBJECT library): running it needs the ORB (tests/integration).
#include <memory>
#include <rtorb/corba/orb.hpp>
#include <string>
#include <utility>

#include "interfacesS.h"
#include "interopS.h"
#include "valuesS.h"

namespace {

class DuckImpl final : public CORBA::servant_traits<Zoo::Duck>::base_type {
 public:
  std::string name() override { return "duck"; }
  std::int32_t age() override { return age_; }
  void age(std::int32_t value) override { age_ = value; }
  void feed(const IDL::traits<Zoo::Keeper>::ref_type& by, const std::string& food) override {
    if (!by || food.empty()) throw Zoo::Closed("no food");
  }
  void walk(std::uint32_t steps) override { age_ += static_cast<std::int32_t>(steps); }
  void swim(float) override {}
  IDL::traits<Zoo::Duck>::ref_type mate() override { return _this(); }
  std::int32_t measure(std::int32_t scale, double& weight, std::string& tag) override {
    weight = scale * 1.5;
    tag += "!";
    return scale;
  }

 private:
  std::int32_t age_ = 0;
};

class KeeperImpl final : public CORBA::servant_traits<Zoo::Keeper>::base_type {
 public:
  Zoo::Enclosure inspect(const Zoo::Enclosure& e) override { return e; }
  IDL::traits<Zoo::Mallard>::ref_type favourite(
      const IDL::traits<CORBA::Object>::ref_type& hint) override {
    return IDL::traits<Zoo::Mallard>::narrow(hint);
  }
  std::int32_t _cxx_default(std::int32_t in) override { return in + 100; }
};

class FeederImpl final : public Zoo::Feeder {
 public:
  void refill(std::int32_t grams) override { grams_ += grams; }

 private:
  std::int32_t grams_ = 0;
};

class CounterImpl final : public CORBA::servant_traits<Interop::Counter>::base_type {
 public:
  std::int32_t increment(std::int32_t by) override { return value_ += by; }
  std::int32_t value() override { return value_; }
  std::string name() override { return name_; }
  void name(const std::string& value) override { name_ = value; }

 private:
  std::int32_t value_ = 0;
  std::string name_;
};

class DerivedImpl final : public CORBA::servant_traits<Interop::Derived>::base_type {
 public:
  std::string base_op(const std::string& s) override { return "base:" + s; }
  std::string kind() override { return "derived"; }
  std::int32_t derived_op(std::int32_t x) override { return x * 3; }
};

}  // namespace

// Referenced so that nothing above is unused; never called.
void rtorb_idl_interfaces_compile(const IDL::traits<CORBA::Object>::ref_type& object) {
  auto duck = CORBA::make_reference<DuckImpl>();
  CORBA::servant_traits<Zoo::Duck>::ref_type servant = duck;
  IDL::traits<Zoo::Animal>::ref_type animal = servant->_this();
  (void)servant->_is_a("IDL:Zoo/Animal:1.0");
  (void)CORBA::make_reference<KeeperImpl>();
  auto feeder = CORBA::make_reference<FeederImpl>();
  IDL::traits<Zoo::Feeder>::ref_type as_local = IDL::traits<Zoo::Feeder>::narrow(feeder);
  as_local->refill(3);

  IDL::traits<Zoo::Duck>::ref_type remote = IDL::traits<Zoo::Duck>::narrow(object);
  double weight = 0;
  std::string tag = "t";
  remote->measure(2, weight, tag);
  remote->walk(3);
  remote->swim(1.0F);
  remote->age(remote->age() + 1);
  animal = remote->mate();
  IDL::traits<Zoo::Keeper>::ref_type keeper = IDL::traits<Zoo::Keeper>::narrow(object);
  Zoo::Enclosure e(animal, {remote}, object);
  e = keeper->inspect(e);
  (void)(e == Zoo::Enclosure{});
  remote->feed(keeper, "bread");
  (void)keeper->favourite(e.extra());
  (void)keeper->_cxx_default(1);

  (void)CORBA::make_reference<CounterImpl>();
  (void)CORBA::make_reference<DerivedImpl>();
  auto tester = IDL::traits<Interop::Tester>::narrow(object);
  std::int16_t hi = 0;
  std::uint16_t lo = 0;
  tester->split_long(tester->add(1, 2), hi, lo);
  IDL::traits<Interop::Counter>::ref_type counter = tester->create_counter("c", 1);
  tester->use_counter(counter, 2);
  IDL::traits<Interop::Base>::ref_type base = tester->get_derived();
  tester->oneway_set(tester->rw_long());
  tester->rw_color(Interop::Color::BLUE);
  Interop::LongArray array{};
  array = tester->echo_long_array(array);
  Interop::Point p(1, 2);
  tester->swap_point(p);
  try {
    tester->raise_oops(1, "x");
  } catch (const Interop::Oops& oops) {
    (void)oops.details();
  }
}

// Value types a user completes: operations of the value and of an abstract base, and the
// copy the OBV_ class leaves to them.
class CounterValue final : public OBV_Values::Counter {
 public:
  void increment(std::int32_t by) override { count(count() + by); }
  ::CORBA::ValueBase::_ref_type _copy_value() const override {
    return CORBA::make_reference<CounterValue>(*this);
  }
};

class WiderValue final : public OBV_Values::Wider {
 public:
  std::string name() override { return "wider"; }
  ::CORBA::ValueBase::_ref_type _copy_value() const override {
    return CORBA::make_reference<WiderValue>(*this);
  }
};

// A value supporting an abstract interface implements its operations (and its bases').
class LengthValue final : public OBV_Values::Length {
 public:
  using OBV_Values::Length::Length;
  double size() override { return metres(); }
  std::string unit() override { return "m"; }
  void scale(double by) override { metres(metres() * by); }
  ::CORBA::ValueBase::_ref_type _copy_value() const override {
    return CORBA::make_reference<LengthValue>(metres());
  }
};

class RulerImpl final : public CORBA::servant_traits<Values::Ruler>::base_type {
 public:
  double size() override { return 1; }
  std::string unit() override { return "m"; }
  void scale(double) override {}
  void reset() override {}
};

class MeasurerImpl final : public CORBA::servant_traits<Values::Measurer>::base_type {
 public:
  double measure(const IDL::traits<Values::Measured>::ref_type& m) override { return m->size(); }
  IDL::traits<Values::Measured>::ref_type longest() override { return CORBA::make_reference<LengthValue>(); }
};

void use_abstract_interfaces(const IDL::traits<Values::Measurer>::ref_type& measurer) {
  (void)CORBA::make_reference<RulerImpl>();
  (void)CORBA::make_reference<MeasurerImpl>();
  IDL::traits<Values::Scaled>::ref_type scaled = CORBA::make_reference<LengthValue>(2.0);
  scaled->scale(2);
  IDL::traits<Values::Measured>::ref_type measured = scaled;
  (void)measurer->measure(measured);
  IDL::traits<CORBA::AbstractBase>::ref_type any_abstract = measurer->longest();
  const auto ruler = IDL::traits<Values::Ruler>::narrow(any_abstract);  // nil: a value
  if (ruler) ruler->reset();
  const auto back = IDL::traits<Values::Scaled>::narrow(any_abstract);
  if (back) (void)back->_to_value();
  const auto from_object = IDL::traits<Values::Measured>::narrow(IDL::traits<CORBA::Object>::ref_type(measurer));
  (void)from_object;
}

class BaseFactory final : public Values::Base_init {
 public:
  IDL::traits<Values::Base>::ref_type create(std::int32_t a, const std::string& secret) override {
    return CORBA::make_reference<OBV_Values::Base>(a, secret);
  }
};

void use_values(CORBA::ORB& orb) {
  auto counter = CORBA::make_reference<CounterValue>();
  counter->increment(2);
  IDL::traits<Values::Named>::ref_type named = CORBA::make_reference<WiderValue>();
  (void)named->name();
  auto wider = IDL::traits<Values::Wider>::narrow(named);
  wider->values({1, 2});
  orb.register_value_factory(IDL::traits<Values::Base>::repository_id, CORBA::make_reference<BaseFactory>());
  auto factory = IDL::traits<Values::Base_init>::narrow(
      orb.lookup_value_factory(IDL::traits<Values::Base>::repository_id));
  IDL::traits<Values::Base>::ref_type base = factory->create(1, "s");
  Values::Holder holder(CORBA::make_reference<OBV_Values::Node>(1, nullptr),
                        CORBA::make_reference<Values::StringBox>("s"), base);
  CORBA::Any any;
  any <<= holder;
  any <<= IDL::traits<Values::PointBox>::ref_type(
      CORBA::make_reference<Values::PointBox>(Values::Point(1, 2)));
  IDL::traits<Values::ColourBox>::ref_type colour;
  (void)(any >>= colour);
}
