// The object keys the POA puts in references (docs/poa.md, "Object keys"): a fixed header
// that locates POA and object by index, then what a PERSISTENT object needs after a
// restart (POA path names) and the ObjectId. Keys come from the network: parsing never
// throws for bad input and never reads past the bytes it is given.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rtorb::poa {

inline constexpr std::size_t key_header_size = 32;
inline constexpr std::uint32_t no_slot = 0xffffffffU;
inline constexpr std::size_t max_key_path_depth = 64;

// Where the POA table and the active object map hold the target; each index is paired
// with the generation of its slot so a key to something since removed is refused.
struct KeyAddress {
  std::uint32_t poa_index = 0;
  std::uint32_t poa_generation = 0;
  std::uint32_t slot = no_slot;  // no_slot: look the ObjectId up (USER_ID, NON_RETAIN ...)
  std::uint32_t slot_generation = 0;
};

struct ParsedKey {
  bool persistent = false;
  std::uint64_t instance = 0;  // the ORB instance nonce the key was made by
  KeyAddress address;
  std::vector<std::string_view> poa_path;   // PERSISTENT only: names below the RootPOA
  std::span<const std::uint8_t> object_id;  // views into the key
};

// Raises IMP_LIMIT (imp_limit_object_key) if the path is deeper than max_key_path_depth or
// a name is longer than 65535 bytes.
std::vector<std::uint8_t> encode_key(bool persistent, std::uint64_t instance,
                                     const KeyAddress& address,
                                     std::span<const std::string> poa_path,
                                     std::span<const std::uint8_t> object_id);

// nullopt for anything that is not a well-formed key of this format.
std::optional<ParsedKey> parse_key(std::span<const std::uint8_t> key);
// The same into `out` (false, `out` unspecified, for a bad key): what the request path
// uses, so the parsed key is built in place instead of moved out of an optional.
bool parse_key(std::span<const std::uint8_t> key, ParsedKey& out);

// True if `key` starts with the magic and version of this format (cheap; no full parse).
bool has_key_magic(std::span<const std::uint8_t> key) noexcept;

}  // namespace rtorb::poa
