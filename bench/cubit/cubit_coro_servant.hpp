// rtorb-cubit-server --coro: the Cubit served by a coroutine servant (POA::CORO_Cubit) whose
// coroutines co_return at once: what a coroutine servant costs over AMH's handler
// (--amh-inline) and the classic servant; docs/messaging.md, "Coroutine servants".
#pragma once

#include <rtorb/corba/orb.hpp>
#include <rtorb/coro/task.hpp>

#include <cstddef>
#include <cstdint>
#include <utility>

#include "cube.hpp"
#include "cubitS.h"

namespace cubit {

class CoroCubitServant final : public POA::CORO_Cubit {
 public:
  template <class T>
  using task = rtorb::coro::task<T>;

  explicit CoroCubitServant(IDL::traits<CORBA::ORB>::ref_type orb) : orb_(std::move(orb)) {}

  task<void> cube_void() override { co_return; }
  task<std::uint8_t> cube_octet(std::uint8_t o) override { co_return cube(o); }
  task<std::int32_t> cube_long(std::int32_t l) override { co_return cube(l); }
  task<Cubit::Many> cube_struct(Cubit::Many m) override {
    co_return Cubit::Many(cube(m.o()), cube(m.l()), cube(m.s()));
  }
  task<Cubit::LongSeq> cube_long_sequence(Cubit::LongSeq s) override {
    for (std::size_t i = 0; i < s.size(); ++i) s[i] = cube(s[i]);
    co_return s;
  }
  task<void> ping_oneway() override { co_return; }
  task<void> cube_oneway(std::int32_t l) override {
    last_ = cube(l);
    co_return;
  }
  task<void> sequence_oneway(Cubit::LongSeq) override { co_return; }
  task<void> shutdown() override {
    orb_->shutdown(false);
    co_return;
  }

 private:
  IDL::traits<CORBA::ORB>::ref_type orb_;
  std::int32_t last_ = 0;
};

}  // namespace cubit
