// How the rtorb interop client shows a system exception, compares interop.idl's values
// and makes the values its checks send.
#include <string>

#include "rtorb_interop_client.hpp"

namespace rtorb_interop::client {

std::string describe(const CORBA::SystemException& e) {
  std::string text = rtorb::interop::describe_system_exception(e);
  if (!e.detail().empty()) text += " (" + e.detail() + ")";
  return text;
}

// ------------------------------------------------------------------ comparisons

std::string diff(const Interop::Point& got, const Interop::Point& expected) {
  return first_failure({in_part("x", expect_eq(got.x(), expected.x())),
                        in_part("y", expect_eq(got.y(), expected.y()))});
}

std::string diff_points(const Interop::PointSeq& got, const Interop::PointSeq& expected) {
  return diff_seq(got, expected, [](const auto& a, const auto& b) { return diff(a, b); });
}

std::string diff(const Interop::Inner& got, const Interop::Inner& expected) {
  return first_failure({in_part("label", expect_eq(got.label(), expected.label())),
                        in_part("hue", expect_eq(got.hue(), expected.hue())),
                        in_part("path", diff_points(got.path(), expected.path()))});
}

std::string diff(const Interop::Outer& got, const Interop::Outer& expected) {
  return first_failure({in_part("origin", diff(got.origin(), expected.origin())),
                        in_part("detail", diff(got.detail(), expected.detail())),
                        in_part("values", diff_seq(got.values(), expected.values())),
                        in_part("weight", expect_same_bits(got.weight(), expected.weight())),
                        in_part("flag", expect_eq(got.flag(), expected.flag()))});
}

std::string diff(const Interop::AllBasics& got, const Interop::AllBasics& expected) {
  return first_failure({in_part("b", expect_eq(got.b(), expected.b())),
                        in_part("c", expect_eq(got.c(), expected.c())),
                        in_part("o", expect_eq(got.o(), expected.o())),
                        in_part("s", expect_eq(got.s(), expected.s())),
                        in_part("us", expect_eq(got.us(), expected.us())),
                        in_part("l", expect_eq(got.l(), expected.l())),
                        in_part("ul", expect_eq(got.ul(), expected.ul())),
                        in_part("ll", expect_eq(got.ll(), expected.ll())),
                        in_part("ull", expect_eq(got.ull(), expected.ull())),
                        in_part("f", expect_same_bits(got.f(), expected.f())),
                        in_part("d", expect_same_bits(got.d(), expected.d())),
                        in_part("str", expect_eq(got.str(), expected.str()))});
}

std::string diff(const Interop::NumUnion& got, const Interop::NumUnion& expected) {
  const std::string disc = in_part("discriminator", expect_eq(got._d(), expected._d()));
  if (!disc.empty()) return disc;
  switch (expected._d()) {
    case 1:
      return in_part("l", expect_eq(got.l(), expected.l()));
    case 2:
      return in_part("s", expect_eq(got.s(), expected.s()));
    case 3:
    case 4:
      return in_part("d", expect_same_bits(got.d(), expected.d()));
    default:
      return in_part("o", expect_eq(got.o(), expected.o()));
  }
}

std::string diff(const Interop::ColorUnion& got, const Interop::ColorUnion& expected) {
  const std::string disc = in_part("discriminator", expect_eq(got._d(), expected._d()));
  if (!disc.empty()) return disc;
  switch (expected._d()) {
    case Interop::Color::RED:
      return in_part("r", expect_eq(got.r(), expected.r()));
    case Interop::Color::GREEN:
      return in_part("g", expect_eq(got.g(), expected.g()));
    default:
      return in_part("b", diff(got.b(), expected.b()));
  }
}

// ------------------------------------------------------------------- test values

// make_any(5)'s Outer; also the full Outer the echo checks send.
Interop::Outer sample_outer() {
  return Interop::Outer(
      Interop::Point(1, 2),
      Interop::Inner("in", Interop::Color::GREEN,
                     Interop::PointSeq{Interop::Point(3, 4), Interop::Point(5, 6)}),
      Interop::LongSeq{10, 20, 30}, 2.5, true);
}

Interop::Outer empty_outer() {
  return Interop::Outer(Interop::Point(0, 0), Interop::Inner("", Interop::Color::RED, {}), {},
                        -0.0, false);
}

Interop::OctetSeq octet_pattern(std::uint32_t n) {
  Interop::OctetSeq seq(n);
  for (std::uint32_t i = 0; i < n; ++i) seq[i] = rtorb::interop::octet_pattern(i);
  return seq;
}

}  // namespace rtorb_interop::client
