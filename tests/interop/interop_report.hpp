// The output both interop clients share (omniORB's and rtorb's): one line per check,
// `PASS <check>`, `FAIL <check>: <reason>` or `SKIP <check>: <reason>`, then
// `N passed, M failed, K skipped`. The matrix driver reads the last line, the exit status
// and the SKIP lines (a pairing with a skipped check is reported skipped, with the reasons).
// Header-only and ORB-free so either client can include it next to its ORB's headers.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>

namespace rtorb::interop {

class Report {
 public:
  void pass(std::string_view check) {
    ++passed_;
    std::printf("PASS %.*s\n", static_cast<int>(check.size()), check.data());
    std::fflush(stdout);
  }
  void fail(std::string_view check, std::string_view reason) {
    ++failed_;
    std::printf("FAIL %.*s: %.*s\n", static_cast<int>(check.size()), check.data(),
                static_cast<int>(reason.size()), reason.data());
    std::fflush(stdout);
  }
  void skip(std::string_view check, std::string_view reason) {
    ++skipped_;
    std::printf("SKIP %.*s: %.*s\n", static_cast<int>(check.size()), check.data(),
                static_cast<int>(reason.size()), reason.data());
    std::fflush(stdout);
  }
  // An empty reason is a pass.
  void record(std::string_view check, const std::string& reason) {
    if (reason.empty()) {
      pass(check);
    } else {
      fail(check, reason);
    }
  }
  // Prints the summary line; the process exit status.
  int finish() const {
    std::printf("%d passed, %d failed, %d skipped\n", passed_, failed_, skipped_);
    std::fflush(stdout);
    return failed_ == 0 ? 0 : 1;
  }
  int failed() const noexcept { return failed_; }

 private:
  int passed_ = 0;
  int failed_ = 0;
  int skipped_ = 0;
};

// How a value is shown in a failure reason. Characters and octets as numbers, so a NUL
// or a byte of another code set is visible.
template <class T>
std::string show(const T& value) {
  std::ostringstream out;
  if constexpr (std::is_same_v<T, bool>) {
    out << (value ? "TRUE" : "FALSE");
  } else if constexpr (std::is_same_v<T, char> || std::is_same_v<T, signed char> ||
                       std::is_same_v<T, unsigned char>) {
    out << static_cast<int>(static_cast<unsigned char>(value));
  } else if constexpr (std::is_same_v<T, wchar_t>) {
    out << "U+" << std::hex << static_cast<std::uint32_t>(value);
  } else if constexpr (std::is_floating_point_v<T>) {
    out.precision(17);
    out << value;
  } else if constexpr (std::is_enum_v<T>) {
    out << static_cast<long long>(value);
  } else {
    out << value;
  }
  return out.str();
}

inline std::string show(const std::wstring& value) {
  std::string out = "\"";
  for (const wchar_t c : value) {
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char code[16];
      std::snprintf(code, sizeof code, "\\u%04x", static_cast<unsigned>(c));
      out += code;
    }
  }
  return out + "\"";
}

inline std::string show(const std::string& value) { return "\"" + value + "\""; }

// "" when equal, else "got X, expected Y".
template <class T>
std::string expect_eq(const T& got, const T& expected) {
  if (got == expected) return {};
  return "got " + show(got) + ", expected " + show(expected);
}

// Floating point compared bit for bit, so -0.0 and infinities must survive exactly.
template <class T>
  requires std::is_floating_point_v<T>
std::string expect_same_bits(T got, T expected) {
  if (std::memcmp(&got, &expected, sizeof(T)) == 0) return {};
  return "got " + show(got) + ", expected " + show(expected) + " (bits differ)";
}

// Several conditions of one check: the first failure wins.
inline std::string first_failure(std::initializer_list<std::string> reasons) {
  for (const std::string& reason : reasons) {
    if (!reason.empty()) return reason;
  }
  return {};
}

// Prefixes a failure reason with the part it concerns ("hi: got 1, expected 2").
inline std::string in_part(std::string_view part, const std::string& reason) {
  if (reason.empty()) return reason;
  return std::string(part) + ": " + reason;
}

// The values make_octets(n) returns and the clients send to echo_octets.
inline std::uint8_t octet_pattern(std::uint32_t i) {
  return static_cast<std::uint8_t>(i % 251);
}

// Checks named with `--skip NAME`: known deviations between two ORBs (docs/interop.md),
// reported as SKIP instead of run.
inline std::set<std::string>& skipped_checks() {
  static std::set<std::string> names;
  return names;
}

// Consumes `--skip NAME` at argv[i] (advancing i); true if it did.
inline bool take_skip_option(int& i, int argc, char** argv) {
  if (std::string_view(argv[i]) != "--skip" || i + 1 >= argc) return false;
  skipped_checks().insert(argv[++i]);
  return true;
}

// Whether the client's arguments ask for GIOP below 1.2, where wchar and wstring are
// refused (1.1 by omniORB) or absent (1.0): `--no-wide`, or an ORB option naming 1.0/1.1.
inline bool wants_no_wide(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--no-wide") return true;
    const bool version_option = arg == "-ORBmaxGIOPVersion" || arg == "-ORBGIOPVersion";
    if (version_option && i + 1 < argc) {
      const std::string_view version = argv[i + 1];
      if (version == "1.0" || version == "1.1") return true;
    }
  }
  return false;
}

}  // namespace rtorb::interop
