// Buffered oneways on a connection: the batch, its limits, one write per batch, the bound, what a later send does with the batch, and the flusher.
#include <gtest/gtest.h>
#include <sys/socket.h>

#include <rtorb/corba/exception.hpp>
#include <atomic>
#include <rtorb/corba/minor_code.hpp>
#include <thread>

#include "loopback.hpp"
#include "transport/oneway_buffer.hpp"
#include "transport/oneway_flusher.hpp"

namespace rtorb::transport {
namespace {

using namespace test;

// A stream holding `bytes` (streams do not move: a pointer to one).
std::unique_ptr<cdr::OutputStream> stream_of(const std::vector<std::uint8_t>& bytes) {
  auto os = std::make_unique<cdr::OutputStream>();
  os->write_raw(bytes.data(), bytes.size());
  return os;
}

// A client connection that tells `flusher` of its batches, and the server end accepted for it.
struct FlushedLink {
  std::unique_ptr<Connection> client;
  std::unique_ptr<Connection> server;
};

FlushedLink link_with(Acceptor& acceptor, const std::shared_ptr<OnewayFlusher>& flusher,
                      std::chrono::milliseconds send_timeout = ConnectionOptions{}.send_timeout) {
  ConnectOptions options;
  options.connection.flusher = flusher;
  options.connection.send_timeout = send_timeout;
  FlushedLink link;
  link.client = connect(acceptor.endpoint(), options);
  link.server = accept_within(acceptor);
  return link;
}

// Bytes the peer could read now, without waiting (0 when nothing was written).
std::size_t readable_now(Connection& peer) {
  std::array<std::uint8_t, 65536> scratch;
  const ssize_t n = ::recv(peer.fd(), scratch.data(), scratch.size(), MSG_PEEK | MSG_DONTWAIT);
  return n > 0 ? static_cast<std::size_t>(n) : 0;
}

// Buffers "note" requests `first`..`last` on `c`, the one of id i with `body_bytes(i)` body
// bytes; returns what each was, in order.
template <class BodyBytes>
std::vector<std::vector<std::uint8_t>> buffer_notes(Connection& c, const OnewayBatching& batching,
                                                    std::uint32_t first, std::uint32_t last,
                                                    BodyBytes body_bytes) {
  std::vector<std::vector<std::uint8_t>> sent;
  for (std::uint32_t id = first; id <= last; ++id) {
    sent.push_back(request_bytes(id, "note", body_bytes(id)));
    c.buffer_oneway(*stream_of(sent.back()), batching);
  }
  return sent;
}

TEST(OnewayBuffer, HoldsTheMessagesEndToEndAndGivesWhatIsLeftFromWhereWritingStopped) {
  OnewayBuffer buffer;
  const auto now = OnewayBuffer::Clock::now();
  ASSERT_TRUE(buffer.append(*stream_of({1, 2, 3}), 100, now));
  ASSERT_TRUE(buffer.append(*stream_of({4, 5}), 100, now));
  EXPECT_EQ(buffer.messages(), 2u);
  EXPECT_EQ(buffer.bytes(), 5u);
  buffer.consumed(2);
  EXPECT_TRUE(buffer.started());
  const auto unsent = buffer.unsent();
  EXPECT_EQ(std::vector<std::uint8_t>(unsent.begin(), unsent.end()),
            (std::vector<std::uint8_t>{3, 4, 5}));
  buffer.consumed(3);
  EXPECT_TRUE(buffer.empty());
  EXPECT_EQ(buffer.messages(), 0u);
}

TEST(OnewayBuffer, RefusesAMessageThatWouldPassTheBoundAndKeepsNothingOfIt) {
  OnewayBuffer buffer;
  const auto now = OnewayBuffer::Clock::now();
  ASSERT_TRUE(buffer.append(*stream_of(std::vector<std::uint8_t>(8, 1)), 10, now));
  EXPECT_FALSE(buffer.append(*stream_of(std::vector<std::uint8_t>(3, 2)), 10, now));
  EXPECT_EQ(buffer.bytes(), 8u);
  EXPECT_EQ(buffer.messages(), 1u);
}

// A batch the kernel takes a little at a time while more keeps coming never empties: the
// bytes already written are dropped when the storage would pass the bound, and what is
// left (a message begun included) is given from the right byte.
TEST(OnewayBuffer, StorageStaysNearTheBoundWhenTheBatchNeverEmpties) {
  OnewayBuffer buffer;
  const auto now = OnewayBuffer::Clock::now();
  constexpr std::size_t capacity = 100;
  std::uint8_t next = 0;
  for (int round = 0; round < 1000; ++round) {
    const std::vector<std::uint8_t> message(10, next++);
    ASSERT_TRUE(buffer.append(*stream_of(message), capacity, now)) << "round " << round;
    buffer.consumed(buffer.bytes() > 25 ? 13 : 0);  // a partial write, never all of it
    ASSERT_FALSE(buffer.empty());
    ASSERT_LE(buffer.storage_bytes(), capacity + message.size()) << "round " << round;
  }
  buffer.consumed(buffer.started() ? 0 : 3);  // stop inside a message
  ASSERT_TRUE(buffer.started());
  // What is left starts inside the oldest message still held, where writing stopped, and
  // ends with the newest.
  const auto unsent = buffer.unsent();
  ASSERT_EQ(unsent.size(), buffer.bytes());
  EXPECT_NE(unsent.size() % 10, 0u);
  EXPECT_EQ(unsent.back(), static_cast<std::uint8_t>(next - 1));
}

TEST(BufferedOneways, TheBatchLeavesAtItsCountAsOneWrite) {
  auto pair = connected_pair();
  ASSERT_TRUE(pair.server);
  OnewayBatching batching;
  batching.flush_count = 4;
  const auto tens = [](std::uint32_t id) { return id * 10; };
  auto sent = buffer_notes(*pair.client, batching, 1, 3, tens);
  EXPECT_EQ(readable_now(*pair.server), 0u) << "a batch below its count was written";
  EXPECT_EQ(pair.client->batch_writes(), 0u);
  sent.push_back(buffer_notes(*pair.client, batching, 4, 4, tens).front());
  EXPECT_EQ(pair.client->batch_writes(), 1u);
  EXPECT_EQ(pair.client->buffered_bytes(), 0u);
  EXPECT_EQ(read_messages(*pair.server, 4), sent);
}

TEST(BufferedOneways, TheBatchLeavesAtItsBytes) {
  auto pair = connected_pair();
  ASSERT_TRUE(pair.server);
  OnewayBatching batching;
  batching.flush_bytes = 300;
  const auto message = request_bytes(1, "note", 100);  // about 140 bytes
  pair.client->buffer_oneway(*stream_of(message), batching);
  pair.client->buffer_oneway(*stream_of(message), batching);
  EXPECT_EQ(readable_now(*pair.server), 0u);
  pair.client->buffer_oneway(*stream_of(message), batching);
  EXPECT_EQ(pair.client->batch_writes(), 1u);
  EXPECT_EQ(read_messages(*pair.server, 3).size(), 3u);
}

TEST(BufferedOneways, ALaterSendGoesAfterTheBatch) {
  auto pair = connected_pair();
  ASSERT_TRUE(pair.server);
  OnewayBatching batching;
  batching.flush_count = 100;
  const auto first = request_bytes(1, "note");
  const auto second = request_bytes(2, "note");
  const auto twoway = request_bytes(3, "echo");
  pair.client->buffer_oneway(*stream_of(first), batching);
  pair.client->buffer_oneway(*stream_of(second), batching);
  pair.client->send_owned(*stream_of(twoway));
  EXPECT_EQ(read_messages(*pair.server, 3),
            (std::vector<std::vector<std::uint8_t>>{first, second, twoway}));
}

TEST(BufferedOneways, ExplicitFlushWritesWhatIsHeld) {
  auto pair = connected_pair();
  ASSERT_TRUE(pair.server);
  OnewayBatching batching;
  batching.flush_count = 100;
  const auto sent = buffer_notes(*pair.client, batching, 1, 5, [](std::uint32_t id) { return id; });
  EXPECT_EQ(pair.client->batch_writes(), 0u);
  EXPECT_TRUE(pair.client->flush_buffered(SendWait{}));
  EXPECT_EQ(pair.client->batch_writes(), 1u) << "the flush was not one write";
  EXPECT_EQ(read_messages(*pair.server, 5), sent);
}

// The peer never reads: the batch goes out as far as the kernel takes it, the rest is held,
// and once the bound is reached a oneway is refused (TRANSIENT, COMPLETED_NO) without
// waiting. When the peer reads again, everything held arrives whole and in order.
TEST(BufferedOneways, AFullPeerNeverBlocksAndTheBoundRefusesWhatWouldPassIt) {
  auto pair = connected_pair();
  ASSERT_TRUE(pair.server);
  OnewayBatching batching;
  batching.flush_count = 1;
  batching.capacity = 1024 * 1024;
  const auto message = request_bytes(1, "absorb", 60 * 1024);
  std::size_t taken = 0;
  bool refused = false;
  for (int i = 0; i < 2000 && !refused; ++i) {
    try {
      pair.client->buffer_oneway(*stream_of(message), batching);
      ++taken;
    } catch (const CORBA::TRANSIENT& e) {
      EXPECT_EQ(e.minor(), minor::transient_oneway_buffer_full);
      EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_NO);
      refused = true;
    }
  }
  ASSERT_TRUE(refused) << "2000 messages of 60 KiB all fitted";
  EXPECT_FALSE(pair.client->closed());
  EXPECT_GT(pair.client->buffered_bytes(), 0u);
  // The reader drains; the writer flushes what it held, waiting for room now.
  std::size_t got = 0;
  std::thread reader([&] { got = read_messages(*pair.server, taken, std::chrono::seconds(20)).size(); });
  EXPECT_TRUE(pair.client->flush_buffered(SendWait{}));
  reader.join();
  EXPECT_EQ(got, taken);
}

TEST(BufferedOneways, TheFlusherWritesABatchWhoseTimeoutPassed) {
  auto flusher = std::make_shared<OnewayFlusher>();
  Acceptor acceptor({"127.0.0.1", 0});
  auto [client, server] = link_with(acceptor, flusher);
  ASSERT_TRUE(server);
  OnewayBatching batching;
  batching.flush_count = 100;
  batching.timeout = std::chrono::milliseconds(20);
  const auto message = request_bytes(1, "note");
  client->buffer_oneway(*stream_of(message), batching);
  // Nobody sends on the connection again: only the flusher can write the batch.
  EXPECT_EQ(read_messages(*server, 1, std::chrono::seconds(20)).size(), 1u);
  client.reset();  // tells the flusher before the flusher goes
}

// The kernel had no room for part of the batch and nobody calls again: the flusher writes the
// rest once the peer reads.
TEST(BufferedOneways, TheFlusherWritesWhatAFullKernelLeftWithNoFurtherCall) {
  auto flusher = std::make_shared<OnewayFlusher>();
  Acceptor acceptor({"127.0.0.1", 0});
  auto [client, server] = link_with(acceptor, flusher);
  ASSERT_TRUE(server);
  OnewayBatching batching;
  batching.flush_count = 1;
  batching.capacity = 256 * 1024 * 1024;
  const auto message = request_bytes(1, "absorb", 60 * 1024);
  std::size_t taken = 0;
  while (client->buffered_bytes() == 0 && taken < 5000) {
    client->buffer_oneway(*stream_of(message), batching);
    ++taken;
  }
  ASSERT_GT(client->buffered_bytes(), 0u) << "5000 messages of 60 KiB all fitted";
  EXPECT_EQ(read_messages(*server, taken, std::chrono::seconds(20)).size(), taken);
  client.reset();
}

TEST(BufferedOneways, FlushAllReachesEveryConnectionThatHoldsOneways) {
  auto flusher = std::make_shared<OnewayFlusher>();
  Acceptor acceptor({"127.0.0.1", 0});
  auto [a, a_peer] = link_with(acceptor, flusher);
  auto [b, b_peer] = link_with(acceptor, flusher);
  ASSERT_TRUE(a_peer && b_peer);
  OnewayBatching batching;
  batching.flush_count = 100;
  a->buffer_oneway(*stream_of(request_bytes(1, "note")), batching);
  b->buffer_oneway(*stream_of(request_bytes(2, "note")), batching);
  flusher->flush_all();
  EXPECT_EQ(read_messages(*a_peer, 1).size(), 1u);
  EXPECT_EQ(read_messages(*b_peer, 1).size(), 1u);
  a.reset();
  b.reset();
}

// Fills the kernel's buffers towards a peer that does not read: returns how many 60 KiB
// oneways went in (the last ones held by the connection).
std::size_t fill_until_held(Connection& client, const OnewayBatching& batching) {
  const auto message = request_bytes(1, "absorb", 60 * 1024);
  std::size_t taken = 0;
  while (client.buffered_bytes() == 0 && taken < 5000) {
    client.buffer_oneway(*stream_of(message), batching);
    ++taken;
  }
  return taken;
}

// rtorb::messaging::flush (flush_all) waits for room on a flow-controlled connection without the
// connection's buffer lock: the lease holder's SYNC_NONE oneways are taken, or refused at the
// bound, meanwhile. Were they to wait behind the flush, they would wait for the reader, which
// starts only after them: the flush would time out and close the connection.
TEST(BufferedOneways, ASyncNoneCallerNeverWaitsBehindAFlushOfAFullConnection) {
  auto flusher = std::make_shared<OnewayFlusher>();
  Acceptor acceptor({"127.0.0.1", 0});
  auto [client, server] = link_with(acceptor, flusher, 120s);
  ASSERT_TRUE(server);
  OnewayBatching batching;
  batching.flush_count = 1;
  batching.capacity = 4 * 1024 * 1024;
  std::size_t taken = fill_until_held(*client, batching);
  ASSERT_GT(client->buffered_bytes(), 0u) << "5000 messages of 60 KiB all fitted";
  std::exception_ptr flush_failed;
  std::thread flush([&] {
    try {
      flusher->flush_all();
    } catch (...) {
      flush_failed = std::current_exception();
    }
  });
  std::this_thread::sleep_for(20ms);  // not a bound: lets the flush reach its wait first
  const auto message = request_bytes(2, "absorb", 60 * 1024);
  bool refused = false;
  while (!refused) {
    try {
      client->buffer_oneway(*stream_of(message), batching);
      ++taken;
    } catch (const CORBA::TRANSIENT& e) {
      EXPECT_EQ(e.minor(), minor::transient_oneway_buffer_full);
      refused = true;
    }
  }
  EXPECT_FALSE(client->closed());
  const auto got = read_messages(*server, taken, 60s).size();
  flush.join();
  EXPECT_FALSE(flush_failed);
  EXPECT_EQ(got, taken);
  client.reset();
}

// Several threads flush while a connection holding a batch for a flow-controlled peer is
// destroyed: ~Connection waits until no flush writes it (ASan: no use after free).
TEST(BufferedOneways, AConnectionDestroyedWhileSeveralThreadsFlushItIsLeftAlone) {
  auto flusher = std::make_shared<OnewayFlusher>();
  Acceptor acceptor({"127.0.0.1", 0});
  auto [client, server] = link_with(acceptor, flusher);
  ASSERT_TRUE(server);
  OnewayBatching batching;
  batching.flush_count = 1;
  batching.capacity = 64 * 1024 * 1024;
  const std::size_t taken = fill_until_held(*client, batching);
  ASSERT_GT(client->buffered_bytes(), 0u);
  std::vector<std::thread> flushes;
  for (int i = 0; i < 4; ++i) {
    flushes.emplace_back([&] {
      try {
        flusher->flush_all();
      } catch (const CORBA::SystemException&) {
        // a flush that found the connection closed
      }
    });
  }
  std::size_t got = 0;
  std::thread reader([&] { got = read_messages(*server, taken, 60s).size(); });
  std::this_thread::sleep_for(20ms);  // not a bound: lets the flushes start writing it
  client.reset();  // waits for the flushes writing it; the reader lets them finish
  for (auto& t : flushes) t.join();
  reader.join();
  // All of it when the flushes had begun (the usual case); a flush that had not yet seen
  // the connection leaves the rest to the destructor's last write.
  EXPECT_LE(got, taken);
  EXPECT_GT(got, 0u);
}

// Callers buffer on two connections while four threads flush all the time: every message
// arrives once, whole and in order on its connection.
TEST(BufferedOneways, FlushAllFromSeveralThreadsWhileCallersBuffer) {
  auto flusher = std::make_shared<OnewayFlusher>();
  Acceptor acceptor({"127.0.0.1", 0});
  auto [a, a_peer] = link_with(acceptor, flusher);
  auto [b, b_peer] = link_with(acceptor, flusher);
  ASSERT_TRUE(a_peer && b_peer);
  OnewayBatching batching;
  batching.flush_count = 7;
  batching.timeout = 1ms;
  constexpr std::uint32_t per_connection = 500;
  std::atomic<bool> done{false};
  std::vector<std::thread> flushes;
  for (int i = 0; i < 4; ++i) {
    flushes.emplace_back([&] {
      while (!done.load()) {
        flusher->flush_all();
        std::this_thread::yield();
      }
    });
  }
  auto produce = [&](Connection& c, std::vector<std::vector<std::uint8_t>>& sent) {
    sent = buffer_notes(c, batching, 1, per_connection, [](std::uint32_t id) { return id % 64; });
  };
  std::vector<std::vector<std::uint8_t>> sent_a, sent_b, got_a, got_b;
  std::thread reader_a([&] { got_a = read_messages(*a_peer, per_connection, 60s); });
  std::thread reader_b([&] { got_b = read_messages(*b_peer, per_connection, 60s); });
  std::thread producer_b([&] { produce(*b, sent_b); });
  produce(*a, sent_a);
  producer_b.join();
  flusher->flush_all();
  reader_a.join();
  reader_b.join();
  done = true;
  for (auto& t : flushes) t.join();
  EXPECT_EQ(got_a, sent_a);
  EXPECT_EQ(got_b, sent_b);
  a.reset();
  b.reset();
}

}  // namespace
}  // namespace rtorb::transport
