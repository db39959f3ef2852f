// RTCORBA::Mutex is priority-inheriting: the classic inversion, three SCHED_FIFO threads on
// one CPU. Low holds the mutex, medium hogs the CPU, high waits for the mutex. Without
// inheritance low never runs again until medium is done, so high waits for medium; with
// it, low runs at high's priority, lets go, and high gets the mutex while medium still spins.
#include <pthread.h>
#include <sched.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "rt_test_support.hpp"

using namespace rt_test;
using Clock = std::chrono::steady_clock;

namespace {

// Runs `body` on a thread pinned to CPU 0 at SCHED_FIFO `priority`.
template <class F>
std::thread fifo_thread(int priority, F body) {
  return std::thread([priority, body] {
    // The priority first: a thread moved onto the CPU while still SCHED_OTHER would wait
    // there behind the spinning one before it could raise itself.
    sched_param param{};
    param.sched_priority = priority;
    pthread_setschedparam(pthread_self(), SCHED_FIFO, &param);
    cpu_set_t cpus;
    CPU_ZERO(&cpus);
    CPU_SET(0, &cpus);
    pthread_setaffinity_np(pthread_self(), sizeof cpus, &cpus);
    body();
  });
}

void spin_until(Clock::time_point end) {
  while (Clock::now() < end) {
  }
}

template <class Flag>
void wait_for(const Flag& flag) {
  while (!flag.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

}  // namespace

TEST(RtMutex, AHolderRunsAtThePriorityOfItsHighestWaiter) {
  auto orb = make_orb();
  RT_TEST_NEEDS_REAL_TIME(orb);
  auto mutex = rt_orb(orb)->create_mutex();
  std::atomic<int> threads_placed{0};
  std::atomic<bool> low_holds{false}, medium_spins{false}, medium_done{false};
  std::atomic<bool> high_locked{false}, medium_done_when_high_locked{true};

  // Every thread is on CPU 0 at its priority before anything spins, and each one waits for
  // its cue itself: a coordinator (or a thread still to be placed) would need a CPU that a
  // parallel test may be hogging, and the scenario would run at its pace instead.
  auto high = fifo_thread(30, [&] {
    ++threads_placed;
    wait_for(medium_spins);
    mutex->lock();
    medium_done_when_high_locked = medium_done.load();
    high_locked = true;
    mutex->unlock();
  });
  auto medium = fifo_thread(20, [&] {
    ++threads_placed;
    wait_for(low_holds);
    medium_spins = true;
    spin_until(Clock::now() + std::chrono::milliseconds(400));
    medium_done = true;
  });
  auto low = fifo_thread(10, [&] {
    while (threads_placed.load() < 2) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    mutex->lock();
    low_holds = true;
    spin_until(Clock::now() + std::chrono::milliseconds(20));
    mutex->unlock();
  });
  high.join();
  medium.join();
  low.join();
  EXPECT_TRUE(high_locked);
  EXPECT_FALSE(medium_done_when_high_locked) << "the holder was not raised: priority inversion";
  orb->destroy();
}

TEST(RtMutex, TryLockGivesUpAfterItsTimeAndNamedMutexesAreShared) {
  auto orb = make_orb();
  auto rt = rt_orb(orb);
  bool created = false;
  auto a = rt->create_named_mutex("shared", created);
  EXPECT_TRUE(created);
  auto b = rt->create_named_mutex("shared", created);
  EXPECT_FALSE(created);
  EXPECT_EQ(a, b);
  EXPECT_EQ(rt->open_named_mutex("shared"), a);
  EXPECT_THROW(rt->open_named_mutex("other"), RTCORBA::RTORB::MutexNotFound);
  a->lock();
  std::thread other([&] {
    EXPECT_FALSE(b->try_lock(0));
    EXPECT_FALSE(b->try_lock(100'000));  // 10 ms
  });
  other.join();
  a->unlock();
  EXPECT_TRUE(b->try_lock(0));
  b->unlock();
  rt->destroy_mutex(a);
  EXPECT_THROW(rt->open_named_mutex("shared"), RTCORBA::RTORB::MutexNotFound);
  orb->destroy();
}
