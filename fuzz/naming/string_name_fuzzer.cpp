// Fuzzes NamingContextExt's stringified names: bad ones raise InvalidName, good ones
// survive to_string(to_name(s)) unchanged as names, and to_url never fails otherwise.
#include <rtorb/naming/name_syntax.hpp>

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const auto name = rtorb::naming::to_name(text);
    if (rtorb::naming::to_name(rtorb::naming::to_string(name)) != name) std::abort();
    (void)rtorb::naming::to_url(":127.0.0.1:2809", text);
  } catch (const CosNaming::NamingContext::InvalidName&) {
  }
  try {
    (void)rtorb::naming::to_url(text, "a/b.c");
  } catch (const CosNaming::NamingContextExt::InvalidAddress&) {
  }
  return 0;
}
