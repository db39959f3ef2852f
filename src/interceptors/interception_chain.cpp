// The per-ORB chain: a flow per call or request, none when that side has no interceptor.
#include "interceptors/interception_chain.hpp"

namespace rtorb::interceptors {

std::unique_ptr<orb::ClientInterception> InterceptionChain::start_call(
    const orb::ClientCallFacts& call) const {
  if (client_.empty()) return nullptr;
  return make_client_flow(facts_, client_, call);
}

std::unique_ptr<orb::ServerInterception> InterceptionChain::start_request(
    const orb::ServerRequestFacts& request) const {
  if (server_.empty()) return nullptr;
  return make_server_flow(facts_, server_, request);
}

}  // namespace rtorb::interceptors
