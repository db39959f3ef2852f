// What the omniORB interop client's files share (classic C++ mapping): its Session, how it
// compares and makes interop.idl's values, and its check groups, one file each or two.
#pragma once

#include <initializer_list>
#include <string>

#include "interop_client_checks.hpp"
#include "omni_interop_servants.hpp"

namespace omni_interop::client {

using rtorb::interop::expect_eq;
using rtorb::interop::expect_same_bits;
using rtorb::interop::first_failure;
using rtorb::interop::in_part;
using rtorb::interop::Report;

std::string completion_name(CORBA::CompletionStatus status);
std::string describe(const CORBA::SystemException& e);

// Fails a check on an exception its body does not expect, naming the exception.
struct CatchExceptions {
  template <class Body>
  static void run(Report& report, const std::string& name, Body&& body) {
    try {
      report.record(name, body());
    } catch (const CORBA::SystemException& e) {
      report.fail(name, "unexpected " + describe(e));
    } catch (const CORBA::Exception& e) {
      report.fail(name, std::string("unexpected user exception ") + e._name());
    } catch (const std::exception& e) {
      report.fail(name, std::string("unexpected std::exception ") + e.what());
    }
  }
};

using Session =
    rtorb::interop::Session<CatchExceptions, Interop::Tester_ptr, Interop::Counter_ptr>;

inline std::string str(const char* s) {
  return s == nullptr ? std::string("(null)") : std::string(s);
}

inline std::wstring wstr(const CORBA::WChar* s) {
  return s == nullptr ? std::wstring(L"(null)") : std::wstring(s);
}

// ------------------------------------------------------------------ comparisons
// Each returns "" when equal, else the first difference (omni_interop_client_values.cpp).

template <class Seq, class Compare>
std::string diff_seq(const Seq& got, const Seq& expected, Compare compare) {
  if (got.length() != expected.length()) {
    return "length " + std::to_string(got.length()) + ", expected " +
           std::to_string(expected.length());
  }
  for (CORBA::ULong i = 0; i < got.length(); ++i) {
    const std::string reason = compare(got[i], expected[i]);
    if (!reason.empty()) return "[" + std::to_string(i) + "] " + reason;
  }
  return {};
}

template <class Seq>
std::string diff_seq(const Seq& got, const Seq& expected) {
  return diff_seq(got, expected, [](const auto& a, const auto& b) { return expect_eq(a, b); });
}

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
// Oneway, attributes and operations with escaped names: omni_interop_client_interfaces.cpp.
void remaining_checks(Session& s);

}  // namespace omni_interop::client
