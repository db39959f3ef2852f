// Writes the seed corpus of the cdr fuzzer into the directory named on the command line:
// valid anys of many types in both byte orders and GIOP versions, plus classic bad inputs.
#include <rtorb/cdr/any.hpp>
#include <rtorb/cdr/fixed.hpp>
#include <rtorb/cdr/object_reference.hpp>

#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace {

using namespace rtorb::cdr;
using Bytes = std::vector<std::uint8_t>;

std::string out_dir;

void save(const std::string& name, std::uint8_t selector, const Bytes& body) {
  std::ofstream f(out_dir + "/" + name, std::ios::binary);
  f.put(static_cast<char>(selector));
  f.write(reinterpret_cast<const char*>(body.data()), static_cast<std::streamsize>(body.size()));
}

// Selector: bit 0 byte order (this machine's), bits 1-2 GIOP minor.
std::uint8_t selector(std::uint8_t minor) {
  return static_cast<std::uint8_t>(static_cast<std::uint8_t>(native_byte_order) | minor << 1);
}

void any_seed(const std::string& name, const TypeCodeRef& tc, const std::function<void(OutputStream&)>& value,
              std::uint8_t minor = 2) {
  OutputStream os(OutputOptions{minor, {}});
  write_type_code(os, *tc);
  value(os);
  save(name, selector(minor), os.to_bytes());
}

TypeCodeRef basic(TCKind k) { return TypeCode::basic(k); }

void valid_seeds() {
  any_seed("long", basic(TCKind::tk_long), [](OutputStream& os) { os.write_long(42); });
  any_seed("double", basic(TCKind::tk_double), [](OutputStream& os) { os.write_double(2.5); });
  any_seed("longdouble", basic(TCKind::tk_longdouble), [](OutputStream& os) { os.write_long_double(1.5L); });
  any_seed("string", TypeCode::string(), [](OutputStream& os) { os.write_string("hello"); });
  any_seed("wstring12", TypeCode::wstring(), [](OutputStream& os) { os.write_wstring(L"h\x00e9llo"); });
  any_seed("wstring11", TypeCode::wstring(), [](OutputStream& os) { os.write_wstring(L"h\x00e9llo"); }, 1);
  any_seed("wchar11", basic(TCKind::tk_wchar), [](OutputStream& os) { os.write_wchar(L'x'); }, 1);
  any_seed("wchar12", basic(TCKind::tk_wchar), [](OutputStream& os) { os.write_wchar(L'x'); });
  any_seed("fixed", TypeCode::fixed(7, 2), [](OutputStream& os) { write_fixed(os, Fixed("-12345.67"), 7, 2); });
  any_seed("seq_octet", TypeCode::sequence(basic(TCKind::tk_octet)), [](OutputStream& os) {
    const Bytes b = {1, 2, 3};
    write_sequence(os, b);
  });
  any_seed("array2d", TypeCode::array(TypeCode::array(basic(TCKind::tk_short), 2), 2), [](OutputStream& os) {
    for (std::int16_t i = 0; i < 4; ++i) os.write_short(i);
  });
  const auto color = TypeCode::enumeration("IDL:Color:1.0", "Color", {"red", "green", "blue"});
  any_seed("enum", color, [](OutputStream& os) { os.write_ulong(2); });
  const auto point = TypeCode::structure("IDL:Point:1.0", "Point",
                                         {{"tag", basic(TCKind::tk_octet)}, {"x", basic(TCKind::tk_long)},
                                          {"name", TypeCode::string(8)}});
  any_seed("struct", point, [](OutputStream& os) {
    os.write_octet(1);
    os.write_long(2);
    os.write_string("p");
  });
  const auto u = TypeCode::union_type("IDL:U:1.0", "U", color,
                                      {{"r", basic(TCKind::tk_double), 0}, {"other", TypeCode::string(), 0}}, 1);
  any_seed("union", u, [](OutputStream& os) {
    os.write_ulong(1);
    os.write_string("default branch");
  });
  const auto node = TypeCode::structure(
      "IDL:Node:1.0", "Node",
      {{"v", basic(TCKind::tk_long)}, {"kids", TypeCode::sequence(TypeCode::recursive(TCKind::tk_struct, "IDL:Node:1.0"))}});
  any_seed("recursive", node, [](OutputStream& os) {
    os.write_long(1);
    os.write_ulong(1);
    os.write_long(2);
    os.write_ulong(0);
  });
  any_seed("any_in_any", basic(TCKind::tk_any), [](OutputStream& os) {
    Any inner;
    inner.insert(std::string("inner"));
    write_any(os, inner);
  });
  any_seed("typecode", basic(TCKind::tk_TypeCode), [&](OutputStream& os) { write_type_code(os, *u); });
  any_seed("objref", TypeCode::interface(TCKind::tk_objref, "IDL:Echo:1.0", "Echo"), [](OutputStream& os) {
    write_ior(os, IorData{"IDL:Echo:1.0", {{0, {0, 1, 2, 0}}}});
  });
  any_seed("except", TypeCode::exception("IDL:Oops:1.0", "Oops", {{"code", basic(TCKind::tk_long)}}),
           [](OutputStream& os) {
             os.write_string("IDL:Oops:1.0");
             os.write_long(7);
           });
  any_seed("alias", TypeCode::alias("IDL:Name:1.0", "Name", TypeCode::string()),
           [](OutputStream& os) { os.write_string("n"); });
  // Abstract interfaces (9.3.7): TRUE and an IOR, FALSE and nil, FALSE and a value (no
  // factory in the fuzzer: MARSHAL), each behind a tk_abstract_interface TypeCode.
  const auto shape = TypeCode::interface(TCKind::tk_abstract_interface, "IDL:Shape:1.0", "Shape");
  any_seed("abstract_reference", shape, [](OutputStream& os) {
    os.write_boolean(true);
    write_ior(os, IorData{"IDL:Circle:1.0", {{0, {0, 1, 2, 0}}}});
  });
  any_seed("abstract_nil", shape, [](OutputStream& os) {
    os.write_boolean(false);
    os.write_long(0);
  });
  any_seed("abstract_value", shape, [](OutputStream& os) {
    os.write_boolean(false);
    os.write_ulong(0x7fffff02);
    os.write_string("IDL:Square:1.0");
    os.write_double(2.0);
  });
  // A body for the "mix" decoder: string, wstring, wchar, sequence<long>, sequence<string>,
  // fixed digits octet + fixed, long double, IOR, encapsulation.
  OutputStream mix;
  mix.write_string("s");
  mix.write_wstring(L"w");
  mix.write_wchar(L'c');
  write_sequence(mix, std::vector<std::int32_t>{1, 2});
  write_sequence(mix, std::vector<std::string>{"a"});
  mix.write_octet(4);  // fixed<5,2>
  write_fixed(mix, Fixed("123.45"), 5, 2);
  mix.write_long_double(3.0L);
  write_ior(mix, IorData{"IDL:X:1.0", {}});
  const auto e = mix.begin_encapsulation();
  mix.write_long(1);
  mix.end_encapsulation(e);
  save("mix", selector(2), mix.to_bytes());
}

void bad_seeds() {
  const std::uint8_t be = 4;  // big-endian, GIOP 1.2
  save("bad_kind", be, {0, 0, 0, 99});
  save("indirection_loop", be, {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFC});
  save("huge_string", be, {0, 0, 0, 18, 0xFF, 0xFF, 0xFF, 0xFF, 'x'});
  save("huge_sequence", be, {0, 0, 0, 19, 0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xF0});
  save("bad_boolean", be, {0, 0, 0, 8, 7});
  // tk_abstract_interface ("IDL:A:1.0", "A") holding the discriminator 2.
  save("abstract_bad_discriminator", be,
       {0, 0, 0, 32, 0, 0, 0, 26, 0, 0, 0, 0, 0, 0, 0, 10, 'I', 'D', 'L', ':', 'A', ':', '1', '.', '0', 0,
        0, 0, 0, 0, 0, 2, 'A', 0, 2});
  save("bad_byte_order", be, {0, 0, 0, 19, 0, 0, 0, 12, 2, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0});
  save("truncated", be, {0, 0, 0, 15, 0, 0, 1});
  save("lone_surrogate", be, {0, 0, 0, 27, 0, 0, 0, 0, 0, 0, 0, 2, 0xD8, 0x00});
  save("bad_fixed", be, {0, 0, 0, 28, 0, 3, 0, 0, 0x1A, 0x3C});
  Bytes deep;
  for (int i = 0; i < 200; ++i) deep.insert(deep.end(), {0, 0, 0, 11});
  save("deep_any", be, deep);
  save("empty", be, {});
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <corpus directory>\n", argv[0]);
    return 2;
  }
  out_dir = argv[1];
  valid_seeds();
  bad_seeds();
  return 0;
}
