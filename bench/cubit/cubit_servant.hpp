// The Cubit servant every rtorb benchmark serves: the cubes of bench/cubit/cube.hpp.
#pragma once

#include <rtorb/corba/orb.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <utility>

#include "cube.hpp"
#include "cubitS.h"

namespace cubit {

// The real work of the paper's Figure 17: how many of the `count` numbers from `first` on
// are prime, by trial division (about 20,000 divisions for 1,000 numbers near 1,000).
inline std::int32_t count_primes(std::int32_t first, std::int32_t count) {
  std::int32_t primes = 0;
  for (std::int32_t n = first; n < first + count; ++n) {
    bool prime = n >= 2;
    for (std::int32_t d = 2; prime && d * d <= n; ++d) prime = n % d != 0;
    primes += prime ? 1 : 0;
  }
  return primes;
}

class CubitServant final : public CORBA::servant_traits<Cubit>::base_type {
 public:
  CubitServant() = default;
  // shutdown() shuts `orb` down; without one it does nothing.
  explicit CubitServant(IDL::traits<CORBA::ORB>::ref_type orb) : orb_(std::move(orb)) {}
  // cube_long and cube_oneway each also check `work` numbers for primality first.
  // `sleep`: every two-way cube_* operation first sleeps that long (a real sleep), so that
  // calls served side by side show on a machine with few CPUs.
  CubitServant(IDL::traits<CORBA::ORB>::ref_type orb, std::int32_t work,
               std::chrono::milliseconds sleep = {})
      : orb_(std::move(orb)), work_(work), sleep_(sleep) {}

  void cube_void() override { nap(); }
  std::uint8_t cube_octet(std::uint8_t o) override {
    nap();
    return cube(o);
  }
  std::int32_t cube_long(std::int32_t l) override {
    nap();
    if (work_ > 0) last_ = count_primes(l & 0xff, work_);
    return cube(l);
  }
  Cubit::Many cube_struct(const Cubit::Many& m) override {
    nap();
    return Cubit::Many(cube(m.o()), cube(m.l()), cube(m.s()));
  }
  Cubit::LongSeq cube_long_sequence(const Cubit::LongSeq& s) override {
    nap();
    Cubit::LongSeq result(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) result[i] = cube(s[i]);
    return result;
  }
  void ping_oneway() override {}
  void cube_oneway(std::int32_t l) override {
    if (work_ > 0) last_ = count_primes(l & 0xff, work_);
    last_ += cube(l);
  }
  void sequence_oneway(const Cubit::LongSeq&) override {}
  void shutdown() override {
    if (orb_) orb_->shutdown(false);
  }

 private:
  void nap() const {
    if (sleep_.count() > 0) std::this_thread::sleep_for(sleep_);
  }

  IDL::traits<CORBA::ORB>::ref_type orb_;
  std::int32_t work_ = 0;
  std::chrono::milliseconds sleep_{0};
  std::int32_t last_ = 0;
};

}  // namespace cubit
