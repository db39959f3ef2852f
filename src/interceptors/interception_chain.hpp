// The interceptors one ORB runs, fixed once its initializers have run (so the request
// path reads them without a lock), and the flows that run them for a call or a request.
#pragma once

#include <rtorb/interceptors/portable_interceptor.hpp>

#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "core/object_adapter.hpp"
#include "core/seams/request_interception.hpp"

namespace rtorb::orb {
class OrbContext;
}  // namespace rtorb::orb

namespace rtorb::interceptors {

using ClientInterceptors =
    std::vector<CORBA::object_reference<PortableInterceptor::ClientRequestInterceptor>>;
using ServerInterceptors =
    std::vector<CORBA::object_reference<PortableInterceptor::ServerRequestInterceptor>>;

// What the flows read of the ORB: immutable once made.
struct ChainFacts {
  std::string orb_id;
  std::size_t max_message_size;
  std::uint32_t slots;  // slot ids allocated: 0 .. slots - 1
};

class InterceptionChain final : public orb::RequestInterception {
 public:
  InterceptionChain(ChainFacts facts, ClientInterceptors client, ServerInterceptors server)
      : facts_(std::move(facts)), client_(std::move(client)), server_(std::move(server)) {}

  std::unique_ptr<orb::ClientInterception> start_call(
      const orb::ClientCallFacts& call) const override;
  std::unique_ptr<orb::ServerInterception> start_request(
      const orb::ServerRequestFacts& request) const override;

  const ClientInterceptors& client() const noexcept { return client_; }
  const ServerInterceptors& server() const noexcept { return server_; }

 private:
  ChainFacts facts_;
  ClientInterceptors client_;
  ServerInterceptors server_;
};

// client_flow.cpp and server_flow.cpp.
std::unique_ptr<orb::ClientInterception> make_client_flow(const ChainFacts& facts,
                                                          const ClientInterceptors& list,
                                                          const orb::ClientCallFacts& call);
std::unique_ptr<orb::ServerInterception> make_server_flow(const ChainFacts& facts,
                                                          const ServerInterceptors& list,
                                                          const orb::ServerRequestFacts& request);

// Runs the ending points of the interceptors on a flow stack, last pushed first (the spec's
// flow rules, both sides): what one raises, a system exception or a ForwardRequest, is what
// the rest see through `info` and, once all have run, what the call or request raises.
template <class List, class Info, class RunEndingPoint>
void unwind_flow_stack(const List& list, std::size_t& stacked, Info& info,
                       RunEndingPoint&& run_ending_point) {
  std::exception_ptr replaced;
  while (stacked > 0) {
    const auto& interceptor = list[--stacked];
    try {
      run_ending_point(*interceptor);
    } catch (const PortableInterceptor::ForwardRequest& f) {
      info.forwarded(f.forward());
      replaced = std::make_exception_ptr(orb::LocationForward{f.forward(), false});
    } catch (const CORBA::SystemException& e) {
      info.raised(e);
      replaced = std::current_exception();
    }
  }
  if (replaced) std::rethrow_exception(replaced);
}

}  // namespace rtorb::interceptors
