#include "giop_request.hpp"

#include <bit>
#include <cstring>

namespace demux {
namespace {

// CDR aligns relative to the start of the message, header included (GIOP 1.2).
class Writer {
 public:
  void align(std::size_t n) {
    while (bytes_.size() % n != 0) bytes_.push_back(0);
  }
  template <class T>
  void put(T v) {
    align(sizeof(T));
    std::uint8_t raw[sizeof(T)];
    std::memcpy(raw, &v, sizeof(T));
    bytes_.insert(bytes_.end(), raw, raw + sizeof(T));
  }
  void put_bytes(std::span<const std::uint8_t> b) {
    bytes_.insert(bytes_.end(), b.begin(), b.end());
  }
  std::vector<std::uint8_t>& bytes() { return bytes_; }

 private:
  std::vector<std::uint8_t> bytes_;
};

}  // namespace

std::vector<std::uint8_t> giop_request(std::uint32_t request_id,
                                       std::span<const std::uint8_t> object_key,
                                       std::string_view operation, std::int32_t argument) {
  static_assert(std::endian::native == std::endian::little, "flags below say little-endian");
  Writer w;
  const std::uint8_t header[12] = {'G', 'I', 'O', 'P', 1, 2, 0x01, 0 /* Request */, 0, 0, 0, 0};
  w.put_bytes(header);
  w.put<std::uint32_t>(request_id);
  w.put<std::uint8_t>(0x03);  // response_flags: SYNC_WITH_TARGET, a reply is expected
  for (int i = 0; i < 3; ++i) w.put<std::uint8_t>(0);  // reserved[3]
  w.put<std::int16_t>(0);                              // TargetAddress: KeyAddr
  w.put<std::uint32_t>(static_cast<std::uint32_t>(object_key.size()));
  w.put_bytes(object_key);
  w.put<std::uint32_t>(static_cast<std::uint32_t>(operation.size() + 1));
  w.put_bytes(
      std::span(reinterpret_cast<const std::uint8_t*>(operation.data()), operation.size()));
  w.put<std::uint8_t>(0);
  w.put<std::uint32_t>(0);  // no service contexts
  w.align(8);               // the body starts 8-aligned in GIOP 1.2
  w.put<std::int32_t>(argument);
  auto& bytes = w.bytes();
  const auto size = static_cast<std::uint32_t>(bytes.size() - 12);
  std::memcpy(bytes.data() + 8, &size, 4);
  return bytes;
}

}  // namespace demux
