#include "server/serving_threads.hpp"

#include <algorithm>
#include <chrono>

namespace rtorb::orb {

ServingThreads::ServingThreads(transport::Reactor& reactor, UpcallQueue& queue,
                               std::size_t threads)
    : reactor_(reactor), queue_(queue) {
  threads_.reserve(std::max<std::size_t>(threads, 1));
  for (std::size_t i = 0; i < std::max<std::size_t>(threads, 1); ++i) {
    threads_.emplace_back([this, storage = slot_storage()]() mutable { serve(std::move(storage)); });
  }
}

void ServingThreads::serve(std::vector<std::uint8_t> storage) noexcept {
  UpcallThread upcalls(queue_, std::move(storage));
  // The timeout only bounds how late a thread notices stop() if a wake-up were missed.
  while (!reactor_.stopped()) {
    try {
      reactor_.handle_events(std::chrono::milliseconds(1000));
    } catch (...) {
      // A failing handler is dropped by the reactor; the thread serves on.
    }
    upcalls.serve(queue_);
  }
}

void ServingThreads::stop() {
  reactor_.stop();
  for (auto& t : threads_) {
    if (t.joinable()) t.join();
  }
}

}  // namespace rtorb::orb
