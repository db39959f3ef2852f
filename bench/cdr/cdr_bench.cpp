// CDR encode/decode micro-benchmarks: a 64 KiB sequence<long>, a small struct and a string.
// Each benchmark also reports heap allocations per call ("allocs"), which must be 0 in
// steady state: the first block is on the stack and further blocks come from the thread's
// pool.
#include <rtorb/cdr/codec.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <new>
#include <numeric>
#include <vector>

namespace {

std::atomic<std::uint64_t> allocations{0};

}  // namespace

// Counting allocator for the whole program, so the benchmarks can prove "no allocation".
// Out of line so GCC does not pair the inlined malloc/free against new/delete.
[[gnu::noinline]] void* operator new(std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
[[gnu::noinline]] void operator delete(void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace rtorb::cdr {

struct Small {
  std::uint8_t o = 1;
  std::int32_t l = 2;
  std::int16_t s = 3;
};

template <>
struct Codec<Small> {
  static constexpr std::size_t min_size = 7;
  static void write(OutputStream& os, const Small& v) {
    os.write_octet(v.o);
    os.write_long(v.l);
    os.write_short(v.s);
  }
  static void read(InputStream& is, Small& v) {
    v.o = is.read_octet();
    v.l = is.read_long();
    v.s = is.read_short();
  }
};

namespace {

class AllocationCounter {
 public:
  explicit AllocationCounter(benchmark::State& state) : state_(state), start_(allocations.load()) {}
  ~AllocationCounter() {
    state_.counters["allocs"] = benchmark::Counter(static_cast<double>(allocations.load() - start_),
                                                   benchmark::Counter::kAvgIterations);
  }

 private:
  benchmark::State& state_;
  std::uint64_t start_;
};

const std::vector<std::int32_t>& longs() {
  static const std::vector<std::int32_t> v = [] {
    std::vector<std::int32_t> x(16384);
    std::iota(x.begin(), x.end(), 0);
    return x;
  }();
  return v;
}

template <class Encode>
std::vector<std::uint8_t> encoded(Encode&& encode) {
  OutputStream os;
  encode(os);
  return os.to_bytes();
}

void warm_up(std::size_t bytes) {  // leave a block of this size in the thread's pool
  OutputStream os;
  std::vector<std::uint8_t> filler(bytes);
  os.write_raw(filler.data(), filler.size());
}

void encode_sequence_long(benchmark::State& state) {
  warm_up(128 * 1024);
  std::array<std::uint8_t, 512> stack_block;
  AllocationCounter counter(state);
  for (auto _ : state) {
    OutputStream os(stack_block);
    write_sequence(os, longs());
    benchmark::DoNotOptimize(os.size());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * 65536);
}
BENCHMARK(encode_sequence_long);

void decode_sequence_long(benchmark::State& state) {
  const auto bytes = encoded([](OutputStream& os) { write_sequence(os, longs()); });
  std::vector<std::int32_t> out;
  out.reserve(16384);
  AllocationCounter counter(state);
  for (auto _ : state) {
    InputStream is(bytes, native_byte_order);
    read_sequence(is, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * 65536);
}
BENCHMARK(decode_sequence_long);

void decode_sequence_long_swapped(benchmark::State& state) {
  auto bytes = encoded([](OutputStream& os) { write_sequence(os, longs()); });
  for (std::size_t i = 0; i < bytes.size(); i += 4) std::reverse(bytes.begin() + static_cast<std::ptrdiff_t>(i), bytes.begin() + static_cast<std::ptrdiff_t>(i + 4));
  const ByteOrder foreign = native_byte_order == ByteOrder::little_endian ? ByteOrder::big_endian : ByteOrder::little_endian;
  std::vector<std::int32_t> out;
  out.reserve(16384);
  AllocationCounter counter(state);
  for (auto _ : state) {
    InputStream is(bytes, foreign);
    read_sequence(is, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * 65536);
}
BENCHMARK(decode_sequence_long_swapped);

void encode_small_struct(benchmark::State& state) {
  std::array<std::uint8_t, 64> stack_block;
  const Small v;
  AllocationCounter counter(state);
  for (auto _ : state) {
    OutputStream os(stack_block);
    write(os, v);
    benchmark::DoNotOptimize(os.size());
  }
}
BENCHMARK(encode_small_struct);

void decode_small_struct(benchmark::State& state) {
  const auto bytes = encoded([](OutputStream& os) { write(os, Small{}); });
  AllocationCounter counter(state);
  for (auto _ : state) {
    InputStream is(bytes, native_byte_order);
    Small v = read<Small>(is);
    benchmark::DoNotOptimize(v);
  }
}
BENCHMARK(decode_small_struct);

void encode_string(benchmark::State& state) {
  std::array<std::uint8_t, 64> stack_block;
  AllocationCounter counter(state);
  for (auto _ : state) {
    OutputStream os(stack_block);
    os.write_string("IDL:omg.org/CosNaming/NamingContext:1.0");
    benchmark::DoNotOptimize(os.size());
  }
}
BENCHMARK(encode_string);

void decode_string_view(benchmark::State& state) {
  const auto bytes = encoded([](OutputStream& os) { os.write_string("IDL:omg.org/CosNaming/NamingContext:1.0"); });
  AllocationCounter counter(state);
  for (auto _ : state) {
    InputStream is(bytes, native_byte_order);
    benchmark::DoNotOptimize(is.read_string_view());
  }
}
BENCHMARK(decode_string_view);

}  // namespace
}  // namespace rtorb::cdr

BENCHMARK_MAIN();
