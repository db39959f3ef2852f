// ServerRequest::keep: values a borrowing reply is written from live as long as the request.
#include <rtorb/orb/server_request.hpp>

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace rtorb::orb {
namespace {

// The smallest request: no transport, replies into one stream.
class BareRequest final : public ServerRequest {
 public:
  BareRequest()
      : ServerRequest("op", {}, true, cdr::InputStream({}, cdr::native_byte_order)) {}
  cdr::OutputStream& reply() override { return os_; }
  cdr::OutputStream& user_exception() override { return os_; }

 private:
  cdr::OutputStream os_;
};

// Records its destruction in a shared log.
struct Tracer {
  std::vector<std::string>* log;
  std::string name;
  ~Tracer() { log->push_back(name); }
};

TEST(ServerRequestKeep, DestroysKeptValuesWithTheRequestLastFirst) {
  std::vector<std::string> log;
  {
    BareRequest request;
    request.keep<Tracer>([&] { return Tracer{&log, "first"}; });
    request.keep<Tracer>([&] { return Tracer{&log, "second"}; });
    EXPECT_TRUE(log.empty());
  }
  EXPECT_EQ(log, (std::vector<std::string>{"second", "first"}));
}

TEST(ServerRequestKeep, BuildsTheValueInPlace) {
  BareRequest request;
  const std::int32_t* made = nullptr;
  auto& kept = request.keep<std::vector<std::int32_t>>([&] {
    std::vector<std::int32_t> v(1000, 5);
    made = v.data();
    return v;
  });
  EXPECT_EQ(kept.data(), made);  // the vector's storage, never copied
  auto& zero = request.keep<std::int64_t>();
  EXPECT_EQ(zero, 0);  // value-initialised
}

TEST(ServerRequestKeep, KeepsValuesBeyondTheInlineRoomToo) {
  std::vector<std::string> log;
  {
    BareRequest request;
    auto& big = request.keep<std::array<std::uint8_t, 4096>>();
    big.fill(7);
    for (int i = 0; i < 20; ++i) {
      request.keep<Tracer>([&, i] { return Tracer{&log, std::to_string(i)}; });
    }
    EXPECT_EQ(big[4095], 7);
  }
  ASSERT_EQ(log.size(), 20u);
  EXPECT_EQ(log.front(), "19");
  EXPECT_EQ(log.back(), "0");
}

TEST(ServerRequestKeep, ReplyBorrowingCopiesUnlessTheRequestCanSendFromBorrowedMemory) {
  BareRequest request;
  EXPECT_EQ(request.reply_borrowing().borrow_threshold(), 0u);
}

// AMH skeletons ask for defer_reply; a request that cannot keep its reply says so.
TEST(ServerRequestDeferReply, ARequestThatCannotDeferRaisesNoImplement) {
  BareRequest request;
  try {
    (void)request.defer_reply();
    ADD_FAILURE() << "defer_reply raised nothing";
  } catch (const CORBA::NO_IMPLEMENT& e) {
    EXPECT_EQ(e.minor(), minor::no_implement_deferred_reply);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_NO);
  }
}

}  // namespace
}  // namespace rtorb::orb
