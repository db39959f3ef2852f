// OrbOptions: what the ORB core's -ORB... arguments configure (the core's entries of the
// option table, orb_options.cpp; the user guide's docs/guide/orb-options.md lists them).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/linked_layer.hpp"
#include "core/object_adapter.hpp"
#include "core/option_table.hpp"
#include "giop/message_header.hpp"
#include "transport/endpoint.hpp"
#include "transport/socket_options.hpp"

namespace rtorb::orb {

// How a client thread waits for its reply (docs/orb.md, "strategies").
enum class ClientStrategy : std::uint8_t { exclusive, multiplexed };

// The ORB's sockets unless -ORBSocketOptions says otherwise: kept alive, and sent bytes
// unacknowledged for 50 s end the connection. A peer whose host vanished without a FIN (a
// link down, a power cut) never answers, and a call blocked on its reply, with no
// -ORBReplyTimeout or RelativeRoundtripTimeout, would otherwise wait for ever; a live peer
// slow to reply answers the probes and is never cut (docs/faults.md).
inline transport::SocketOptions default_socket_options() noexcept {
  transport::SocketOptions options;
  options.keep_alive = true;
  options.user_timeout_ms = 50'000;  // keep_alive_idle_s + interval x count
  return options;
}

struct OrbOptions {
  std::string orb_id;                          // -ORBId (when ORB_init is given none)
  std::vector<transport::Endpoint> endpoints;  // -ORBEndpoint / -ORBListenEndpoints
  // -ORBUnixSocketMode: the permission bits of uiop socket files; 0: what the umask leaves.
  std::uint32_t unix_socket_mode = 0;
  std::vector<std::pair<std::string, std::string>> initial_references;  // -ORBInitRef
  std::string default_initial_reference;                                // -ORBDefaultInitRef
  int debug_level = 0;             // -ORBDebugLevel 0-10 (docs/logging.md)
  std::uint32_t log_categories = 0;  // -ORBLogCategories: log_category_bit of each named
  std::string log_file;            // -ORBLogFile: appended to; "" = stderr
  std::size_t server_threads = 0;  // -ORBServerThreads: 0 = reactive (ORB::run)
  // -ORBServerThreads per_connection: each accepted connection is served by a thread of its
  // own blocked in recv on it (no epoll on the request path); server_threads is then 1, the
  // thread that accepts.
  bool thread_per_connection = false;
  // -ORBMaxThreadsPerConnection: how many requests of one connection a pool or a lane serves
  // at once (docs/orb.md, "Concurrent requests on one connection"); 1: one after another.
  std::size_t max_threads_per_connection = 16;
  ClientStrategy client_strategy = ClientStrategy::exclusive;  // -ORBClientStrategy
  std::size_t max_connections = 1024;  // -ORBMaxConnections (client cache)
  std::chrono::milliseconds connection_idle_timeout{60'000};  // -ORBConnectionIdleTimeout
  std::uint32_t max_message_size = 64 * 1024 * 1024;          // -ORBMaxMessageSize
  // -ORBFragmentSize: messages larger than this go out as GIOP fragments; 0 (the default)
  // sends every message whole with one gather-write, as TAO does (peers reassemble
  // fragments but never need them, and splitting costs a copy and a send per fragment).
  std::size_t fragment_size = 0;
  std::chrono::milliseconds reply_timeout{0};   // -ORBReplyTimeout: 0 = wait for ever
  // -ORBOnewayBufferSize: the bytes of buffered oneways (BufferingConstraint) one connection
  // may hold; a oneway that would pass it raises TRANSIENT transient_oneway_buffer_full.
  std::size_t oneway_buffer_size = 1024 * 1024;
  // -ORBConnectTimeout: how long one address may take to connect before the next is tried
  // (and, after the last, TRANSIENT transient_connect_timeout). Never "for ever": a peer
  // that drops SYNs would otherwise hold a caller for the kernel's ~2 minutes of retries.
  std::chrono::milliseconds connect_timeout{10'000};
  bool collocation = true;                      // -ORBCollocation: not "no"
  bool collocation_direct = false;              // -ORBCollocation direct (else thru_poa)
  std::size_t holding_queue_bound = 1024;       // -ORBHoldingQueueBound (for the POA)
  giop::Version giop_version = giop::giop_1_2;  // -ORBGIOPVersion: what our IORs advertise
  // -ORBLockMemory: at ORB_init, keep the process's memory resident (memory_lock.hpp).
  bool lock_memory = false;
  // -ORBYieldAfterBatch: a connection's reader yields its CPU after serving two or more
  // messages from one read (transport::ConnectionOptions::yield_after_batch).
  bool yield_after_batch = true;
  // -ORBPreconnect: string_to_object opens every connection a reference will use (one per
  // lane or priority band, as _validate_connection does), so no first call pays a connect.
  bool preconnect = false;
  // -ORBSocketOptions: what the sockets of the -ORBEndpoint acceptors and of client
  // connections are set up with (a thread pool's lanes may get others, docs/rt.md).
  transport::SocketOptions socket_options = default_socket_options();

  // Not an argument: set by ORB_init (src/runtime) to the POA's factory.
  AdapterFactory adapter_factory;
  // Not arguments: what the layers above the POA (src/runtime wires rt) do to a new ORB
  // before ORB_init returns it: register initial references, policy handlers, lanes.
  std::vector<std::function<void(OrbContext&)>> initializers;
  // Not options: what ORB_init left in argv for the program (ORBInitInfo::arguments).
  std::vector<std::string> arguments;
};

// True when a message of `size` bytes is to be sent as GIOP fragments (-ORBFragmentSize).
inline bool sends_fragmented(const OrbOptions& options, std::size_t size) noexcept {
  return options.fragment_size != 0 && size > options.fragment_size;
}

// Adds the core's options to `table`, each stored into `options` (whose values are the
// defaults the table shows).
void add_core_options(OptionTable& table, OrbOptions& options);

// Reads argv once against the core's options and those `layers` register, then applies
// each layer's setup (in the order given) to the result, as read_orb_arguments() says: consumed options
// leave argv, the other arguments stay in order. Raises BAD_PARAM naming the option and the
// value: bad_param_bad_orb_option for an unknown -ORB option (its message ending with
// `unknown_option_hint` in parentheses, when not empty), a missing value or a bad core
// value; a layer's own minor for its options' values.
OrbOptions parse_orb_arguments(int& argc, char* argv[],
                               std::span<const RegisterLayer> layers = {},
                               std::string unknown_option_hint = {});

}  // namespace rtorb::orb
