// Threads that keep calling whatever target the test last aimed them at, for races between
// requests and the destruction of what they reach.
#pragma once

#include <rtorb/corba/exception.hpp>

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace rtorb::test {

template <class Ref>
class RacingCallers {
 public:
  // `call(ref)` is true when the call reached its servant and got the right reply, false for
  // a wrong reply (counted in wrong()); OBJECT_NOT_EXIST counts as refused.
  RacingCallers(int threads, std::function<bool(const Ref&)> call) : call_(std::move(call)) {
    for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { run(); });
  }
  ~RacingCallers() { stop(); }
  RacingCallers(const RacingCallers&) = delete;
  RacingCallers& operator=(const RacingCallers&) = delete;

  void aim(Ref target) {
    std::lock_guard lock(mutex_);
    target_ = std::move(target);
  }
  // Stops once a call has completed (or 30 s have passed): on a loaded machine the callers
  // may not have run at all while the target changed, and a race nobody ran proves nothing.
  void stop() {
    const auto limit = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!stop_ && served_ + refused_ + wrong_ == 0 &&
           std::chrono::steady_clock::now() < limit) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    stop_ = true;
    for (auto& t : threads_) {
      if (t.joinable()) t.join();
    }
  }
  int served() const { return served_; }
  int refused() const { return refused_; }
  int wrong() const { return wrong_; }  // replies that reached a servant but were not right

 private:
  void run() {
    while (!stop_) {
      Ref target;
      {
        std::lock_guard lock(mutex_);
        target = target_;
      }
      if (!target) {
        std::this_thread::yield();
        continue;
      }
      try {
        if (call_(target)) {
          ++served_;
        } else {
          ++wrong_;
        }
      } catch (const CORBA::OBJECT_NOT_EXIST&) {
        ++refused_;
      }
    }
  }

  const std::function<bool(const Ref&)> call_;
  std::mutex mutex_;
  Ref target_;
  std::atomic<bool> stop_{false};
  std::atomic<int> served_{0};
  std::atomic<int> refused_{0};
  std::atomic<int> wrong_{0};
  std::vector<std::thread> threads_;
};

}  // namespace rtorb::test
