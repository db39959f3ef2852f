// The rtorb interop client's checks of sequences (bounded, unbounded, nested, 1 MiB of
// octets) and arrays.
#include <climits>
#include <string>
#include <utility>
#include <vector>

#include "rtorb_interop_client.hpp"

namespace rtorb_interop::client {

namespace {

Interop::LongSeq reversed(const Interop::LongSeq& v) {
  return Interop::LongSeq(v.rbegin(), v.rend());
}

}  // namespace

void sequence_checks(Session& s) {
  const TesterRef& t = s.tester;
  Interop::LongSeq many(10000);
  for (std::size_t i = 0; i < many.size(); ++i)
    many[i] = static_cast<std::int32_t>(i * 7) - 5000;
  const std::vector<std::pair<std::string, Interop::LongSeq>> longs = {
      {"empty", {}}, {"of 5", {1, 2, 3, INT_MIN, INT_MAX}}, {"of 10000", many}};
  for (const auto& [name, v] : longs) {
    s.run("reverse_longs " + name,
          [&, &v = v] { return diff_seq(t->reverse_longs(v), reversed(v)); });
  }

  const Interop::StringSeq strings = {"first", "", "third one", "4"};
  s.run("reverse_strings of 4", [&] {
    return diff_seq(t->reverse_strings(strings),
                    Interop::StringSeq(strings.rbegin(), strings.rend()));
  });
  s.run("reverse_strings empty",
        [&] { return expect_eq(t->reverse_strings({}).size(), std::size_t{0}); });

  Interop::PointSeq points;
  for (std::int32_t i = 0; i < 3000; ++i) points.emplace_back(i, -i);
  s.run("echo_points of 3000 (fragmented in GIOP 1.1 and 1.2)",
        [&] { return diff_points(t->echo_points(points), points); });
  s.run("echo_points empty",
        [&] { return expect_eq(t->echo_points({}).size(), std::size_t{0}); });

  Interop::OuterSeq outers = {sample_outer(), empty_outer(), sample_outer()};
  outers[2].weight(-1e-300);
  s.run("echo_outers of 3", [&] {
    return diff_seq(t->echo_outers(outers), outers,
                    [](const auto& a, const auto& b) { return diff(a, b); });
  });

  Interop::BoundedLongSeq eight;
  for (std::int32_t i = 0; i < 8; ++i) eight.push_back(i * -11);
  s.run("echo_bounded_seq at its bound of 8", [&] {
    const Interop::BoundedLongSeq r = t->echo_bounded_seq(eight);
    return diff_seq<std::vector<std::int32_t>>(r, eight);
  });
  s.run("echo_bounded_seq empty", [&] {
    return expect_eq(t->echo_bounded_seq(Interop::BoundedLongSeq()).size(), std::size_t{0});
  });
  s.run("echo_bounded_seq over its bound of 8 is refused", [&] {
    Interop::BoundedLongSeq nine(9, 1);
    return expect_bound_refused([&] { t->echo_bounded_seq(nine); });
  });

  const Interop::LongArray long_array = {INT_MIN, -1, 0, 1, INT_MAX};
  s.run("echo_long_array",
        [&] { return diff_seq(t->echo_long_array(long_array), long_array); });
  const Interop::StringArray texts = {"", "one", "two two"};
  s.run("echo_string_array", [&] { return diff_seq(t->echo_string_array(texts), texts); });
  const Interop::Matrix matrix = {{{1, 2, 3}, {-4, SHRT_MIN, SHRT_MAX}}};
  s.run("echo_matrix", [&] {
    return diff_seq(t->echo_matrix(matrix), matrix,
                    [](const auto& a, const auto& b) { return diff_seq(a, b); });
  });

  constexpr std::uint32_t mib = 1u << 20;
  const Interop::OctetSeq big = octet_pattern(mib);
  s.run("make_octets 1 MiB", [&] { return diff_seq(t->make_octets(mib), big); });
  s.run("echo_octets 1 MiB", [&] { return diff_seq(t->echo_octets(big), big); });
  s.run("make_octets 0", [&] { return expect_eq(t->make_octets(0).size(), std::size_t{0}); });
  s.run("make_octets 300", [&] { return diff_seq(t->make_octets(300), octet_pattern(300)); });
  s.run("echo_octets empty",
        [&] { return expect_eq(t->echo_octets({}).size(), std::size_t{0}); });
}

}  // namespace rtorb_interop::client
