// Runs a task to its end on the calling thread, driving the ORB's event loop meanwhile:
// the way a program's main() (or a test) waits for coroutines without a loop of its own.
//
//   std::int32_t r = rtorb::coro::run_until_done(*orb, twice(cubit));
#pragma once

#include <rtorb/corba/orb.hpp>
#include <rtorb/coro/task.hpp>

#include <utility>

namespace rtorb::coro {

// Starts `t`, calls orb.perform_work() until it has ended, and returns its value or
// rethrows its exception. Raises what perform_work raises (BAD_INV_ORDER
// bad_inv_order_orb_shutdown once the ORB is shut down), and what task::start raises.
template <class T>
T run_until_done(CORBA::ORB& orb, task<T> t) {
  t.start();
  while (!t.done()) orb.perform_work();
  return t.get();
}

}  // namespace rtorb::coro
