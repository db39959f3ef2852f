// A reader that served two or more messages from one read yields its CPU before it reads
// again (ConnectionOptions::yield_after_batch). Observed without any clock: the reader and a
// bystander thread share one CPU at one SCHED_FIFO priority, so the bystander, woken while
// the reader serves a batch, runs before the reader's next read only if the reader yields.
// The next message is already in the socket by then, so a reader that does not yield finds
// it without blocking and serves it before the bystander has run.
#include <gtest/gtest.h>
#include <pthread.h>
#include <sched.h>
#include <sys/socket.h>

#include <atomic>
#include <chrono>
#include <optional>
#include <semaphore>
#include <thread>

#include "loopback.hpp"
#include "transport/reactor.hpp"
#include "transport/server_handlers.hpp"

namespace rtorb::transport {
namespace {

using namespace std::chrono_literals;

// CPU 0 at SCHED_FIFO 10 for the calling thread; false where that is not permitted.
bool onto_cpu0_at_fifo() {
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
  CPU_SET(0, &cpus);
  if (pthread_setaffinity_np(pthread_self(), sizeof cpus, &cpus) != 0) return false;
  const sched_param param{.sched_priority = 10};
  return pthread_setschedparam(pthread_self(), SCHED_FIFO, &param) == 0;
}

bool fifo_permitted() {
  bool ok = false;
  std::thread([&] { ok = onto_cpu0_at_fifo(); }).join();
  return ok;
}

void send_all(int fd, const std::vector<std::uint8_t>& bytes) {
  ASSERT_EQ(::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL),
            static_cast<ssize_t>(bytes.size()));
}

enum class Serving { thread_per_connection, reactor };

// Serves requests 1 and 2 (sent together, so they come from one read) and then request 3,
// which the handler of request 1 sends while it wakes the bystander. Returns whether the
// bystander had run when request 3 was served.
std::optional<bool> bystander_ran_before_next_read(Serving serving, bool yield_after_batch) {
  ConnectionOptions options;
  options.yield_after_batch = yield_after_batch;
  Acceptor acceptor(Endpoint{"127.0.0.1", 0}, options);
  auto client = connect(acceptor.endpoint());
  auto server = test::accept_within(acceptor);
  if (!client || !server) return std::nullopt;
  const int client_fd = client->fd();

  std::binary_semaphore wake_bystander{0};
  std::atomic<bool> bystander_ran{false};
  std::atomic<int> served{0};
  std::optional<bool> seen;
  std::binary_semaphore third_served{0};

  std::binary_semaphore bystander_placed{0};
  std::thread bystander([&] {
    onto_cpu0_at_fifo();
    bystander_placed.release();
    wake_bystander.acquire();
    bystander_ran.store(true);
  });
  // A bystander still at SCHED_OTHER would not be yielded to.
  bystander_placed.acquire();
  auto on_message = [&](Connection&, std::span<const std::uint8_t>) {
    const int n = ++served;
    if (n == 1) {
      send_all(client_fd, test::request_bytes(3));
      wake_bystander.release();  // runnable now, but cannot preempt an equal FIFO priority
    } else if (n == 3) {
      seen = bystander_ran.load();
      third_served.release();
    }
  };

  auto first_two = test::request_bytes(1);
  const auto second = test::request_bytes(2);
  first_two.insert(first_two.end(), second.begin(), second.end());
  send_all(client_fd, first_two);

  Reactor reactor;
  auto handler = std::make_unique<ConnectionHandler>(std::move(server), on_message);
  ConnectionHandler* const per_connection = handler.get();
  if (serving == Serving::reactor) reactor.add(std::move(handler));
  std::thread reader([&] {
    onto_cpu0_at_fifo();
    if (serving == Serving::reactor) {
      reactor.run();
    } else {
      per_connection->serve_until_closed();
    }
  });

  const bool served_all = third_served.try_acquire_for(10s);
  if (serving == Serving::reactor) {
    reactor.stop();
  } else {
    per_connection->close();
  }
  reader.join();
  wake_bystander.release();  // in case request 1 was never served
  bystander.join();
  if (!served_all) return std::nullopt;
  return seen;
}

class BatchYield : public ::testing::TestWithParam<Serving> {
 protected:
  void SetUp() override {
    if (!fifo_permitted()) {
      GTEST_SKIP() << "SKIPPED: SCHED_FIFO is not permitted here (root, CAP_SYS_NICE or an "
                      "rtprio limit is needed)";
    }
  }
};

TEST_P(BatchYield, AReaderThatServedABatchLetsTheCpuGoBeforeItReadsAgain) {
  const auto ran = bystander_ran_before_next_read(GetParam(), true);
  ASSERT_TRUE(ran.has_value()) << "the third request was not served";
  EXPECT_TRUE(*ran) << "the reader read again before the woken thread could run";
}

TEST_P(BatchYield, WithoutTheOptionTheReaderReadsAgainAtOnce) {
  const auto ran = bystander_ran_before_next_read(GetParam(), false);
  ASSERT_TRUE(ran.has_value()) << "the third request was not served";
  EXPECT_FALSE(*ran) << "the reader gave up its CPU although yield_after_batch is off";
}

INSTANTIATE_TEST_SUITE_P(Serving, BatchYield,
                         ::testing::Values(Serving::thread_per_connection, Serving::reactor),
                         [](const auto& info) {
                           return info.param == Serving::reactor ? std::string("Reactor")
                                                                 : std::string("PerConnection");
                         });

}  // namespace
}  // namespace rtorb::transport
