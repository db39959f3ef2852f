#include "transport/server_thread_pool.hpp"

#include <algorithm>

namespace rtorb::transport {

ServerThreadPool::ServerThreadPool(Reactor& reactor, std::size_t threads) : reactor_(reactor) {
  threads_.reserve(std::max<std::size_t>(threads, 1));
  for (std::size_t i = 0; i < std::max<std::size_t>(threads, 1); ++i) {
    threads_.emplace_back([this] { reactor_.run(); });
  }
}

void ServerThreadPool::stop() {
  reactor_.stop();
  for (auto& t : threads_) {
    if (t.joinable()) t.join();
  }
}

}  // namespace rtorb::transport
