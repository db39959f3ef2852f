// CDR just far enough to reach an IIOP profile's host and port (CORBA 3.x, 15.7.2).
#include "ior_address.hpp"

#include <vector>

namespace rtorb::naming {
namespace {

// An encapsulation: its first octet says the byte order, alignment counts from its start.
class Encapsulation {
 public:
  explicit Encapsulation(std::vector<std::uint8_t> bytes) : bytes_(std::move(bytes)) {
    little_ = !bytes_.empty() && bytes_[0] == 1;
    at_ = 1;
  }
  bool ok() const noexcept { return ok_; }
  std::uint32_t ulong() { return number(4); }
  std::uint16_t ushort() { return static_cast<std::uint16_t>(number(2)); }
  std::vector<std::uint8_t> octets(std::uint32_t size) {
    if (!ok_ || bytes_.size() - at_ < size) {
      ok_ = false;
      return {};
    }
    std::vector<std::uint8_t> out(bytes_.begin() + static_cast<std::ptrdiff_t>(at_),
                                  bytes_.begin() + static_cast<std::ptrdiff_t>(at_ + size));
    at_ += size;
    return out;
  }
  void skip(std::size_t size) {
    if (bytes_.size() - at_ < size) ok_ = false;
    if (ok_) at_ += size;
  }

 private:
  std::uint32_t number(std::size_t size) {
    at_ = (at_ + size - 1) / size * size;
    if (!ok_ || at_ > bytes_.size() || bytes_.size() - at_ < size) {
      ok_ = false;
      return 0;
    }
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < size; ++i) {
      const std::uint32_t byte = bytes_[at_ + (little_ ? i : size - 1 - i)];
      v |= byte << (8 * i);
    }
    at_ += size;
    return v;
  }

  std::vector<std::uint8_t> bytes_;
  std::size_t at_ = 0;
  bool little_ = false;
  bool ok_ = true;
};

std::optional<std::vector<std::uint8_t>> from_hex(std::string_view hex) {
  if (hex.size() % 2 != 0) return std::nullopt;
  std::vector<std::uint8_t> out;
  out.reserve(hex.size() / 2);
  const auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    const int high = digit(hex[i]);
    const int low = digit(hex[i + 1]);
    if (high < 0 || low < 0) return std::nullopt;
    out.push_back(static_cast<std::uint8_t>(high << 4 | low));
  }
  return out;
}

constexpr std::uint32_t tag_internet_iop = 0;

}  // namespace

std::optional<IiopAddress> iiop_address_of(std::string_view ior) {
  if (ior.substr(0, 4) != "IOR:") return std::nullopt;
  auto bytes = from_hex(ior.substr(4));
  if (!bytes) return std::nullopt;
  Encapsulation in(std::move(*bytes));
  in.skip(in.ulong());  // the type id
  const auto profiles = in.ulong();
  for (std::uint32_t i = 0; i < profiles && in.ok(); ++i) {
    const auto tag = in.ulong();
    auto data = in.octets(in.ulong());
    if (tag != tag_internet_iop) continue;
    Encapsulation profile(std::move(data));
    profile.skip(2);  // the IIOP version
    const auto host = profile.octets(profile.ulong());
    const auto port = profile.ushort();
    if (!profile.ok() || host.empty()) return std::nullopt;
    return IiopAddress{std::string(host.begin(), host.end() - (host.back() == 0 ? 1 : 0)), port};
  }
  return std::nullopt;
}

}  // namespace rtorb::naming
