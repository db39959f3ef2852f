// Collocated calls that are marshaled: the request is served in-process by the server
// request path, as if received (POA manager states, POA Current and servant managers all
// apply), and the reply read back like a remote one. The calls that skip marshaling are
// direct_call.cpp's.
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "client/invocation_state.hpp"
#include "core/orb_context.hpp"
#include "giop/message_codec.hpp"
#include "server/server_connections.hpp"

namespace rtorb::orb {
namespace {

using CORBA::CompletionStatus;

// Takes the reply the server path wrote (into a stream on its own stack) before that
// stack frame is gone: one copy, into the invocation's own block when it fits. A reply
// deferred by the servant (AMH) comes later from any thread, through keep_for_later; the
// caller then waits for it (wait_for_deferred).
class CollocatedChannel final : public ReplyChannel {
 public:
  CollocatedChannel(std::array<std::uint8_t, inline_reply_size>& block,
                    std::vector<std::uint8_t>& large) noexcept
      : block_(block), large_(large) {}
  CollocatedChannel(const CollocatedChannel&) = delete;
  CollocatedChannel& operator=(const CollocatedChannel&) = delete;
  ~CollocatedChannel() {
    if (later_) later_->detach();
  }
  void send(const cdr::OutputStream& message) override {
    if (message.size() <= block_.size()) {
      std::size_t n = 0;
      message.for_each_segment([&](std::span<const std::uint8_t> segment) {
        std::memcpy(block_.data() + n, segment.data(), segment.size());
        n += segment.size();
      });
      reply_ = {block_.data(), n};
    } else {
      large_ = message.to_bytes();
      reply_ = large_;
    }
  }
  void close() noexcept override {}
  std::span<const std::uint8_t> reply() const noexcept { return reply_; }

  std::shared_ptr<ReplyChannel> keep_for_later() override {
    later_ = std::make_shared<Later>(*this);
    return later_;
  }
  // After serve_message: true at once if the reply came or none was deferred; else waits
  // for the deferred reply until `deadline` (none: no limit), false if it never came.
  bool wait_for_deferred(std::optional<std::chrono::steady_clock::time_point> deadline) {
    // The reply is read only under Later's lock: another thread may be writing it.
    if (!later_) return true;
    return later_->wait(deadline);
  }

 private:
  // What the servant's response handler holds: the caller's channel while the caller waits.
  class Later final : public ReplyChannel {
   public:
    explicit Later(CollocatedChannel& channel) noexcept : channel_(&channel) {}
    void send(const cdr::OutputStream& message) override {
      std::lock_guard lock(mutex_);
      if (channel_ == nullptr) return;  // the caller stopped waiting
      channel_->send(message);
      sent_ = true;
      arrived_.notify_all();
    }
    void close() noexcept override {}
    bool wait(std::optional<std::chrono::steady_clock::time_point> deadline) {
      std::unique_lock lock(mutex_);
      if (!deadline) {
        arrived_.wait(lock, [&] { return sent_; });
        return true;
      }
      return arrived_.wait_until(lock, *deadline, [&] { return sent_; });
    }
    void detach() noexcept {
      std::lock_guard lock(mutex_);
      channel_ = nullptr;
    }

   private:
    std::mutex mutex_;
    std::condition_variable arrived_;
    CollocatedChannel* channel_;  // guarded by mutex_; null once the caller is gone
    bool sent_ = false;           // guarded by mutex_
  };

  std::array<std::uint8_t, inline_reply_size>& block_;
  std::vector<std::uint8_t>& large_;
  std::span<const std::uint8_t> reply_;
  std::shared_ptr<Later> later_;
};

// The request as one span: a view of the stream when it is one segment (a request that
// fits the first block), otherwise a copy into `copy`.
std::span<const std::uint8_t> contiguous(const cdr::OutputStream& stream,
                                         std::vector<std::uint8_t>& copy) {
  std::span<const std::uint8_t> first;
  int segments = 0;
  stream.for_each_segment([&](std::span<const std::uint8_t> segment) {
    if (segments++ == 0) first = segment;
  });
  if (segments <= 1) return first;
  copy = stream.to_bytes();
  return copy;
}

}  // namespace

void InvocationState::send_collocated(const Target& target, const cdr::OutputStream& request,
                                      bool response_expected) {
  OrbContext& orb = *core->orb();
  // The request is viewed where it was marshaled; the reply copied once out of the server
  // path's stack.
  std::vector<std::uint8_t> large_request;
  const auto bytes = contiguous(request, large_request);
  ConnectionCodeSets code_sets{target.code_sets};  // what a CodeSets context would say
  CollocatedChannel channel(collocated_block, collocated_large);
  {
    CollocatedServing in_process;
    serve_message(orb, bytes, code_sets, channel);
  }
  if (!response_expected) return;
  // A servant that deferred its reply (AMH) answers from another thread, or from this
  // one before serve_message returned; the caller waits for it as for a remote reply.
  std::optional<Clock::time_point> until;
  if (deadline_set()) until = deadline;
  if (!channel.wait_for_deferred(until)) {
    raise<CORBA::TIMEOUT>(minor::timeout_reply_wait,
                          "the collocated servant did not reply before the deadline",
                          CompletionStatus::COMPLETED_MAYBE);
  }
  if (channel.reply().empty()) {
    raise<CORBA::INTERNAL>(minor::internal_no_collocated_reply,
                           "collocated request produced no reply",
                           CompletionStatus::COMPLETED_MAYBE);
  }
  giop::DecodeOptions options;
  options.limits.max_message_size = orb.options().max_message_size;
  reply_message = giop::decode_message(channel.reply(), options);
}

}  // namespace rtorb::orb
