// Request buffering across real loopback connections: a lane of two threads, one held in an
// upcall, keeps reading with the other; what it reads waits in the lane's buffer and is
// served in priority order when the upcall ends, and what does not fit is refused with
// TRANSIENT.
#include <rtorb/corba/minor_code.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <condition_variable>
#include <mutex>
#include <thread>

#include "core/seams/request_priority.hpp"
#include "giop/message_codec.hpp"
#include "ior/iiop_profile.hpp"
#include "ior/ior_string.hpp"
#include "ior/object_reference.hpp"
#include "priority_probeC.h"
#include "priority_probeS.h"
#include "rt_test_support.hpp"

using namespace rt_test;

namespace {

// hold() blocks until release(); upcall_scheduling() notes the CORBA priority it runs at.
class GateServant final : public CORBA::servant_traits<PriorityProbe>::base_type {
 public:
  PriorityProbe::Scheduling upcall_scheduling() override {
    std::lock_guard lock(mutex_);
    served_.push_back(static_cast<RTCORBA::Priority>(rtorb::orb::thread_priority()));
    return {};
  }
  std::int32_t hold(std::int32_t) override {
    std::unique_lock lock(mutex_);
    released_cv_.wait_for(lock, std::chrono::seconds(20), [this] { return released_; });
    return 0;
  }
  void release() {
    {
      std::lock_guard lock(mutex_);
      released_ = true;
    }
    released_cv_.notify_all();
  }
  std::vector<RTCORBA::Priority> served() {
    std::lock_guard lock(mutex_);
    return served_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable released_cv_;
  bool released_ = false;
  std::vector<RTCORBA::Priority> served_;
};

constexpr RTCORBA::Priority lane_priority = 1000;

struct BufferingFixture : ::testing::Test {
  IDL::traits<CORBA::ORB>::ref_type server = make_orb();
  IDL::traits<CORBA::ORB>::ref_type client = make_orb();
  CORBA::servant_reference<GateServant> servant = CORBA::make_reference<GateServant>();
  std::string ior;
  IDL::traits<PriorityProbe>::ref_type probe;
  std::thread holder;

  // A CLIENT_PROPAGATED object on a lane of two static threads that buffers.
  void serve(std::uint32_t max_requests, std::uint32_t max_bytes) {
    const auto pool = rt_orb(server)->create_threadpool(0, 2, 0, lane_priority, true,
                                                        max_requests, max_bytes);
    auto p = make_rt_poa(server, "buffered", RTCORBA::PriorityModel::CLIENT_PROPAGATED,
                         lane_priority, pool);
    root_poa(server)->the_POAManager()->activate();
    ior = server->object_to_string(p->id_to_reference(p->activate_object(servant)));
    probe = IDL::traits<PriorityProbe>::narrow(client->string_to_object(ior));
  }
  rtorb::rt::LaneStatistics lane() { return rtorb::rt::lane_statistics(*server).at(0); }
  // Waits (bounded) until the lane's statistics satisfy `done`.
  template <typename Done>
  bool wait_for(Done done) {
    for (int i = 0; i < 500; ++i) {
      if (done(lane())) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
  }
  // One of the lane's two threads stays in hold() until release.
  void occupy_one_thread() {
    holder = std::thread([this] { probe->hold(0); });
    ASSERT_TRUE(wait_for([](const auto& s) { return s.threads_busy == 1; }));
  }
  // Calls upcall_scheduling at `priority` on a thread of its own, which is returned.
  std::thread call_at(RTCORBA::Priority priority, std::function<void()> on_exception = {}) {
    return std::thread([this, priority, on_exception] {
      rt_current(client)->the_priority(priority);
      try {
        probe->upcall_scheduling();
      } catch (const CORBA::SystemException&) {
        if (on_exception) on_exception();
      }
    });
  }

  ~BufferingFixture() override {
    servant->release();
    if (holder.joinable()) holder.join();
    client->destroy();
    server->destroy();
  }
};

}  // namespace

TEST_F(BufferingFixture, HeldRequestsAreServedInPriorityOrderAndAFullBufferSaysTransient) {
  serve(3, 0);
  occupy_one_thread();
  std::vector<std::thread> callers;
  std::size_t held = 0;
  for (RTCORBA::Priority p : {10, 30, 20}) {
    callers.push_back(call_at(p));
    ++held;
    ASSERT_TRUE(wait_for([&](const auto& s) { return s.buffered_requests == held; }));
  }
  // The fourth finds the buffer full.
  rt_current(client)->the_priority(25);
  try {
    probe->upcall_scheduling();
    ADD_FAILURE() << "no TRANSIENT";
  } catch (const CORBA::TRANSIENT& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::transient_request_buffer_full);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_NO);
  }
  EXPECT_EQ(lane().refused_requests, 1u);
  EXPECT_TRUE(servant->served().empty());  // nothing ran while the only free thread read

  servant->release();
  for (auto& t : callers) t.join();
  EXPECT_EQ(servant->served(), (std::vector<RTCORBA::Priority>{30, 20, 10}));
  EXPECT_EQ(lane().buffered_requests, 0u);
  EXPECT_EQ(lane().priority_violations, 0u);
}

TEST_F(BufferingFixture, TheByteBoundRefusesWhatDoesNotFit) {
  serve(0, 16);  // no request is this small
  occupy_one_thread();
  bool refused = false;
  call_at(500, [&] { refused = true; }).join();
  EXPECT_TRUE(refused);
  EXPECT_EQ(lane().refused_requests, 1u);
}

TEST_F(BufferingFixture, AnIdleLaneServesAtOnceAndHoldsNothing) {
  serve(1, 0);
  for (int i = 0; i < 5; ++i) call_at(100 + i).join();
  EXPECT_EQ(servant->served().size(), 5u);
  EXPECT_EQ(lane().refused_requests, 0u);
  EXPECT_EQ(lane().requests, 5u);
}

namespace {

// A GIOP 1.2 Request for upcall_scheduling on `key`, as a client that then goes away sends it.
std::vector<std::uint8_t> raw_request(std::span<const std::uint8_t> key) {
  rtorb::cdr::OutputStream os;
  rtorb::giop::RequestHeader header;
  header.request_id = 7;
  header.target = rtorb::giop::KeyAddr{key};
  header.operation = "upcall_scheduling";
  const auto start = rtorb::giop::encode_request(os, rtorb::giop::giop_1_2, header);
  rtorb::giop::end_message(os, start);
  std::vector<std::uint8_t> bytes;
  os.for_each_segment(
      [&](std::span<const std::uint8_t> s) { bytes.insert(bytes.end(), s.begin(), s.end()); });
  return bytes;
}

}  // namespace

TEST_F(BufferingFixture, AHeldRequestWhoseClientHasGoneIsDroppedAndTheLaneServesOn) {
  serve(4, 0);
  occupy_one_thread();
  const auto reference = rtorb::ior::decode_reference(rtorb::ior::parse_ior_string(ior));
  const auto& profile = std::get<rtorb::ior::IiopProfile>(reference.profiles.at(0));
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(profile.port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  const auto request = raw_request(profile.object_key);
  ASSERT_EQ(::send(fd, request.data(), request.size(), 0), static_cast<ssize_t>(request.size()));
  ASSERT_TRUE(wait_for([](const auto& s) { return s.buffered_requests == 1; }));
  ::close(fd);

  servant->release();
  ASSERT_TRUE(wait_for([](const auto& s) { return s.buffered_requests == 0; }));
  call_at(700).join();
  EXPECT_EQ(servant->served(), (std::vector<RTCORBA::Priority>{700}));
}

TEST(RtThreadpool, RequestBufferingNeedsABoundAndLanesOfTwoThreads) {
  auto orb = make_orb();
  auto rt = rt_orb(orb);
  auto expect_bad = [&](auto make) {
    try {
      make();
      ADD_FAILURE() << "no BAD_PARAM";
    } catch (const CORBA::BAD_PARAM& e) {
      EXPECT_EQ(e.minor(), rtorb::minor::bad_param_bad_threadpool);
    }
  };
  expect_bad([&] { rt->create_threadpool(0, 2, 0, 10, true, 0, 0); });
  expect_bad([&] { rt->create_threadpool(0, 1, 0, 10, true, 4, 0); });
  expect_bad([&] {
    rt->create_threadpool_with_lanes(
        0, {RTCORBA::ThreadpoolLane(10, 2, 0), RTCORBA::ThreadpoolLane(20, 1, 0)}, false, true,
        4, 0);
  });
  // One static and one dynamic thread is two.
  EXPECT_NO_THROW(rt->create_threadpool(0, 1, 1, 10, true, 4, 0));
  orb->destroy();
}
