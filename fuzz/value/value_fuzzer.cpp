// Fuzzes the value type decoder (value_codec.hpp): tags, repository ids and their
// indirections, value indirections, chunks and end tags, truncation. The first byte picks
// the byte order (bit 0), whether the Extended factory is known (bit 1), which formal type
// each value is read as (bits 2-3: Node, Base, Box, and the TypeCode-driven walk of anys;
// bit 4 set: a custom value, Custom, whatever bits 2-3 say).
// Values are read until the input ends. Bad input must end in CORBA::MARSHAL; anything else
// (a crash, a hang, a sanitizer report, another exception) is a finding. What decodes is
// written again and must decode again.
#include <rtorb/cdr/any.hpp>
#include <rtorb/corba/exception.hpp>

#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include "sample_values.hpp"

namespace {

using namespace rtorb::fuzz;

rtorb::cdr::TypeCodeRef node_type_code() {
  using rtorb::cdr::TCKind;
  using rtorb::cdr::TypeCode;
  static const auto tc = TypeCode::value(
      TCKind::tk_value, "IDL:Fuzz/Node:1.0", "Node", 0, nullptr,
      {{"id", TypeCode::basic(TCKind::tk_long), 0, 1},
       {"label", TypeCode::string(), 0, 1},
       {"next", TypeCode::recursive(TCKind::tk_value, "IDL:Fuzz/Node:1.0"), 0, 1}});
  return tc;
}

// A factory for each of the sample types, by repository id: reading back what was written.
class AnyFactory final : public CORBA::ValueFactoryBase {
 public:
  explicit AnyFactory(CORBA::ValueBase::_ref_type (*make)()) : make_(make) {}
  CORBA::ValueBase::_ref_type create_for_unmarshal() override { return make_(); }

 private:
  CORBA::ValueBase::_ref_type (*make_)();
};

CORBA::object_reference<CORBA::ValueFactoryBase> every_factory(const InputStream&, const std::string& id) {
  if (id == Node::rtorb_value_info().repository_id) return CORBA::make_reference<AnyFactory>(&create<Node>);
  if (id == Base::rtorb_value_info().repository_id) return CORBA::make_reference<AnyFactory>(&create<Base>);
  if (id == Extended::rtorb_value_info().repository_id) return CORBA::make_reference<AnyFactory>(&create<Extended>);
  if (id == Box::rtorb_value_info().repository_id) return CORBA::make_reference<AnyFactory>(&create<Box>);
  if (id == Custom::rtorb_value_info().repository_id) return CORBA::make_reference<AnyFactory>(&create<Custom>);
  return nullptr;
}

void write_again(const std::vector<CORBA::ValueBase::_ref_type>& values) {
  OutputStream os;
  for (const auto& v : values) rtorb::cdr::write_value(os, v.shared().get());
  const auto bytes = os.to_bytes();
  InputStream again(bytes, rtorb::cdr::native_byte_order);
  std::vector<CORBA::ValueBase::_ref_type> back;
  for (std::size_t i = 0; i < values.size(); ++i) {
    static const ValueTypeInfo any_type{"IDL:omg.org/CORBA/ValueBase:1.0"};
    back.push_back(rtorb::cdr::read_value(again, any_type, nullptr, &every_factory));
    if (!back.back() || back.back()->_obv_typeid() != values[i]->_obv_typeid()) std::abort();
  }
  if (again.remaining() != 0) std::abort();
}

// Breaks the cycles a decoded graph may hold (a -> b -> a), so the fuzzer does not leak.
void release_everything() {
  for (const auto& v : created()) v->rtorb_release_values();
  created().clear();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::uint8_t selector = data[0];
  const std::span<const std::uint8_t> body(data + 1, size - 1);
  rtorb::cdr::InputOptions options;
  options.limits.max_string_length = 1 << 12;
  options.limits.max_sequence_length = 1 << 12;
  InputStream is(body, static_cast<rtorb::cdr::ByteOrder>(selector & 1), options);
  known_factories() = (selector >> 1) & 1;
  const int formal = (selector & 0x10) != 0 ? 4 : (selector >> 2) & 3;
  std::vector<CORBA::ValueBase::_ref_type> values;
  try {
    while (is.remaining() >= 4 && values.size() < 64) {
      switch (formal) {
        case 0: values.push_back(read_as<Node>(is)); break;
        case 1: values.push_back(read_as<Base>(is)); break;
        case 2: values.push_back(read_as<Box>(is)); break;
        case 4: values.push_back(read_as<Custom>(is)); break;
        default: {
          OutputStream copy;
          rtorb::cdr::copy_value(is, copy, *node_type_code());
          values.push_back(nullptr);
        }
      }
    }
  } catch (const CORBA::MARSHAL&) {
  } catch (const CORBA::BAD_TYPECODE&) {
  } catch (const CORBA::SystemException&) {
    std::abort();  // the value decoder raises MARSHAL only
  }
  std::erase(values, nullptr);
  try {
    write_again(values);
  } catch (const CORBA::SystemException&) {
    std::abort();  // what decoded must encode and decode again
  }
  values.clear();
  release_everything();
  return 0;
}
