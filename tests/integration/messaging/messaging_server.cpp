// messaging-server --ior-file F [ORB options]: serves one MessagingTest::Target in the
// RootPOA (run it with -ORBServerThreads n so that release() can reach a blocked hold()).
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "messagingC.h"
#include "messagingS.h"
#include "test_support/serve_one_object.hpp"

namespace {

class TargetServant final : public CORBA::servant_traits<MessagingTest::Target>::base_type {
 public:
  std::int32_t echo(std::int32_t v) override { return v; }
  void sleep_ms(std::uint32_t ms) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  }
  std::uint32_t size_of(const MessagingTest::Octets& o) override {
    return static_cast<std::uint32_t>(o.size());
  }
  void hold() override {
    std::unique_lock lock(mutex_);
    const std::uint64_t generation = released_;
    ++holding_;
    // Bounded, so that a test that never releases cannot keep the server forever.
    changed_.wait_for(lock, std::chrono::seconds(60), [&] { return released_ != generation; });
    --holding_;
  }
  std::int32_t holding() override {
    std::lock_guard lock(mutex_);
    return holding_;
  }
  void release() override {
    std::lock_guard lock(mutex_);
    ++released_;
    changed_.notify_all();
  }
  void note(std::int32_t token) override {
    std::lock_guard lock(mutex_);
    last_note_ = token;
    ++notes_;
  }
  void absorb(const MessagingTest::Octets&) override {
    std::lock_guard lock(mutex_);
    ++absorbed_;
  }
  std::int32_t notes() override {
    std::lock_guard lock(mutex_);
    return notes_;
  }
  std::int32_t absorbed() override {
    std::lock_guard lock(mutex_);
    return absorbed_;
  }
  std::int32_t divide(std::int32_t a, std::int32_t b, std::int32_t& remainder) override {
    if (b == 0) throw MessagingTest::DivideByZero(a);
    remainder = a % b;
    return a / b;
  }
  std::int32_t value() override {
    std::lock_guard lock(mutex_);
    return value_;
  }
  void value(std::int32_t v) override {
    std::lock_guard lock(mutex_);
    value_ = v;
  }
  std::int32_t last_note() override {
    std::lock_guard lock(mutex_);
    return last_note_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::int32_t holding_ = 0;
  std::uint64_t released_ = 0;
  std::int32_t last_note_ = 0;
  std::int32_t notes_ = 0;
  std::int32_t absorbed_ = 0;
  std::int32_t value_ = 0;
};

}  // namespace

int main(int argc, char* argv[]) {
  return rtorb::test::serve_one_object(
      argc, argv, "messaging-server", [] { return CORBA::make_reference<TargetServant>(); });
}
