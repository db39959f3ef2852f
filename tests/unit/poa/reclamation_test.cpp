// Deferred reclamation: a retired object is freed only once every read section open when
// it was retired has closed, on whichever thread closes the last one.
#include "poa/reclamation.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace reclamation = rtorb::poa::reclamation;

namespace {

struct Tracked {
  std::atomic<int>* freed;
  std::atomic<int> value{7};
};

void free_tracked(void* p) {
  auto* t = static_cast<Tracked*>(p);
  ++*t->freed;
  delete t;
}

// Runs a read section on its own thread until told to close it.
class Reader {
 public:
  Reader() {
    thread_ = std::thread([this] {
      const reclamation::ReadSection reading;
      inside_ = true;
      while (!close_) std::this_thread::yield();
    });
    while (!inside_) std::this_thread::yield();
  }
  ~Reader() { close(); }
  void close() {
    close_ = true;
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::atomic<bool> inside_{false};
  std::atomic<bool> close_{false};
  std::thread thread_;
};

}  // namespace

TEST(Reclamation, WithNobodyReadingARetiredObjectIsFreedAtOnce) {
  std::atomic<int> freed{0};
  reclamation::retire(new Tracked{&freed}, free_tracked);
  EXPECT_EQ(freed, 1);
  EXPECT_EQ(reclamation::pending(), 0u);
}

TEST(Reclamation, AnOpenSectionOnAnotherThreadHoldsItUntilItCloses) {
  std::atomic<int> freed{0};
  Reader reader;
  reclamation::retire(new Tracked{&freed}, free_tracked);
  EXPECT_EQ(freed, 0);
  EXPECT_EQ(reclamation::pending(), 1u);
  reader.close();  // its section closes, and frees it on the way out
  EXPECT_EQ(freed, 1);
  EXPECT_EQ(reclamation::pending(), 0u);
}

TEST(Reclamation, TheRetiringThreadsOwnSectionHoldsItUntilTheOutermostCloses) {
  std::atomic<int> freed{0};
  auto* object = new Tracked{&freed};
  {
    const reclamation::ReadSection outer;
    {
      const reclamation::ReadSection inner;
      reclamation::retire(object, free_tracked);
    }
    EXPECT_EQ(freed, 0);
    EXPECT_EQ(object->value, 7);  // still readable in the section (ASan checks)
  }
  EXPECT_EQ(freed, 1);
}

TEST(Reclamation, ASectionOpenedAfterTheRetirementHoldsNothingBack) {
  std::atomic<int> freed{0};
  Reader before;
  reclamation::retire(new Tracked{&freed}, free_tracked);
  Reader after;
  before.close();
  EXPECT_EQ(freed, 1);  // `after` is still reading, but cannot have found it
}

TEST(Reclamation, ThreadsThatHaveExitedAreNotWaitedFor) {
  for (int i = 0; i < 4; ++i) {
    std::thread([] { const reclamation::ReadSection reading; }).join();
  }
  std::atomic<int> freed{0};
  reclamation::retire(new Tracked{&freed}, free_tracked);  // reads no exited thread's record
  EXPECT_EQ(freed, 1);
}

// Readers find objects through one published pointer while a writer keeps replacing and
// retiring it: no reader ever sees a freed object (ASan, TSan), and all are freed at the end.
TEST(Reclamation, ReadersRacingReplacementsNeverSeeAFreedObject) {
  std::atomic<int> freed{0};
  std::atomic<Tracked*> published{new Tracked{&freed}};
  std::atomic<bool> stop{false};
  std::atomic<long> reads{0};
  std::vector<std::thread> readers;
  for (int i = 0; i < 3; ++i) {
    readers.emplace_back([&] {
      while (!stop) {
        const reclamation::ReadSection reading;
        Tracked* t = published.load(std::memory_order_acquire);
        EXPECT_EQ(t->value.load(std::memory_order_relaxed), 7);
        ++reads;
      }
    });
  }
  while (reads == 0) std::this_thread::yield();  // the readers are under way
  constexpr int replacements = 2000;
  for (int i = 0; i < replacements; ++i) {
    Tracked* old = published.exchange(new Tracked{&freed}, std::memory_order_acq_rel);
    reclamation::retire(old, free_tracked);
  }
  stop = true;
  for (auto& t : readers) t.join();
  EXPECT_GT(reads, 0);
  EXPECT_EQ(freed, replacements);
  EXPECT_EQ(reclamation::pending(), 0u);
  free_tracked(published.load());
}
