// Object key encoding: big-endian fixed header, optional POA path, ObjectId to the end.
#include "poa/object_key.hpp"

#include <bit>
#include <cstring>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

namespace rtorb::poa {
namespace {

constexpr std::uint8_t magic[4] = {'R', 'T', 'o', 'k'};
constexpr std::uint8_t format_version = 1;
constexpr std::uint8_t kind_transient = 0;
constexpr std::uint8_t kind_persistent = 1;

// Writes into a buffer sized up front (plain stores: GCC 12 misreads vector::insert here).
class KeyWriter {
 public:
  explicit KeyWriter(std::size_t size) : out_(size) {}
  void octet(std::uint8_t v) noexcept { out_[pos_++] = v; }
  void u32(std::uint32_t v) noexcept {
    for (int shift = 24; shift >= 0; shift -= 8) octet(static_cast<std::uint8_t>(v >> shift));
  }
  void u64(std::uint64_t v) noexcept {
    u32(static_cast<std::uint32_t>(v >> 32));
    u32(static_cast<std::uint32_t>(v));
  }
  void bytes(const void* data, std::size_t size) noexcept {
    if (size == 0) return;
    std::memcpy(out_.data() + pos_, data, size);
    pos_ += size;
  }
  std::vector<std::uint8_t> take() noexcept { return std::move(out_); }

 private:
  std::vector<std::uint8_t> out_;
  std::size_t pos_ = 0;
};
// Big-endian, read as one word (every request's key is parsed: four of these each).
std::uint32_t get32(const std::uint8_t* p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, sizeof v);
  if constexpr (std::endian::native == std::endian::little) v = __builtin_bswap32(v);
  return v;
}

}  // namespace

std::vector<std::uint8_t> encode_key(bool persistent, std::uint64_t instance,
                                     const KeyAddress& address,
                                     std::span<const std::string> poa_path,
                                     std::span<const std::uint8_t> object_id) {
  std::size_t size = key_header_size + object_id.size();
  if (persistent) {
    if (poa_path.size() > max_key_path_depth) {
      raise<CORBA::IMP_LIMIT>(minor::imp_limit_object_key, "POA path too deep for a key");
    }
    size += 1;
    for (const auto& name : poa_path) {
      if (name.size() > 0xffff) {
        raise<CORBA::IMP_LIMIT>(minor::imp_limit_object_key, "POA name too long for a key");
      }
      size += 2 + name.size();
    }
  }
  KeyWriter out(size);
  out.bytes(magic, sizeof magic);
  out.octet(format_version);
  out.octet(persistent ? kind_persistent : kind_transient);
  out.octet(0);
  out.octet(0);
  out.u64(instance);
  out.u32(address.poa_index);
  out.u32(address.poa_generation);
  out.u32(address.slot);
  out.u32(address.slot_generation);
  if (persistent) {
    out.octet(static_cast<std::uint8_t>(poa_path.size()));
    for (const auto& name : poa_path) {
      out.octet(static_cast<std::uint8_t>(name.size() >> 8));
      out.octet(static_cast<std::uint8_t>(name.size()));
      out.bytes(name.data(), name.size());
    }
  }
  out.bytes(object_id.data(), object_id.size());
  return out.take();
}

bool has_key_magic(std::span<const std::uint8_t> key) noexcept {
  return key.size() >= key_header_size && key[0] == magic[0] && key[1] == magic[1] &&
         key[2] == magic[2] && key[3] == magic[3] && key[4] == format_version;
}

std::optional<ParsedKey> parse_key(std::span<const std::uint8_t> key) {
  std::optional<ParsedKey> parsed{std::in_place};
  if (!parse_key(key, *parsed)) parsed.reset();
  return parsed;
}

bool parse_key(std::span<const std::uint8_t> key, ParsedKey& parsed) {
  if (!has_key_magic(key)) return false;
  const std::uint8_t* p = key.data();
  if ((p[5] != kind_transient && p[5] != kind_persistent) || p[6] != 0 || p[7] != 0) {
    return false;
  }
  parsed.poa_path.clear();
  parsed.persistent = p[5] == kind_persistent;
  parsed.instance = (std::uint64_t{get32(p + 8)} << 32) | get32(p + 12);
  parsed.address = {get32(p + 16), get32(p + 20), get32(p + 24), get32(p + 28)};
  std::size_t pos = key_header_size;
  if (parsed.persistent) {
    if (pos >= key.size()) return false;
    const std::size_t depth = key[pos++];
    if (depth > max_key_path_depth) return false;
    parsed.poa_path.reserve(depth);
    for (std::size_t i = 0; i < depth; ++i) {
      if (key.size() - pos < 2) return false;
      const std::size_t length = (std::size_t{key[pos]} << 8) | key[pos + 1];
      pos += 2;
      if (key.size() - pos < length) return false;
      parsed.poa_path.emplace_back(reinterpret_cast<const char*>(p + pos), length);
      pos += length;
    }
  }
  parsed.object_id = key.subspan(pos);
  return true;
}

}  // namespace rtorb::poa
