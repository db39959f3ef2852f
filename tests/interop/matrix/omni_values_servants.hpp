// omniORB servants and value implementations of values.idl with the semantics its comments
// give; the twin of rtorb_values_servants.hpp.
#pragma once

// values.hh expects omniORB4/CORBA.h first, and include sorting would put it last.
#include <omniORB4/CORBA.h>

#include "values.hh"

namespace omni_values {

// Registers a factory for every value type values.idl's peers exchange.
void register_value_factories(CORBA::ORB_ptr orb);

// A Square value: a Shape by value.
class SquareImpl final : public OBV_InteropValues::Square, public CORBA::DefaultValueRefCountBase {
 public:
  SquareImpl() = default;
  explicit SquareImpl(CORBA::Double side) : OBV_InteropValues::Square(side) {}
  CORBA::Double area() override { return side() * side(); }
  InteropValues::Square* _copy_value() override { return new SquareImpl(side()); }
};

class CircleServant final : public POA_InteropValues::Circle {
 public:
  explicit CircleServant(CORBA::Double radius) : radius_(radius) {}
  CORBA::Double area() override { return radius_ * radius_ * 3.14159; }
  CORBA::Double radius() override { return radius_; }

 private:
  const CORBA::Double radius_;
};

class ValueTesterServant final : public POA_InteropValues::ValueTester {
 public:
  explicit ValueTesterServant(PortableServer::POA_ptr poa)
      : poa_(PortableServer::POA::_duplicate(poa)) {}

  InteropValues::Node* echo_node(InteropValues::Node* n) override;
  InteropValues::NodeSeq* echo_nodes(const InteropValues::NodeSeq& s) override;
  CORBA::Boolean same_value(InteropValues::Node* x, InteropValues::Node* y) override {
    return x != nullptr && x == y;
  }
  InteropValues::Base* echo_base(InteropValues::Base* b) override;
  InteropValues::Base* make_derived(CORBA::Long a, const char* b) override;
  InteropValues::StringBox* echo_string_box(InteropValues::StringBox* s) override;
  InteropValues::LongSeqBox* echo_long_seq_box(InteropValues::LongSeqBox* s) override;
  InteropValues::Pair* echo_pair(const InteropValues::Pair& p) override {
    return new InteropValues::Pair(p);
  }
  CORBA::Any* echo_any(const CORBA::Any& a) override { return new CORBA::Any(a); }
  CORBA::Double area_of(InteropValues::Shape_ptr s) override;
  InteropValues::Shape_ptr make_shape(CORBA::Boolean as_value, CORBA::Double size) override;

 private:
  PortableServer::POA_var poa_;
};

}  // namespace omni_values
