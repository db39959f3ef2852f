// Helpers for union codecs. A union goes on the wire as its discriminator, then the member
// the discriminator selects (CORBA 3.x, 9.3.2.6); nothing when no member is selected.
//
// A hand-written (or generated) codec looks like this, for
//   union Shape switch (long) { case 1: double radius; case 2: case 3: long side; default: string name; };
//
//   static void write(OutputStream& os, const Shape& s) {
//     os.write_long(s.d);
//     switch (s.d) { case 1: os.write_double(s.radius); break;
//                    case 2: case 3: os.write_long(s.side); break;
//                    default: os.write_string(s.name); }
//   }
//   static void read(InputStream& is, Shape& s) {
//     s.d = is.read_long();
//     ...same switch, reading...
//   }
//
// For a union with neither a default case nor labels covering every value, the reader
// uses read_union_discriminator() to refuse values no case names.
#pragma once

#include <rtorb/cdr/codec.hpp>

#include <algorithm>
#include <initializer_list>
#include <string>

namespace rtorb::cdr {

// Reads a discriminator of type D and checks it against `labels`. Raises MARSHAL
// (marshal_bad_union_discriminator) for a value no label names.
template <class D>
D read_union_discriminator(InputStream& is, std::initializer_list<D> labels) {
  const std::size_t at = is.position();
  D d{};
  Codec<D>::read(is, d);
  if (std::find(labels.begin(), labels.end(), d) == labels.end()) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_union_discriminator,
                          "union discriminator at offset " + std::to_string(at) +
                              " matches no case label");
  }
  return d;
}

}  // namespace rtorb::cdr
