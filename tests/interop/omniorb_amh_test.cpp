// An omniORB client (omni_client, which knows nothing of AMH) calls an rtorb AMH servant
// whose replies come later from a worker thread: on the wire they are ordinary replies,
// so omniORB's unmarshaling checks them.
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <gtest/gtest.h>

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "child_process.hpp"
#include "echoS.h"
#include "interop_support.hpp"

namespace {

using Handler = IDL::traits<rtorb_interop::AMH_EchoResponseHandler>::ref_type;

// Replies from a thread of its own, after the upcall has returned.
class LaterEcho final : public POA::rtorb_interop::AMH_Echo {
 public:
  LaterEcho()
      : thread_([this] {
          std::unique_lock lock(mutex_);
          for (;;) {
            changed_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
            if (jobs_.empty()) return;
            auto job = std::move(jobs_.front());
            jobs_.pop_front();
            lock.unlock();
            job();
            lock.lock();
          }
        }) {}
  ~LaterEcho() override {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }

  void echo_string(Handler h, const std::string& s) override {
    post([h, s] { h->echo_string(s); });
  }
  void cube_long(Handler h, std::int32_t l) override {
    post([h, l] { h->cube_long(l * l * l); });
  }
  void echo_seq(Handler h, const rtorb_interop::LongSeq& s) override {
    post([h, s] { h->echo_seq(s); });
  }
  void ping(Handler h) override {
    post([h] { h->ping(); });
  }
  void echo_wstring(Handler h, const std::wstring& w) override {
    post([h, w] { h->echo_wstring(w); });
  }
  void shutdown(Handler h) override {
    // Dropped without a reply: the omniORB client gets NO_RESPONSE.
    post([h]() mutable { h.reset(); });
  }

 private:
  void post(std::function<void()> job) {
    {
      std::lock_guard lock(mutex_);
      jobs_.push_back(std::move(job));
    }
    changed_.notify_all();
  }
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::thread thread_;
};

TEST(OmniAmh, AnOmniOrbClientGetsTheRepliesAnAmhServantSendsLater) {
  int argc = 5;
  char name[] = "omniorb_amh_test";
  char threads[] = "-ORBServerThreads";
  char two[] = "2";
  char endpoint[] = "-ORBEndpoint";
  char where[] = "iiop://127.0.0.1:0";
  char* argv[] = {name, threads, two, endpoint, where, nullptr};
  auto orb = CORBA::ORB_init(argc, argv, "omni-amh");
  {
    auto root =
        IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    root->the_POAManager()->activate();
    auto servant = CORBA::make_reference<LaterEcho>();
    const std::string ior = orb->object_to_string(root->servant_to_reference(servant));
    rtorb::interop::ChildProcess client(
        {rtorb::interop::program_path("omni_client"), ior, "echo_string", "hello", "cube_long",
         "3", "echo_seq", "1000", "echo_wstring", "wide", "ping", "shutdown"});
    const auto timeout = rtorb::interop::io_timeout;
    EXPECT_EQ(client.line(timeout).value_or("(nothing)"), "echo_string hello");
    EXPECT_EQ(client.line(timeout).value_or("(nothing)"), "cube_long 27");
    EXPECT_EQ(client.line(timeout).value_or("(nothing)"), "echo_seq 1000 ok");
    EXPECT_EQ(client.line(timeout).value_or("(nothing)"), "echo_wstring wide");
    EXPECT_EQ(client.line(timeout).value_or("(nothing)"), "ping sent");
    const std::string last = client.line(timeout).value_or("(nothing)");
    EXPECT_EQ(last.rfind("exception NO_RESPONSE", 0), 0u) << last;
    EXPECT_EQ(client.wait(timeout), 1);
  }
  orb->destroy();
}

}  // namespace
