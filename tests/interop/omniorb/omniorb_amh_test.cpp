// An omniORB client (omni_client, which knows nothing of AMH) calls an rtorb AMH servant
// whose replies come later from a worker thread, and a coroutine servant (CORO_Echo) whose
// coroutines end there: on the wire they are ordinary replies, so omniORB's unmarshaling
// checks them.
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <gtest/gtest.h>

#include <condition_variable>
#include <coroutine>
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

// One thread running posted jobs in order, joined by the destructor.
class Worker {
 public:
  Worker()
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
  ~Worker() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  void post(std::function<void()> job) {
    {
      std::lock_guard lock(mutex_);
      jobs_.push_back(std::move(job));
    }
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::thread thread_;
};

// Replies from a thread of its own, after the upcall has returned.
class LaterEcho final : public POA::rtorb_interop::AMH_Echo {
 public:
  void echo_string(Handler h, const std::string& s) override {
    worker_.post([h, s] { h->echo_string(s); });
  }
  void cube_long(Handler h, std::int32_t l) override {
    worker_.post([h, l] { h->cube_long(l * l * l); });
  }
  void echo_seq(Handler h, const rtorb_interop::LongSeq& s) override {
    worker_.post([h, s] { h->echo_seq(s); });
  }
  void ping(Handler h) override {
    worker_.post([h] { h->ping(); });
  }
  void echo_wstring(Handler h, const std::wstring& w) override {
    worker_.post([h, w] { h->echo_wstring(w); });
  }
  void shutdown(Handler h) override {
    // Dropped without a reply: the omniORB client gets NO_RESPONSE.
    worker_.post([h]() mutable { h.reset(); });
  }

 private:
  Worker worker_;
};

// A coroutine servant: every operation moves to the worker thread (an awaitable of its
// own making) and replies from there when it ends.
class CoroEcho final : public POA::rtorb_interop::CORO_Echo {
 public:
  template <class T>
  using task = rtorb::coro::task<T>;

  task<std::string> echo_string(std::string s) override {
    co_await on_worker();
    co_return s;
  }
  task<std::int32_t> cube_long(std::int32_t l) override {
    co_await on_worker();
    co_return l * l * l;
  }
  task<rtorb_interop::LongSeq> echo_seq(rtorb_interop::LongSeq s) override {
    co_await on_worker();
    co_return s;
  }
  task<void> ping() override { co_await on_worker(); }
  task<std::wstring> echo_wstring(std::wstring w) override {
    co_await on_worker();
    co_return w;
  }
  task<void> shutdown() override {
    // Destroyed on the worker before it ends: the omniORB client gets NO_RESPONSE.
    co_await Destroyed{worker_};
  }

 private:
  struct OnWorker {
    Worker& worker;
    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h) { worker.post([h] { h.resume(); }); }
    void await_resume() const noexcept {}
  };
  struct Destroyed {
    Worker& worker;
    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h) { worker.post([h] { h.destroy(); }); }
    void await_resume() const noexcept {}
  };
  OnWorker on_worker() { return OnWorker{worker_}; }

  Worker worker_;
};

// omni_client's lines for the calls every servant here answers the same.
void expect_omni_client_lines(const std::string& ior) {
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

// Serves `servant` in a new ORB's RootPOA while an omni_client calls it.
template <class Servant>
void serve_to_omni_client(const char* orb_id) {
  int argc = 5;
  char name[] = "omniorb_amh_test";
  char threads[] = "-ORBServerThreads";
  char two[] = "2";
  char endpoint[] = "-ORBEndpoint";
  char where[] = "iiop://127.0.0.1:0";
  char* argv[] = {name, threads, two, endpoint, where, nullptr};
  auto orb = CORBA::ORB_init(argc, argv, orb_id);
  {
    auto root =
        IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    root->the_POAManager()->activate();
    auto servant = CORBA::make_reference<Servant>();
    expect_omni_client_lines(orb->object_to_string(root->servant_to_reference(servant)));
  }
  orb->destroy();
}

TEST(OmniAmh, AnOmniOrbClientGetsTheRepliesAnAmhServantSendsLater) {
  serve_to_omni_client<LaterEcho>("omni-amh");
}

TEST(OmniAmh, AnOmniOrbClientGetsTheRepliesOfACoroutineServant) {
  serve_to_omni_client<CoroEcho>("omni-coro");
}

}  // namespace
