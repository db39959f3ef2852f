// Any storage and its wire form.
#include <rtorb/cdr/any.hpp>
#include <rtorb/cdr/value_codec.hpp>

namespace rtorb::cdr {

InputStream Any::value_stream() const {
  InputOptions options;
  options.giop_minor = options_.giop_minor;
  options.code_sets = options_.code_sets;
  options.references = references_;
  options.value_factories = value_factories_;
  return InputStream(value_, order_, options);
}

void Any::assign(TypeCodeRef tc, std::vector<std::uint8_t> value, ByteOrder order,
                 const OutputOptions& encoded_with) {
  type_ = std::move(tc);
  value_ = std::move(value);
  order_ = order;
  options_ = encoded_with;
  local_value_ = nullptr;
}

void write_any(OutputStream& os, const Any& any) {
  write_type_code(os, *any.type());
  const bool same_layout = any.byte_order() == native_byte_order && os.alignment_offset() % 8 == 0 &&
                           any.encoded_with().giop_minor == os.options().giop_minor &&
                           any.encoded_with().code_sets == os.options().code_sets;
  if (same_layout) {
    os.write_raw(any.value_bytes().data(), any.value_bytes().size());
    return;
  }
  if (const auto& local = any.local_value()) {
    // An abstract interface's value made in this process: no factory need know its type.
    os.write_boolean(false);
    write_value(os, local.shared().get());
    return;
  }
  InputStream in = any.value_stream();
  copy_value(in, os, *any.type());
}

Any read_any(InputStream& is) {
  is.enter_nested();
  struct Leave {
    InputStream& is;
    ~Leave() { is.leave_nested(); }
  } leave{is};
  TypeCodeRef tc = read_type_code(is);
  const OutputOptions encoded_with{is.options().giop_minor, is.options().code_sets};
  Any any;
  const std::size_t start = is.position();
  // Values are re-marshaled: their ids may be indirections to ids outside the any.
  if (is.byte_order() == native_byte_order && start % 8 == 0 && !skip_value(is, *tc)) {
    const auto bytes = is.buffer().subspan(start, is.position() - start);
    any.assign(std::move(tc), std::vector<std::uint8_t>(bytes.begin(), bytes.end()), native_byte_order,
               encoded_with);
    any.set_references(is.options().references, is.options().value_factories);
    return any;
  }
  is.seek(start);
  OutputStream os(encoded_with);
  copy_value(is, os, *tc);
  any.assign(std::move(tc), os.to_bytes(), native_byte_order, encoded_with);
  any.set_references(is.options().references, is.options().value_factories);
  return any;
}

}  // namespace rtorb::cdr
