// Coroutine servants: an operation of an AMH interface written as a coroutine returning
// rtorb::coro::task<T>, whose co_return (or exception) is the reply. rtorb-idl --amh (or
// `#pragma amh I`) generates, beside POA::M::AMH_<I>, the servant base POA::M::CORO_<I>:
//
//   class Relay : public POA::CORO_Relay {
//     rtorb::coro::task<std::int32_t> cube_long(std::int32_t x) override {
//       co_return co_await backend_->async().cube_long(x);   // no thread waits meanwhile
//     }
//   };
//
// T is what an async() call of the same operation gives (void, the one value, or a tuple
// of the return value then the inout and out values). docs/messaging.md, "Coroutine
// servants", has the rules; this header holds what the generated skeletons call.
#pragma once

#include <rtorb/coro/task.hpp>
#include <rtorb/corba/exception.hpp>
#include <rtorb/messaging/response_handler.hpp>

#include <exception>
#include <memory>
#include <tuple>  // the generated coroutines' multi-value results
#include <type_traits>
#include <utility>

namespace rtorb::coro::detail {

// The reply of one request served by a coroutine: holds the request's response handler
// for as long as the coroutine's frame lives. finished() replies with what the coroutine
// gave; a frame destroyed before it ends drops the handler unreplied, which answers
// NO_RESPONSE no_response_amh_dropped, as for any dropped AMH handler.
template <class T, class Handler, class Reply, class Excep>
class ReplyAtEnd final : public TaskEnd {
 public:
  ReplyAtEnd(std::shared_ptr<Handler> handler, Reply reply, Excep excep)
      : handler_(std::move(handler)), reply_(std::move(reply)), excep_(std::move(excep)) {}

  void finished(TaskPromiseBase& promise) noexcept override {
    auto& typed = static_cast<TaskPromise<T>&>(promise);
    try {
      if constexpr (std::is_void_v<T>) {
        typed.take();
        reply_(*handler_);
      } else {
        reply_(*handler_, typed.take());
      }
    } catch (...) {
      reply_raised(handler_, excep_, std::current_exception());
    }
  }

  // `raised` is the reply unless the handler replied already (its reply failed to
  // marshal: the handler's destructor then answers NO_RESPONSE). A CORBA exception goes
  // through the operation's _excep (user exceptions it does not declare become UNKNOWN);
  // anything else is UNKNOWN unknown_cxx_exception.
  static void reply_raised(const std::shared_ptr<Handler>& handler, Excep& excep,
                           std::exception_ptr raised) noexcept {
    if (handler->rtorb_replied()) return;
    try {
      std::rethrow_exception(raised);
    } catch (const CORBA::Exception& exception) {
      try {
        excep(*handler, exception);
      } catch (...) {
        // The reply was claimed and failed: the handler's destructor says NO_RESPONSE.
      }
    } catch (...) {
      handler->rtorb_upcall_raised(std::current_exception());
    }
  }

 private:
  std::shared_ptr<Handler> handler_;
  Reply reply_;
  Excep excep_;
};

// What a generated CORO_<I> skeleton does once it has read the arguments and deferred the
// reply: `make_task()` calls the servant's coroutine (the frame starts on this thread, in
// the upcall, and runs until it first suspends), and `reply(handler, value)` or
// `excep(handler, exception)` is called on the thread that runs its last step. An
// exception from make_task() itself (a servant that throws instead of being a coroutine)
// is the reply too. Never throws.
template <class Handler, class MakeTask, class Reply, class Excep>
void reply_when_done(MakeTask make_task, std::shared_ptr<Handler> handler, Reply reply,
                     Excep excep) noexcept {
  using Task = std::invoke_result_t<MakeTask&>;
  using End = ReplyAtEnd<typename Task::value_type, Handler, Reply, Excep>;
  try {
    auto end = std::make_unique<End>(handler, reply, excep);
    make_task().rtorb_detach(std::move(end));
  } catch (...) {
    End::reply_raised(handler, excep, std::current_exception());
  }
}

}  // namespace rtorb::coro::detail
