#include "transport/connection_threads.hpp"

namespace rtorb::transport {

void ConnectionThreads::start(std::unique_ptr<ConnectionHandler> handler) {
  std::lock_guard lock(mutex_);
  if (stopped_) {  // stop() owns the list now
    handler->close();
    return;
  }
  join_finished();
  Served& served = served_.emplace_back();
  served.handler = std::move(handler);
  try {
    served.thread = std::thread([this, &served] { serve(served); });
  } catch (...) {
    served.handler->close();
    served_.pop_back();
    throw;
  }
}

void ConnectionThreads::serve(Served& served) {
  ConnectionHandler* handler = nullptr;
  {
    std::lock_guard lock(mutex_);
    handler = served.handler.get();
  }
  // The handler is not touched by others meanwhile except through close(), which is
  // thread-safe; stop() joins this thread before the list goes.
  handler->serve_until_closed();
  std::unique_ptr<ConnectionHandler> finished;
  {
    std::lock_guard lock(mutex_);
    finished = std::move(served.handler);
    served.done = true;
  }
  finished.reset();  // closes the socket; the server's per-connection state goes too
}

void ConnectionThreads::join_finished() {
  for (auto it = served_.begin(); it != served_.end();) {
    if (it->done) {
      it->thread.join();  // it has left serve(): only its return is left
      it = served_.erase(it);
    } else {
      ++it;
    }
  }
}

void ConnectionThreads::stop() noexcept {
  std::list<Served> all;  // taken out whole: each thread keeps its element (splice moves none)
  {
    std::lock_guard lock(mutex_);
    stopped_ = true;
    for (auto& served : served_) {
      // Input only: a request being served still gets its reply out.
      if (served.handler) served.handler->stop_receiving();
    }
    all.splice(all.end(), served_);
  }
  // Joined without the lock: each thread takes it once more on its way out.
  for (auto& served : all) served.thread.join();
}

std::size_t ConnectionThreads::size() const {
  std::lock_guard lock(mutex_);
  std::size_t n = 0;
  for (const auto& served : served_) n += served.done ? 0 : 1;
  return n;
}

}  // namespace rtorb::transport
