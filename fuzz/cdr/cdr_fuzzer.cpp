// Fuzzes the CDR decoder. The first byte picks the byte order (bit 0) and the GIOP minor
// version (bits 1-2); the rest is decoded three ways: as a TypeCode followed by a value of
// that type, as an any, and as a mix of strings, wide strings, sequences, fixed, an IOR and
// nested encapsulations. Bad input must end in a CORBA::SystemException; anything else
// (a crash, a sanitizer report, another exception) is a finding.
#include <rtorb/cdr/any.hpp>
#include <rtorb/cdr/codec.hpp>
#include <rtorb/cdr/fixed.hpp>
#include <rtorb/cdr/object_reference.hpp>
#include <rtorb/cdr/type_code.hpp>

#include <cstdint>
#include <cstdlib>
#include <span>

namespace {

using rtorb::cdr::InputStream;
using rtorb::cdr::OutputStream;

InputStream make_stream(std::span<const std::uint8_t> data, std::uint8_t selector) {
  rtorb::cdr::InputOptions options;
  options.giop_minor = static_cast<std::uint8_t>(std::min((selector >> 1) & 3, 2));
  options.limits.max_string_length = 1 << 16;
  options.limits.max_sequence_length = 1 << 16;
  const auto order = static_cast<rtorb::cdr::ByteOrder>(selector & 1);
  return InputStream(data, order, options);
}

// Whatever decodes must re-encode, and the re-encoding must decode to the same thing.
void type_code_and_value(InputStream is) {
  const rtorb::cdr::TypeCodeRef tc = rtorb::cdr::read_type_code(is);
  const std::size_t value_start = is.position();
  rtorb::cdr::skip_value(is, *tc);

  OutputStream os(rtorb::cdr::OutputOptions{is.options().giop_minor, is.options().code_sets});
  rtorb::cdr::write_type_code(os, *tc);
  InputStream again = is;
  again.seek(value_start);
  rtorb::cdr::copy_value(again, os, *tc);
  const std::vector<std::uint8_t> bytes = os.to_bytes();
  InputStream check(bytes, rtorb::cdr::native_byte_order, is.options());
  const rtorb::cdr::TypeCodeRef back = rtorb::cdr::read_type_code(check);
  if (!back->equal(*tc)) std::abort();
  rtorb::cdr::skip_value(check, *back);
  if (check.remaining() != 0) std::abort();
}

void any(InputStream is) {
  const rtorb::cdr::Any a = rtorb::cdr::read_any(is);
  OutputStream os(rtorb::cdr::OutputOptions{is.options().giop_minor, is.options().code_sets});
  os.write_octet(1);  // misalign, forcing the re-marshaling path
  rtorb::cdr::write_any(os, a);
  const std::vector<std::uint8_t> bytes = os.to_bytes();
  InputStream check(bytes, rtorb::cdr::native_byte_order, is.options());
  check.read_octet();
  const rtorb::cdr::Any back = rtorb::cdr::read_any(check);
  if (!back.type()->equal(*a.type())) std::abort();
}

void mix(InputStream is) {
  (void)is.read_string();
  if (is.options().giop_minor > 0) {
    (void)is.read_wstring();
    (void)is.read_wchar();
  }
  std::vector<std::int32_t> longs;
  rtorb::cdr::read_sequence(is, longs);
  std::vector<std::string> strings;
  rtorb::cdr::read_sequence(is, strings, 8);
  const std::uint16_t digits = static_cast<std::uint16_t>(is.read_octet() % 31 + 1);
  (void)rtorb::cdr::read_fixed(is, digits, static_cast<std::int16_t>(digits / 2));
  (void)is.read_long_double();
  (void)rtorb::cdr::read_ior(is);
  InputStream inner = is.read_encapsulation();
  while (inner.remaining() > 0) inner = inner.read_encapsulation();
}

template <class F>
void guarded(F&& f) {
  try {
    f();
  } catch (const CORBA::SystemException&) {
    // rejected input: the expected outcome for most of it
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t selector = data[0];
  const std::span<const std::uint8_t> body(data + 1, size - 1);
  guarded([&] { type_code_and_value(make_stream(body, selector)); });
  guarded([&] { any(make_stream(body, selector)); });
  guarded([&] { mix(make_stream(body, selector)); });
  return 0;
}
