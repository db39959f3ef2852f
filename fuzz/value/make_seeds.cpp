// Writes the seed corpus of the value fuzzer into the directory named on the command line:
// valid encodings (null, a chain, a cycle, shared values, a truncatable value with a nested
// one, a box, values in an any's walk) in both byte-order selectors, and classic bad ones.
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "sample_values.hpp"

namespace {

using namespace rtorb::fuzz;
using Bytes = std::vector<std::uint8_t>;

std::string out_dir;

// Selector bits: 0 byte order, 1 the Extended factory known, 2-3 the formal type (formal 4:
// bit 4, the custom value).
void save(const std::string& name, std::uint8_t selector, const Bytes& body) {
  std::ofstream f(out_dir + "/" + name, std::ios::binary);
  f.put(static_cast<char>(selector));
  f.write(reinterpret_cast<const char*>(body.data()), static_cast<std::streamsize>(body.size()));
}

std::uint8_t selector(int formal, bool know_extended) {
  return static_cast<std::uint8_t>(static_cast<std::uint8_t>(rtorb::cdr::native_byte_order) |
                                   (know_extended ? 2 : 0) | (formal == 4 ? 0x10 : formal << 2));
}

void seed(const std::string& name, int formal, bool know_extended,
          const std::function<void(OutputStream&)>& write) {
  OutputStream os;
  write(os);
  save(name, selector(formal, know_extended), os.to_bytes());
}

CORBA::valuetype_reference<Node> node(std::int32_t id, std::string label,
                                      CORBA::valuetype_reference<Node> next = nullptr) {
  auto n = CORBA::make_reference<Node>();
  n->id = id;
  n->label = std::move(label);
  n->next = std::move(next);
  return n;
}

void valid_seeds() {
  seed("null", 0, false, [](OutputStream& os) { rtorb::cdr::write_value(os, nullptr); });
  const auto chain = node(1, "a", node(2, "b", node(3, "c")));
  for (const int formal : {0, 3}) {
    const std::string suffix = formal == 0 ? "" : "_walk";
    seed("chain" + suffix, formal, false, [&](OutputStream& os) { rtorb::cdr::write_value(os, chain.shared().get()); });
    seed("shared" + suffix, formal, false, [&](OutputStream& os) {
      rtorb::cdr::write_value(os, chain.shared().get());
      rtorb::cdr::write_value(os, chain->next.shared().get());
    });
  }
  auto a = node(1, "a");
  auto b = node(2, "b", a);
  a->next = b;
  seed("cycle", 0, false, [&](OutputStream& os) { rtorb::cdr::write_value(os, a.shared().get()); });
  seed("cycle_walk", 3, false, [&](OutputStream& os) { rtorb::cdr::write_value(os, a.shared().get()); });
  a->next = nullptr;
  auto e = CORBA::make_reference<Extended>();
  e->a = 5;
  e->c = 2.5;
  e->n = node(7, "inside", node(8, "deeper"));
  for (const bool known : {false, true}) {
    const std::string suffix = known ? "_known" : "_truncated";
    seed("extended" + suffix, 1, known, [&](OutputStream& os) {
      rtorb::cdr::write_value(os, e.shared().get());
      rtorb::cdr::write_value(os, e.shared().get());
    });
  }
  seed("box", 2, false, [](OutputStream& os) {
    const auto box = CORBA::make_reference<Box>("boxed");
    rtorb::cdr::write_value(os, box.shared().get());
    rtorb::cdr::write_value(os, box.shared().get());
  });
}

void custom_seeds() {
  auto inner = CORBA::make_reference<Custom>();
  inner->items = {4, 5};
  auto outer = CORBA::make_reference<Custom>();
  outer->items = {1, 2, 3};
  outer->inner = inner;
  seed("custom", 4, false, [&](OutputStream& os) {
    rtorb::cdr::write_value(os, outer.shared().get());
    rtorb::cdr::write_value(os, inner.shared().get());  // an indirection to a finished one
  });
  outer->inner = outer;  // a cycle through a custom value: MARSHAL on reading
  seed("custom_cycle", 4, false, [&](OutputStream& os) { rtorb::cdr::write_value(os, outer.shared().get()); });
  outer->inner = nullptr;
  seed("custom_long_count", 4, false, [](OutputStream& os) {
    os.write_ulong(0x7fffff0a);
    os.write_string("IDL:Fuzz/Custom:1.0");
    os.write_long(8);
    os.write_ulong(0x10000000);
    os.write_long(1);
    os.write_long(-1);
  });
}

void bad_seeds() {
  seed("forward_indirection", 0, false, [](OutputStream& os) {
    os.write_ulong(0xffffffff);
    os.write_long(8);
  });
  seed("self_indirection", 0, false, [](OutputStream& os) {
    os.write_ulong(0xffffffff);
    os.write_long(-4);
  });
  seed("long_chunk", 1, true, [](OutputStream& os) {
    os.write_ulong(0x7fffff0a);
    os.write_string("IDL:Fuzz/Extended:1.0");
    os.write_long(0x7ffffeff);
    os.write_long(1);
  });
  seed("deep_end_tag", 1, false, [](OutputStream& os) {
    os.write_ulong(0x7fffff0a);
    os.write_string("IDL:Fuzz/Base:1.0");
    os.write_long(4);
    os.write_long(1);
    os.write_long(-5);
  });
  seed("bad_tag", 0, false, [](OutputStream& os) { os.write_ulong(0x7fffff04); });
  seed("id_indirection_loop", 0, false, [](OutputStream& os) {
    os.write_ulong(0x7fffff02);
    os.write_ulong(0xffffffff);
    os.write_long(-4);
  });
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: value_fuzz_seeds <corpus directory>\n");
    return 2;
  }
  out_dir = argv[1];
  valid_seeds();
  custom_seeds();
  bad_seeds();
  return 0;
}
