// What the omniORB interop client's files share (classic C++ mapping): its Session, how it
// compares and makes interop.idl's values, and its check groups, one file each or two.
#pragma once

#include <initializer_list>
#include <string>

#include "interop_client_checks.hpp"
#include "omni_interop_servants.hpp"

namespace omni_interop::client {

using rtorb::interop::diff_seq;
using rtorb::interop::expect_eq;
using rtorb::interop::expect_same_bits;
using rtorb::interop::first_failure;
using rtorb::interop::in_part;
using rtorb::interop::Report;

using CatchExceptions =
    rtorb::interop::FailOnException<CORBA::SystemException, CORBA::Exception,
                                    rtorb::interop::describe_system_exception>;

using Session =
    rtorb::interop::Session<CatchExceptions, Interop::Tester_ptr, Interop::Counter_ptr>;

// "" when `call` raises BAD_PARAM or MARSHAL (a value over its bound), else "no exception".
template <class Call>
std::string expect_bound_refused(Call call) {
  return rtorb::interop::expect_bound_refused<CORBA::BAD_PARAM, CORBA::MARSHAL>(call);
}

inline std::string str(const char* s) {
  return s == nullptr ? std::string("(null)") : std::string(s);
}

inline std::wstring wstr(const CORBA::WChar* s) {
  return s == nullptr ? std::wstring(L"(null)") : std::wstring(s);
}

// ------------------------------------------------------------------ comparisons
// Each returns "" when equal, else the first difference (omni_interop_client_values.cpp).

std::string diff(const Interop::Point& got, const Interop::Point& expected);
std::string diff(const Interop::Inner& got, const Interop::Inner& expected);
std::string diff(const Interop::Outer& got, const Interop::Outer& expected);
std::string diff(const Interop::AllBasics& got, const Interop::AllBasics& expected);
std::string diff(const Interop::NumUnion& got, const Interop::NumUnion& expected);
std::string diff(const Interop::ColorUnion& got, const Interop::ColorUnion& expected);
std::string diff_strings(const Interop::StringSeq& got, const Interop::StringSeq& expected);
std::string diff_points(const Interop::PointSeq& got, const Interop::PointSeq& expected);

// ------------------------------------------------------------------ test values

Interop::LongSeq long_seq(std::initializer_list<CORBA::Long> values);
Interop::Point point(CORBA::Long x, CORBA::Long y);
// make_any(5)'s Outer; also the full Outer the echo checks send.
Interop::Outer sample_outer();
Interop::Outer empty_outer();
// What make_octets(n) returns.
Interop::OctetSeq octet_pattern(CORBA::ULong n);

// ------------------------------------------------------------------ check groups

void basic_checks(Session& s);        // omni_interop_client_types.cpp
void constructed_checks(Session& s);  // omni_interop_client_types.cpp
void sequence_checks(Session& s);     // omni_interop_client_sequences.cpp
void any_checks(Session& s);          // omni_interop_client_any.cpp
void parameter_checks(Session& s);    // omni_interop_client_parameters.cpp
void exception_checks(Session& s);    // omni_interop_client_parameters.cpp
void object_checks(Session& s);       // omni_interop_client_interfaces.cpp
// Oneways, attributes and operations with escaped names (default, in).
void oneway_and_attribute_checks(Session& s);  // omni_interop_client_interfaces.cpp

}  // namespace omni_interop::client
