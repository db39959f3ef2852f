// The same CDR work as cdr_bench.cpp done by omniORB 4.2's cdrMemoryStream, and by plain
// memcpy (the floor: no CDR at all), so one run gives side-by-side numbers.
#include <benchmark/benchmark.h>
#include <omniORB4/CORBA.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

namespace {

constexpr CORBA::ULong long_count = 16384;  // 64 KiB of longs

const CORBA::LongSeq& omni_longs() {
  static const CORBA::LongSeq seq = [] {
    CORBA::LongSeq s(long_count);
    s.length(long_count);
    for (CORBA::ULong i = 0; i < long_count; ++i) s[i] = static_cast<CORBA::Long>(i);
    return s;
  }();
  return seq;
}

void omniorb_encode_sequence_long(benchmark::State& state) {
  cdrMemoryStream s(80 * 1024);
  for (auto _ : state) {
    s.rewindPtrs();
    omni_longs() >>= s;
    benchmark::DoNotOptimize(s.bufSize());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * 65536);
}
BENCHMARK(omniorb_encode_sequence_long);

void omniorb_decode_sequence_long(benchmark::State& state) {
  cdrMemoryStream encoded(80 * 1024);
  omni_longs() >>= encoded;
  CORBA::LongSeq out(long_count);
  for (auto _ : state) {
    cdrMemoryStream in(const_cast<void*>(encoded.bufPtr()), encoded.bufSize());
    out <<= in;
    benchmark::DoNotOptimize(out.get_buffer());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * 65536);
}
BENCHMARK(omniorb_decode_sequence_long);

void omniorb_encode_small_struct(benchmark::State& state) {
  cdrMemoryStream s(256);
  const CORBA::Octet o = 1;
  const CORBA::Long l = 2;
  const CORBA::Short sh = 3;
  for (auto _ : state) {
    s.rewindPtrs();
    s.marshalOctet(o);
    l >>= s;
    sh >>= s;
    benchmark::DoNotOptimize(s.bufSize());
  }
}
BENCHMARK(omniorb_encode_small_struct);

void omniorb_decode_small_struct(benchmark::State& state) {
  cdrMemoryStream encoded(256);
  encoded.marshalOctet(1);
  CORBA::Long(2) >>= encoded;
  CORBA::Short(3) >>= encoded;
  for (auto _ : state) {
    cdrMemoryStream in(const_cast<void*>(encoded.bufPtr()), encoded.bufSize());
    CORBA::Octet o;
    CORBA::Long l;
    CORBA::Short sh;
    o = in.unmarshalOctet();
    l <<= in;
    sh <<= in;
    benchmark::DoNotOptimize(o + l + sh);
  }
}
BENCHMARK(omniorb_decode_small_struct);

// The floor for a 64 KiB sequence: one memcpy out and one back, no CDR.
void raw_memcpy_64k(benchmark::State& state) {
  std::vector<std::int32_t> src(long_count), dst(long_count);
  std::iota(src.begin(), src.end(), 0);
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), long_count * sizeof(std::int32_t));
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * 65536);
}
BENCHMARK(raw_memcpy_64k);

}  // namespace
