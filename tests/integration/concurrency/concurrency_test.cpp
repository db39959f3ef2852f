// Concurrent requests on one connection (docs/orb.md, "Concurrent requests on one
// connection"): calls a multiplexing client sends over one connection without waiting for
// each reply run side by side on the server's pool or lane, and the rules hold: the
// per-connection bound, SINGLE_THREAD_MODEL, oneway order, shutdown waiting for the
// upcalls still running, and a lane's requests staying on that lane's threads. Overlap is
// seen by the servant (how many of its upcalls ran at once), never by a clock.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <numeric>
#include <thread>
#include <vector>

#include "core/seams/request_priority.hpp"
#include "overlapS.h"
#include "rt_test_support.hpp"

namespace {

using namespace std::chrono_literals;
using rt_test::make_orb;

class SleeperImpl final : public CORBA::servant_traits<Overlap::Sleeper>::base_type {
 public:
  std::int32_t nap(std::int32_t ms) override {
    const int now = in_flight_.fetch_add(1) + 1;
    int seen = most_.load();
    while (now > seen && !most_.compare_exchange_weak(seen, now)) {
    }
    {
      std::lock_guard lock(mutex_);
      priorities_.push_back(rtorb::orb::thread_priority());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    finished_.fetch_add(1);
    in_flight_.fetch_sub(1);
    return ms;
  }
  void note(std::int32_t n) override {
    const int now = notes_in_flight_.fetch_add(1) + 1;
    if (now > 1) notes_overlapped_.store(true);
    {
      std::lock_guard lock(mutex_);
      notes_.push_back(n);
    }
    if (n % 16 == 0) std::this_thread::sleep_for(1ms);  // room for a later note to overtake
    notes_in_flight_.fetch_sub(1);
  }

  int most_at_once() const { return most_.load(); }
  int in_flight() const { return in_flight_.load(); }
  int finished() const { return finished_.load(); }
  bool notes_overlapped() const { return notes_overlapped_.load(); }
  std::vector<std::int32_t> notes() {
    std::lock_guard lock(mutex_);
    return notes_;
  }
  std::vector<std::int32_t> priorities() {
    std::lock_guard lock(mutex_);
    return priorities_;
  }

 private:
  std::atomic<int> in_flight_{0};
  std::atomic<int> most_{0};
  std::atomic<int> finished_{0};
  std::atomic<int> notes_in_flight_{0};
  std::atomic<bool> notes_overlapped_{false};
  std::mutex mutex_;
  std::vector<std::int32_t> notes_;
  std::vector<std::int32_t> priorities_;
};

// Calls nap(ms) from `callers` threads at once through `sleeper` and returns how many
// answered with ms.
int nap_together(const IDL::traits<Overlap::Sleeper>::ref_type& sleeper, int callers, int ms) {
  std::atomic<int> answered{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < callers; ++i) {
    threads.emplace_back([&] {
      try {
        if (sleeper->nap(ms) == ms) answered.fetch_add(1);
      } catch (const CORBA::Exception&) {
        // Counted as not answered.
      }
    });
  }
  for (auto& t : threads) t.join();
  return answered.load();
}

// A server ORB with `server_options`, a client ORB whose calls to one server share one
// connection, and a Sleeper on the RootPOA or a child POA of the given thread policy.
struct OneConnection : ::testing::Test {
  IDL::traits<CORBA::ORB>::ref_type server;
  IDL::traits<CORBA::ORB>::ref_type client = make_orb({"-ORBClientStrategy", "multiplexed"});
  CORBA::servant_reference<SleeperImpl> servant = CORBA::make_reference<SleeperImpl>();
  IDL::traits<Overlap::Sleeper>::ref_type sleeper;

  void serve(std::vector<std::string> server_options, bool single_thread = false) {
    server = make_orb(std::move(server_options));
    auto root = rt_test::root_poa(server);
    auto poa = root;
    if (single_thread) {
      poa = root->create_POA(
          "single", root->the_POAManager(),
          {root->create_thread_policy(PortableServer::ThreadPolicyValue::SINGLE_THREAD_MODEL)});
    }
    root->the_POAManager()->activate();
    const std::string ior =
        server->object_to_string(poa->id_to_reference(poa->activate_object(servant)));
    sleeper = IDL::traits<Overlap::Sleeper>::narrow(client->string_to_object(ior));
  }
  ~OneConnection() override {
    sleeper = nullptr;
    client->destroy();
    if (server) server->destroy();
  }
};

}  // namespace

TEST_F(OneConnection, SixteenCallsRunSideBySideOnAPool) {
  serve({"-ORBServerThreads", "16"});
  EXPECT_EQ(nap_together(sleeper, 16, 100), 16);
  EXPECT_GT(servant->most_at_once(), 1);
}

TEST_F(OneConnection, ABoundOfOneServesThemOneAfterAnother) {
  serve({"-ORBServerThreads", "8", "-ORBMaxThreadsPerConnection", "1"});
  EXPECT_EQ(nap_together(sleeper, 8, 20), 8);
  EXPECT_EQ(servant->most_at_once(), 1);
}

TEST_F(OneConnection, TheBoundCapsHowManyRunAtOnce) {
  serve({"-ORBServerThreads", "8", "-ORBMaxThreadsPerConnection", "2"});
  EXPECT_EQ(nap_together(sleeper, 8, 30), 8);
  EXPECT_EQ(servant->most_at_once(), 2);
}

TEST_F(OneConnection, ASingleThreadModelPoaStillRunsOneUpcallAtATime) {
  serve({"-ORBServerThreads", "8"}, true);
  EXPECT_EQ(nap_together(sleeper, 8, 20), 8);
  EXPECT_EQ(servant->most_at_once(), 1);
}

// Oneways are served by the thread that read them, before it reads on: they run one at a
// time, in the order sent, while the two-ways of the same connection overlap.
TEST_F(OneConnection, OnewaysKeepTheirOrderBesideConcurrentCalls) {
  serve({"-ORBServerThreads", "8"});
  std::atomic<bool> done{false};
  std::vector<std::thread> nappers;
  for (int i = 0; i < 4; ++i) {
    nappers.emplace_back([&] {
      while (!done.load()) sleeper->nap(2);
    });
  }
  constexpr int notes = 400;
  for (int i = 0; i < notes; ++i) sleeper->note(i);
  sleeper->nap(0);  // read after every note on the same connection, so served after them
  done.store(true);
  for (auto& t : nappers) t.join();
  std::vector<std::int32_t> expected(notes);
  std::iota(expected.begin(), expected.end(), 0);
  EXPECT_EQ(servant->notes(), expected);
  EXPECT_FALSE(servant->notes_overlapped());
}

// shutdown(true) returns only once the upcalls running on the connection have ended, and
// each of them still gets its reply (CloseConnection waits for them).
TEST_F(OneConnection, ShutdownWaitsForTheUpcallsStillRunning) {
  serve({"-ORBServerThreads", "8"});
  std::atomic<int> answered{0};
  std::thread callers([&] { answered = nap_together(sleeper, 4, 300); });
  for (int i = 0; i < 1000 && servant->in_flight() < 4; ++i) std::this_thread::sleep_for(5ms);
  ASSERT_EQ(servant->in_flight(), 4);
  server->shutdown(true);
  EXPECT_EQ(servant->in_flight(), 0);
  EXPECT_EQ(servant->finished(), 4);
  callers.join();
  EXPECT_EQ(answered.load(), 4);
}

// A lane's requests run on that lane's threads only: the lane of 1000 serves them side by
// side, the lane of 20000 serves none, and no thread runs one outside its band.
TEST_F(OneConnection, ALanesRequestsStayOnItsOwnThreads) {
  serve({});
  auto rt = rt_test::rt_orb(server);
  const auto pool = rt->create_threadpool_with_lanes(
      0, {RTCORBA::ThreadpoolLane(1000, 4, 0), RTCORBA::ThreadpoolLane(20000, 4, 0)}, false,
      false, 0, 0);
  auto poa = rt_test::make_rt_poa(server, "lanes", RTCORBA::PriorityModel::SERVER_DECLARED,
                                  1000, pool);
  auto on_lane = IDL::traits<Overlap::Sleeper>::narrow(client->string_to_object(
      server->object_to_string(poa->id_to_reference(poa->activate_object(servant)))));
  EXPECT_EQ(nap_together(on_lane, 8, 100), 8);
  EXPECT_GT(servant->most_at_once(), 1);
  const auto lanes = rtorb::rt::lane_statistics(*server);
  ASSERT_EQ(lanes.size(), 2u);
  EXPECT_EQ(lanes[0].lane_priority, 1000);
  EXPECT_EQ(lanes[0].requests, 8u);
  EXPECT_EQ(lanes[1].requests, 0u);
  EXPECT_EQ(lanes[0].priority_violations + lanes[1].priority_violations, 0u);
  for (const auto p : servant->priorities()) EXPECT_EQ(p, 1000);
}
