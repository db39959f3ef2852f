// rtorb-cubit-server --amh: the Cubit served with asynchronous method handling, every
// twoway replied from one worker thread after the upcall has returned (the cost of AMH's
// hand-off against the classic servant; docs/messaging.md, "AMH"). --amh-inline replies
// inside the upcall instead: the cost of the handler alone.
#pragma once

#include <rtorb/corba/orb.hpp>

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

#include "cube.hpp"
#include "cubitS.h"

namespace cubit {

class AmhCubitServant final : public POA::AMH_Cubit {
 public:
  using Handler = IDL::traits<AMH_CubitResponseHandler>::ref_type;

  AmhCubitServant(IDL::traits<CORBA::ORB>::ref_type orb, bool inline_replies)
      : orb_(std::move(orb)), inline_(inline_replies), worker_([this] { work(); }) {}
  ~AmhCubitServant() override {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    ready_.notify_one();
    worker_.join();
  }

  void cube_void(Handler h) override {
    post([h] { h->cube_void(); });
  }
  void cube_octet(Handler h, std::uint8_t o) override {
    post([h, o] { h->cube_octet(cube(o)); });
  }
  void cube_long(Handler h, std::int32_t l) override {
    post([h, l] { h->cube_long(cube(l)); });
  }
  void cube_struct(Handler h, const Cubit::Many& m) override {
    post([h, m] { h->cube_struct(Cubit::Many(cube(m.o()), cube(m.l()), cube(m.s()))); });
  }
  void cube_long_sequence(Handler h, const Cubit::LongSeq& s) override {
    post([h, s] {
      Cubit::LongSeq result(s.size());
      for (std::size_t i = 0; i < s.size(); ++i) result[i] = cube(s[i]);
      h->cube_long_sequence(result);
    });
  }
  void ping_oneway(Handler h) override { h->ping_oneway(); }
  void cube_oneway(Handler h, std::int32_t l) override {
    last_ = cube(l);
    h->cube_oneway();
  }
  void sequence_oneway(Handler h, const Cubit::LongSeq&) override { h->sequence_oneway(); }
  void shutdown(Handler h) override {
    h->shutdown();
    orb_->shutdown(false);
  }

 private:
  void post(std::function<void()> job) {
    if (inline_) {
      job();
      return;
    }
    {
      std::lock_guard lock(mutex_);
      jobs_.push_back(std::move(job));
    }
    ready_.notify_one();
  }
  void work() {
    std::unique_lock lock(mutex_);
    for (;;) {
      ready_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty()) return;
      std::deque<std::function<void()>> batch;
      batch.swap(jobs_);
      lock.unlock();
      for (auto& job : batch) job();
      lock.lock();
    }
  }

  IDL::traits<CORBA::ORB>::ref_type orb_;
  std::int32_t last_ = 0;
  const bool inline_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> jobs_;  // guarded by mutex_
  bool stopping_ = false;                   // guarded by mutex_
  std::thread worker_;                      // last: started once the rest exists
};

}  // namespace cubit
