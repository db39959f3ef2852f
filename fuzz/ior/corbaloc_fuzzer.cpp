// Fuzzes the corbaloc/corbaname parsers. Malformed URLs must raise BAD_PARAM; a URL that
// parses must format to text that parses to the same value, and its reference must survive
// a trip through an "IOR:" string.
#include "ior/corbaloc.hpp"
#include "ior/ior_string.hpp"
#include "ior/object_string.hpp"

#include <rtorb/corba/exception.hpp>

#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {

using namespace rtorb;

void check(bool ok) {
  if (!ok) std::abort();
}

template <class F>
void expect_clean(F&& f) {
  try {
    f();
  } catch (const CORBA::BAD_PARAM&) {
    // Malformed URL, or one that names no IIOP address.
  }
}

void check_reference(const ior::CorbalocUrl& url) {
  expect_clean([&] {
    const ior::ObjectReference r = ior::corbaloc_to_reference(url);
    check(ior::reference_from_ior_string(ior::to_ior_string(r)) == r);
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  expect_clean([&] {
    const ior::CorbalocUrl url = ior::parse_corbaloc(text);
    check(ior::parse_corbaloc(ior::format_corbaloc(url)) == url);
    check_reference(url);
  });
  expect_clean([&] {
    const ior::CorbanameUrl url = ior::parse_corbaname(text);
    check(ior::parse_corbaname(ior::format_corbaname(url)) == url);
    check_reference(url.location);
  });
  expect_clean([&] { ior::string_to_reference(text); });
  return 0;
}
