// rtorb::idl::InSequence, the holder generated skeletons read `in` sequences of numbers
// into: storage kept per thread, handed out in stack order, given back on every exit.
#include <gtest/gtest.h>

#include <rtorb/cdr/codec.hpp>
#include <rtorb/corba/exception.hpp>
#include <rtorb/idl/in_sequence.hpp>

#include <cstdint>
#include <vector>

namespace {

using Longs = std::vector<std::int32_t>;
using rtorb::idl::InSequence;

// The CDR of a sequence<long> of `values`.
std::vector<std::uint8_t> encoded(const Longs& values) {
  rtorb::cdr::OutputStream os;
  rtorb::cdr::write_sequence(os, values);
  return os.to_bytes();
}

struct Reader {
  explicit Reader(const Longs& values) : bytes(encoded(values)) {}
  rtorb::cdr::InputStream stream() const {
    return rtorb::cdr::InputStream(bytes, rtorb::cdr::native_byte_order);
  }
  std::vector<std::uint8_t> bytes;
};

TEST(InSequence, OneRequestAfterAnotherReusesTheThreadsVector) {
  const Reader first({1, 2, 3}), second({4, 5, 6});
  const Longs* kept = nullptr;
  const std::int32_t* storage = nullptr;
  {
    auto in = first.stream();
    const InSequence<Longs> arg(in);
    EXPECT_EQ(arg.value(), (Longs{1, 2, 3}));
    kept = &arg.value();
    storage = arg.value().data();
  }
  auto in = second.stream();
  const InSequence<Longs> arg(in);
  EXPECT_EQ(arg.value(), (Longs{4, 5, 6}));
  EXPECT_EQ(&arg.value(), kept);
  EXPECT_EQ(arg.value().data(), storage) << "same length: no new allocation";
}

TEST(InSequence, HoldersAliveTogetherHaveTheirOwnVectors) {
  const Reader a({1}), b({2, 2}), c({3, 3, 3}), d({4}), e({5}), f({6});
  auto ia = a.stream(), ib = b.stream(), ic = c.stream(), id = d.stream(), ie = e.stream(),
       jf = f.stream();
  const InSequence<Longs> h1(ia), h2(ib), h3(ic), h4(id), h5(ie), h6(jf);
  const Longs* all[] = {&h1.value(), &h2.value(), &h3.value(),
                        &h4.value(), &h5.value(), &h6.value()};
  for (int i = 0; i < 6; ++i) {
    for (int j = i + 1; j < 6; ++j) EXPECT_NE(all[i], all[j]);
  }
  EXPECT_EQ(h2.value(), (Longs{2, 2}));
  EXPECT_EQ(h6.value(), (Longs{6}));
}

TEST(InSequence, AMalformedSequenceGivesItsVectorBack) {
  const Reader good({7, 8});
  const Longs* first = nullptr;
  {
    auto in = good.stream();
    const InSequence<Longs> arg(in);
    first = &arg.value();
  }
  auto bytes = encoded({1, 2, 3});
  bytes.resize(bytes.size() - 2);  // the last element cut short
  rtorb::cdr::InputStream bad(bytes, rtorb::cdr::native_byte_order);
  EXPECT_THROW(InSequence<Longs> arg(bad), CORBA::MARSHAL);
  auto in = good.stream();
  const InSequence<Longs> arg(in);
  EXPECT_EQ(&arg.value(), first) << "the failed read kept its vector";
}

TEST(InSequence, AVectorOverOneMegabyteIsNotKept) {
  const Reader huge(Longs(300'000, 9)), small({1});
  {
    auto in = huge.stream();
    const InSequence<Longs> arg(in);
    EXPECT_EQ(arg.value().size(), 300'000u);
  }
  auto in = small.stream();
  const InSequence<Longs> arg(in);
  EXPECT_LT(arg.value().capacity(), 300'000u);
}

}  // namespace
