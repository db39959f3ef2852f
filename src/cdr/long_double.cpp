// long double on the wire: IEEE 754 binary128, 16 bytes, 8-aligned (CORBA 3.x, 9.3.1.1).
#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>

#include <limits>

namespace rtorb::cdr {
namespace {

#if defined(__SIZEOF_FLOAT128__)
// GCC and clang convert between the x87 80-bit format and binary128 in libgcc/compiler-rt,
// so no libquadmath is needed.
__extension__ typedef __float128 Binary128;
#else
static_assert(std::numeric_limits<long double>::digits == 113, "no binary128 type to convert long double through");
using Binary128 = long double;
#endif

struct Bytes16 {
  unsigned char b[16];
};

Bytes16 to_binary128(long double v) {
  Bytes16 out;
  const Binary128 q = static_cast<Binary128>(v);
  static_assert(sizeof q == 16);
  std::memcpy(out.b, &q, 16);
  return out;
}

long double from_binary128(const Bytes16& in) {
  Binary128 q;
  std::memcpy(&q, in.b, 16);
  return static_cast<long double>(q);
}

}  // namespace

void OutputStream::write_long_double(long double v) {
  align(8);
  const Bytes16 bytes = to_binary128(v);
  write_raw(bytes.b, sizeof bytes.b);
}

long double InputStream::read_long_double() {
  align(8);
  const auto raw = read_raw(16);
  Bytes16 bytes;
  std::memcpy(bytes.b, raw.data(), 16);
  if (swap_) {
    for (int i = 0; i < 8; ++i) std::swap(bytes.b[i], bytes.b[15 - i]);
  }
  return from_binary128(bytes);
}

}  // namespace rtorb::cdr
