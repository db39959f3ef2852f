// rtorb servants of values.idl with the semantics its comments give (the interop
// contract), and the value factories both of rtorb's values peers register.
#pragma once

#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include "valuesS.h"

namespace rtorb_values {

using NodeRef = IDL::traits<InteropValues::Node>::ref_type;
using BaseRef = IDL::traits<InteropValues::Base>::ref_type;
using PoaRef = IDL::traits<PortableServer::POA>::ref_type;

// Registers a factory for every concrete value type of values.idl (boxes need none).
void register_value_factories(CORBA::ORB& orb);

// A Square value: a Shape by value (values.idl's Square supports Shape, so its area() is the
// program's to implement, and its factory too).
class SquareImpl final : public OBV_InteropValues::Square {
 public:
  SquareImpl() = default;
  explicit SquareImpl(double side) : OBV_InteropValues::Square(side) {}
  double area() override { return side() * side(); }
  CORBA::ValueBase::_ref_type _copy_value() const override { return CORBA::make_reference<SquareImpl>(side()); }
};

class SquareFactory final : public InteropValues::Square_init {
 public:
  CORBA::ValueBase::_ref_type create_for_unmarshal() override { return CORBA::make_reference<SquareImpl>(); }
};

class CircleImpl final : public CORBA::servant_traits<InteropValues::Circle>::base_type {
 public:
  explicit CircleImpl(double radius) : radius_(radius) {}
  double area() override { return radius_ * radius_ * 3.14159; }
  double radius() override { return radius_; }

 private:
  const double radius_;
};

class ValueTesterImpl final : public CORBA::servant_traits<InteropValues::ValueTester>::base_type {
 public:
  explicit ValueTesterImpl(PoaRef poa) : poa_(std::move(poa)) {}

  NodeRef echo_node(const NodeRef& n) override { return n; }
  InteropValues::NodeSeq echo_nodes(const InteropValues::NodeSeq& s) override { return s; }
  bool same_value(const NodeRef& x, const NodeRef& y) override { return x && x == y; }
  BaseRef echo_base(const BaseRef& b) override { return b; }
  BaseRef make_derived(std::int32_t a, const std::string& b) override;
  IDL::traits<InteropValues::StringBox>::ref_type echo_string_box(
      const IDL::traits<InteropValues::StringBox>::ref_type& s) override {
    return s;
  }
  IDL::traits<InteropValues::LongSeqBox>::ref_type echo_long_seq_box(
      const IDL::traits<InteropValues::LongSeqBox>::ref_type& s) override {
    return s;
  }
  InteropValues::Pair echo_pair(const InteropValues::Pair& p) override { return p; }
  CORBA::Any echo_any(const CORBA::Any& a) override { return a; }
  // A Circle's area (a remote call) or a Square's (the value's own, here).
  double area_of(const IDL::traits<InteropValues::Shape>::ref_type& s) override;
  // A Square value (as_value) or a reference to a new Circle.
  IDL::traits<InteropValues::Shape>::ref_type make_shape(bool as_value, double size) override;

 private:
  PoaRef poa_;
};

}  // namespace rtorb_values
