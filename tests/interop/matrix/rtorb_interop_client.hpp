// What the rtorb interop client's files share (IDL to C++11 mapping): its Session, how it
// compares and makes interop.idl's values, and its check groups, one file each or two.
#pragma once

#include <cstdint>
#include <string>

#include "interop_client_checks.hpp"
#include "rtorb_interop_servants.hpp"

namespace rtorb_interop::client {

using rtorb::interop::diff_seq;
using rtorb::interop::expect_eq;
using rtorb::interop::expect_same_bits;
using rtorb::interop::first_failure;
using rtorb::interop::in_part;
using rtorb::interop::Report;
using TesterRef = IDL::traits<Interop::Tester>::ref_type;

// describe_system_exception, then the detail an rtorb exception carries, if any.
std::string describe(const CORBA::SystemException& e);
using CatchExceptions =
    rtorb::interop::FailOnException<CORBA::SystemException, CORBA::UserException, describe>;

using Session = rtorb::interop::Session<CatchExceptions, TesterRef, CounterRef>;

// "" when `call` raises BAD_PARAM or MARSHAL (a value over its bound), else "no exception".
template <class Call>
std::string expect_bound_refused(Call call) {
  return rtorb::interop::expect_bound_refused<CORBA::BAD_PARAM, CORBA::MARSHAL>(call);
}

// ------------------------------------------------------------------ comparisons
// Each returns "" when equal, else the first difference (rtorb_interop_client_values.cpp).

std::string diff(const Interop::Point& got, const Interop::Point& expected);
std::string diff(const Interop::Inner& got, const Interop::Inner& expected);
std::string diff(const Interop::Outer& got, const Interop::Outer& expected);
std::string diff(const Interop::AllBasics& got, const Interop::AllBasics& expected);
std::string diff(const Interop::NumUnion& got, const Interop::NumUnion& expected);
std::string diff(const Interop::ColorUnion& got, const Interop::ColorUnion& expected);
std::string diff_points(const Interop::PointSeq& got, const Interop::PointSeq& expected);

// ------------------------------------------------------------------ test values

// make_any(5)'s Outer; also the full Outer the echo checks send.
Interop::Outer sample_outer();
Interop::Outer empty_outer();
// What make_octets(n) returns.
Interop::OctetSeq octet_pattern(std::uint32_t n);

// ------------------------------------------------------------------ check groups

void basic_checks(Session& s);        // rtorb_interop_client_types.cpp
void constructed_checks(Session& s);  // rtorb_interop_client_types.cpp
void sequence_checks(Session& s);     // rtorb_interop_client_sequences.cpp
void any_checks(Session& s);          // rtorb_interop_client_any.cpp
void parameter_checks(Session& s);    // rtorb_interop_client_parameters.cpp
void exception_checks(Session& s);    // rtorb_interop_client_parameters.cpp
void object_checks(Session& s);       // rtorb_interop_client_interfaces.cpp
// Oneways, attributes and operations with escaped names (default, in).
void oneway_and_attribute_checks(Session& s);  // rtorb_interop_client_interfaces.cpp

}  // namespace rtorb_interop::client
