// ResponseHandler (AMH): exactly one reply from any thread, BAD_INV_ORDER for a second,
// NO_RESPONSE when dropped unreplied, and what an upcall's exceptions become; against a
// DeferredReply that records what would go on the wire.
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/messaging/response_handler.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace rtorb::messaging {
namespace {

// What a DeferredReply was asked to send.
struct Sent {
  std::vector<std::string> replies;  // "reply", "user", "system <NAME> <minor> <completed>"
  int streams_started = 0;
};

class RecordingReply final : public orb::DeferredReply {
 public:
  explicit RecordingReply(std::shared_ptr<Sent> sent) : sent_(std::move(sent)) {}
  bool response_expected() const noexcept override { return true; }
  cdr::OutputStream& reply() override { return start("reply"); }
  cdr::OutputStream& user_exception() override { return start("user"); }
  void system_exception(const CORBA::SystemException& e) override {
    start(std::string("system ") + e._name() + " " + std::to_string(e.minor()) + " " +
          std::to_string(static_cast<int>(e.completed())));
  }
  void send() noexcept override {
    if (!pending_.empty()) sent_->replies.push_back(pending_);
    pending_.clear();
  }

 private:
  cdr::OutputStream& start(std::string what) {
    ++sent_->streams_started;
    pending_ = std::move(what);
    stream_.reset();
    return stream_;
  }
  std::shared_ptr<Sent> sent_;
  std::string pending_;
  cdr::OutputStream stream_;
};

// A handler as the generated ones use the base: one reply operation that writes a long,
// and one that fails to marshal half-way.
class Handler final : public ResponseHandler {
 public:
  explicit Handler(std::shared_ptr<Sent> sent)
      : ResponseHandler(std::make_unique<RecordingReply>(std::move(sent))) {}
  void answer(std::int32_t v) {
    rtorb_reply().write_long(v);
    rtorb_send();
  }
  void answer_then_fail() {
    rtorb_reply().write_long(1);
    throw CORBA::MARSHAL(0, CORBA::CompletionStatus::COMPLETED_NO);
  }
  void answer_excep(const CORBA::Exception& e) { rtorb_other_exception(e); }
};

std::string system(const char* name, std::uint32_t minor, CORBA::CompletionStatus c) {
  return std::string("system ") + name + " " + std::to_string(minor) + " " +
         std::to_string(static_cast<int>(c));
}

TEST(ResponseHandler, SendsItsOneReply) {
  auto sent = std::make_shared<Sent>();
  {
    auto h = std::make_shared<Handler>(sent);
    EXPECT_FALSE(h->rtorb_replied());
    h->answer(3);
    EXPECT_TRUE(h->rtorb_replied());
  }
  EXPECT_EQ(sent->replies, std::vector<std::string>{"reply"});
}

TEST(ResponseHandler, ASecondReplyRaisesBadInvOrderAndSendsNothing) {
  auto sent = std::make_shared<Sent>();
  {
    auto h = std::make_shared<Handler>(sent);
    h->answer(3);
    try {
      h->answer(4);
      ADD_FAILURE() << "a second reply raised nothing";
    } catch (const CORBA::BAD_INV_ORDER& e) {
      EXPECT_EQ(e.minor(), minor::bad_inv_order_amh_replied);
      EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_NO);
    }
    EXPECT_THROW(h->answer_excep(CORBA::TRANSIENT()), CORBA::BAD_INV_ORDER);
  }
  EXPECT_EQ(sent->replies, std::vector<std::string>{"reply"});
  EXPECT_EQ(sent->streams_started, 1);
}

TEST(ResponseHandler, DroppedWithoutAReplySendsNoResponse) {
  auto sent = std::make_shared<Sent>();
  std::make_shared<Handler>(sent).reset();
  EXPECT_EQ(sent->replies,
            std::vector<std::string>{system("NO_RESPONSE", minor::no_response_amh_dropped,
                                            CORBA::CompletionStatus::COMPLETED_MAYBE)});
}

TEST(ResponseHandler, AReplyThatFailedToMarshalIsAnsweredNoResponse) {
  auto sent = std::make_shared<Sent>();
  {
    auto h = std::make_shared<Handler>(sent);
    EXPECT_THROW(h->answer_then_fail(), CORBA::MARSHAL);
  }
  EXPECT_EQ(sent->replies,
            std::vector<std::string>{system("NO_RESPONSE", minor::no_response_amh_dropped,
                                            CORBA::CompletionStatus::COMPLETED_MAYBE)});
}

TEST(ResponseHandler, SystemExceptionsGoAsThemselvesUndeclaredUserOnesAsUnknown) {
  auto sent = std::make_shared<Sent>();
  Handler(sent).answer_excep(
      CORBA::BAD_PARAM(7, CORBA::CompletionStatus::COMPLETED_YES));
  struct Undeclared final : CORBA::UserException {
    const char* _rep_id() const noexcept override { return "IDL:Undeclared:1.0"; }
    const char* _name() const noexcept override { return "Undeclared"; }
  };
  Handler(sent).answer_excep(Undeclared{});
  EXPECT_EQ(sent->replies,
            (std::vector<std::string>{
                system("BAD_PARAM", 7, CORBA::CompletionStatus::COMPLETED_YES),
                system("UNKNOWN", minor::unknown_undeclared_user_exception,
                       CORBA::CompletionStatus::COMPLETED_MAYBE)}));
}

TEST(ResponseHandler, WhatTheUpcallRaisesIsSentUnlessItReplied) {
  auto sent = std::make_shared<Sent>();
  {
    Handler h(sent);
    h.rtorb_upcall_raised(std::make_exception_ptr(std::runtime_error("oops")));
  }
  {
    Handler h(sent);
    h.answer(1);
    h.rtorb_upcall_raised(std::make_exception_ptr(CORBA::NO_MEMORY()));  // dropped
  }
  EXPECT_EQ(sent->replies,
            (std::vector<std::string>{system("UNKNOWN", minor::unknown_cxx_exception,
                                             CORBA::CompletionStatus::COMPLETED_MAYBE),
                                      "reply"}));
}

TEST(ResponseHandler, OfThreadsReplyingAtOnceExactlyOneSends) {
  auto sent = std::make_shared<Sent>();
  std::atomic<int> refused{0};
  {
    auto h = std::make_shared<Handler>(sent);
    std::vector<std::thread> threads;
    for (int i = 0; i < 8; ++i) {
      threads.emplace_back([h, i, &refused] {
        try {
          h->answer(i);
        } catch (const CORBA::BAD_INV_ORDER&) {
          ++refused;
        }
      });
    }
    for (auto& t : threads) t.join();
  }
  EXPECT_EQ(sent->replies, std::vector<std::string>{"reply"});
  EXPECT_EQ(refused.load(), 7);
}

}  // namespace
}  // namespace rtorb::messaging
