// What an asynchronous request (AMI, a stub's sendc_ operation) ends with, as the ORB hands
// it to the generated reply function that calls the ReplyHandler (docs/messaging.md, "AMI").
#pragma once

#include <rtorb/cdr/byte_order.hpp>
#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/corba/object.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace rtorb::orb {

class AsyncReply {
 public:
  enum class Kind : std::uint8_t { result, user_exception, system_exception };

  // A NO_EXCEPTION reply: `body` is positioned at the return value.
  explicit AsyncReply(cdr::InputStream& body) noexcept : kind_(Kind::result), body_(&body) {}
  // An exception, marshaled: `bytes` start at an 8-aligned offset of the message it came
  // in (so CDR alignment still holds), the exception itself at `start`. A failure the
  // client saw itself (a timeout, a lost connection) comes as a system exception marshaled
  // by the client.
  AsyncReply(Kind kind, std::span<const std::uint8_t> bytes, std::size_t start,
             cdr::ByteOrder order) noexcept
      : kind_(kind), bytes_(bytes), start_(start), order_(order) {}

  Kind kind() const noexcept { return kind_; }
  // Kind::result only.
  cdr::InputStream& result() const noexcept { return *body_; }
  std::span<const std::uint8_t> exception_bytes() const noexcept { return bytes_; }
  std::size_t exception_start() const noexcept { return start_; }
  cdr::ByteOrder byte_order() const noexcept { return order_; }

 private:
  Kind kind_;
  cdr::InputStream* body_ = nullptr;
  std::span<const std::uint8_t> bytes_;
  std::size_t start_ = 0;
  cdr::ByteOrder order_ = cdr::native_byte_order;
};

// The generated function that reads a reply for one operation and calls the matching
// ReplyHandler operation on `handler` (an AMI_<I>Handler reference).
using ReplyDispatch = void (*)(CORBA::Object& handler, AsyncReply& reply);

}  // namespace rtorb::orb
