// The server side of one request, as generated skeletons see it: read the arguments, run
// the upcall, then write the results into reply() or a user exception into
// user_exception(). System exceptions thrown by the upcall are marshaled by the ORB.
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>
#include <rtorb/orb/deferred_reply.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <string_view>
#include <utility>

namespace rtorb::detail {

// A value a ServerRequest keeps until its reply has been sent: a list threaded through the
// request's own room (or the heap once that is used up), destroyed last in, first out.
struct KeptValue {
  KeptValue* next = nullptr;
  void (*destroy)(KeptValue*) noexcept = nullptr;
};

template <class T>
struct KeptNode final : KeptValue {
  // make() is a prvalue: the value is built in place, never moved (a large std::array
  // result is not copied once more).
  template <class F>
  explicit KeptNode(F&& make) : value(std::forward<F>(make)()) {}
  T value;
};

}  // namespace rtorb::detail

namespace rtorb::orb {

class ServerRequest {
 public:
  ServerRequest(const ServerRequest&) = delete;
  ServerRequest& operator=(const ServerRequest&) = delete;

  std::string_view operation() const noexcept { return operation_; }
  std::span<const std::uint8_t> object_key() const noexcept { return object_key_; }
  bool response_expected() const noexcept { return response_expected_; }
  // The argument bytes, set up for the request's byte order, GIOP version, code sets and
  // ORB (so object references can be read).
  cdr::InputStream& arguments() noexcept { return arguments_; }

  // The data of the request's service context `id` (an encapsulation, byte-order octet
  // first), viewed in the request; empty when the request carries none.
  virtual std::span<const std::uint8_t> service_context(std::uint32_t /*id*/) const noexcept {
    return {};
  }
  // False when the request's framing has no room for service contexts (GIOPlite): their
  // absence then says nothing about what the client would have sent.
  virtual bool carries_service_contexts() const noexcept { return true; }
  // Adds a service context to the reply (at most reply_context_limit; more are ignored).
  // `data` is not copied: it must outlive the reply's sending, as the request does.
  static constexpr std::size_t reply_context_limit = 4;
  virtual void add_reply_service_context(std::uint32_t /*id*/,
                                         std::span<const std::uint8_t> /*data*/) noexcept {}

  // The object adapter has found the servant (servant managers included) and the upcall
  // comes next. The ORB answers a request whose client waits only this long (GIOP 1.2
  // response_flags 0x01, SyncScope WITH_SERVER) here, with an empty reply; anything
  // the upcall then writes or raises is not sent. Adapters call it once per request.
  virtual void servant_located() {}

  // Starts a NO_EXCEPTION reply; write the return value, then inout and out arguments.
  virtual cdr::OutputStream& reply() = 0;
  // Starts a USER_EXCEPTION reply; write the exception, repository id first.
  virtual cdr::OutputStream& user_exception() = 0;

  // AMH: the reply will not be written by the skeleton but later, through the returned
  // DeferredReply, from any thread; serve_message then sends nothing when the skeleton
  // returns (nor what it raises). Call it after reading the arguments: they are viewed in
  // the request, which is gone once the skeleton returns. The reply service contexts are
  // copied. An implementation that cannot keep its reply for later raises NO_IMPLEMENT.
  virtual std::unique_ptr<DeferredReply> defer_reply();

  // As reply(), but the stream borrows (cdr::OutputStream::borrow_arrays_from): large
  // primitive arrays are sent from where they are, not copied. Every value written must
  // therefore outlive the sending of the reply, which happens after the skeleton returns:
  // write only values made with keep() (or that live longer still). An implementation that
  // cannot send from borrowed memory keeps this default, which copies.
  virtual cdr::OutputStream& reply_borrowing() { return reply(); }

  // A T made by make() (value-initialised without it) that lives until the reply has been
  // sent and the request is gone: what a borrowing reply is written from. The first
  // kept_room bytes of values come from inside the request; only beyond that is one
  // allocated.
  template <class T, class F>
  T& keep(F&& make) {
    using Node = ::rtorb::detail::KeptNode<T>;
    Node* node = nullptr;
    // A type that can never fit the room goes to the heap without trying (which also keeps
    // GCC's -Warray-bounds from following the room path with a 4 KB array).
    if constexpr (sizeof(Node) <= kept_room && alignof(Node) <= alignof(std::max_align_t)) {
      if (void* room = take_room(sizeof(Node), alignof(Node))) {
        node = ::new (room) Node(std::forward<F>(make));
        node->destroy = [](::rtorb::detail::KeptValue* n) noexcept { static_cast<Node*>(n)->~Node(); };
      }
    }
    if (node == nullptr) {
      node = new Node(std::forward<F>(make));
      node->destroy = [](::rtorb::detail::KeptValue* n) noexcept { delete static_cast<Node*>(n); };
    }
    node->next = kept_;
    kept_ = node;
    return node->value;
  }
  template <class T>
  T& keep() {
    return keep<T>([] { return T{}; });
  }

 protected:
  ServerRequest(std::string_view operation, std::span<const std::uint8_t> object_key,
                bool response_expected, cdr::InputStream arguments) noexcept
      : operation_(operation),
        object_key_(object_key),
        response_expected_(response_expected),
        arguments_(std::move(arguments)) {}
  ~ServerRequest() {
    while (kept_ != nullptr) {
      ::rtorb::detail::KeptValue* next = kept_->next;
      kept_->destroy(kept_);
      kept_ = next;
    }
  }
  // For the ORB, which learns the key after it has a request to report errors through.
  void set_object_key(std::span<const std::uint8_t> object_key) noexcept {
    object_key_ = object_key;
  }

 private:
  // Enough for the results of most operations (a std::vector is 24 bytes plus the node's
  // 16), so that keeping them allocates nothing.
  static constexpr std::size_t kept_room = 192;

  void* take_room(std::size_t size, std::size_t alignment) noexcept {
    const std::size_t at = (room_used_ + alignment - 1) / alignment * alignment;
    if (alignment > alignof(std::max_align_t) || at + size > kept_room) return nullptr;
    room_used_ = at + size;
    return room_ + at;
  }

  std::string_view operation_;
  std::span<const std::uint8_t> object_key_;
  bool response_expected_;
  cdr::InputStream arguments_;
  ::rtorb::detail::KeptValue* kept_ = nullptr;
  std::size_t room_used_ = 0;
  alignas(std::max_align_t) std::byte room_[kept_room];
};

}  // namespace rtorb::orb
