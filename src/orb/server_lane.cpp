#include "orb/server_lane.hpp"

#include "transport/acceptor.hpp"

namespace rtorb::orb {

ServerLane::ServerLane(const LaneOptions& options, const std::string& default_host,
                       const transport::MessageHandler& handler,
                       const transport::ConnectionOptions& connection) {
  std::vector<transport::Endpoint> wanted = options.endpoints;
  if (wanted.empty()) wanted.push_back({default_host, 0});
  for (const auto& endpoint : wanted) {
    auto acceptor = std::make_unique<transport::Acceptor>(endpoint, connection);
    bound_.push_back(acceptor->endpoint());
    acceptors_.push_back(reactor_.add(std::make_unique<transport::AcceptHandler>(
        std::move(acceptor), handler, connection)));
  }
  pool_ = std::make_unique<transport::ServerThreadPool>(reactor_, options.threads,
                                                        options.on_thread_start);
}

void ServerLane::stop_accepting() noexcept {
  for (const auto id : acceptors_) reactor_.remove(id);
  acceptors_.clear();
}

void ServerLane::stop() noexcept {
  stop_accepting();
  if (pool_) pool_->stop();
}

}  // namespace rtorb::orb
