// Fuzzes the POA object key parser (keys arrive in every request). Whatever parses must
// encode back to the same bytes; nothing may throw or read outside the input.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

#include "poa/object_key.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> key(data, size);
  const auto parsed = rtorb::poa::parse_key(key);
  if (!parsed) return 0;
  if (!rtorb::poa::has_key_magic(key)) std::abort();
  std::vector<std::string> path(parsed->poa_path.begin(), parsed->poa_path.end());
  const auto again = rtorb::poa::encode_key(parsed->persistent, parsed->instance,
                                            parsed->address, path, parsed->object_id);
  if (again.size() != size || !std::equal(again.begin(), again.end(), data)) std::abort();
  return 0;
}
