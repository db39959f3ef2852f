// The ORB core's entries in the -ORB option table, and ORB_init's one reading of argv.
#include "core/orb_options.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <algorithm>
#include <limits>
#include <string_view>

#include "base/ascii.hpp"
#include "base/logger.hpp"

namespace rtorb::orb {
namespace {

constexpr auto max_u32 = std::numeric_limits<std::uint32_t>::max();
constexpr auto max_i32 = static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max());
constexpr std::uint32_t bad_orb_option = minor::bad_param_bad_orb_option;

transport::Endpoint listen_endpoint(std::string_view text) {
  try {
    return transport::parse_endpoint(text);
  } catch (const CORBA::BAD_PARAM& e) {
    throw BadOptionValue{"is not an endpoint: " + e.detail()};
  }
}

// An octal permission mode such as 0660 (the leading 0 optional), at most 0777.
std::uint32_t read_file_mode(std::string_view text) {
  std::uint32_t mode = 0;
  for (const char c : text) {
    if (c < '0' || c > '7' || mode > 0777) {
      throw BadOptionValue{"is not an octal mode such as 0660"};
    }
    mode = mode * 8 + static_cast<std::uint32_t>(c - '0');
  }
  if (text.empty() || mode > 0777 || mode == 0) {
    throw BadOptionValue{"is not an octal mode from 1 to 0777 such as 0660"};
  }
  return mode;
}

// Several endpoints may share one value, separated by spaces or ';' (TAO's form).
void add_endpoints(OrbOptions& o, std::string_view value) {
  std::size_t pos = 0;
  while (pos < value.size()) {
    const std::size_t end = std::min(value.find_first_of(" ;", pos), value.size());
    if (end > pos) o.endpoints.push_back(listen_endpoint(value.substr(pos, end - pos)));
    pos = end + 1;
  }
  if (o.endpoints.empty()) throw BadOptionValue{"names no endpoint"};
}

void add_initial_reference(OrbOptions& o, std::string_view value) {
  const std::size_t eq = value.find('=');
  if (eq == 0 || eq == std::string_view::npos || eq + 1 == value.size()) {
    throw BadOptionValue{"is not Name=reference"};
  }
  o.initial_references.emplace_back(value.substr(0, eq), value.substr(eq + 1));
}

void set_server_threads(OrbOptions& o, std::string_view value) {
  o.thread_per_connection = equals_ignoring_case(value, "per_connection") ||
                            equals_ignoring_case(value, "per-connection");
  o.server_threads = o.thread_per_connection ? 1 : read_number(value, 0, 1024);
}

// yes and thru_poa: through the POA; direct: straight to the servant where allowed.
void set_collocation(OrbOptions& o, std::string_view value) {
  const bool direct = equals_ignoring_case(value, "direct");
  if (direct || equals_ignoring_case(value, "thru_poa")) {
    o.collocation = true;
  } else if (const auto on = read_yes_no(value)) {
    o.collocation = *on;
  } else {
    throw BadOptionValue{"is not yes, no, thru_poa or direct"};
  }
  o.collocation_direct = direct;
}

// Sets `key` to `v`; false when there is no such key. Throws BadOptionValue for a bad value.
bool set_socket_option(transport::SocketOptions& s, std::string_view key, std::string_view v) {
  const auto flag = [&] {
    const auto on = read_yes_no(v);
    if (!on) throw BadOptionValue{"is not yes or no"};
    return *on;
  };
  if (key == "send_buffer") {
    s.send_buffer_size = static_cast<int>(read_number(v, 0, max_i32));
  } else if (key == "recv_buffer") {
    s.recv_buffer_size = static_cast<int>(read_number(v, 0, max_i32));
  } else if (key == "no_delay") {
    s.no_delay = flag();
  } else if (key == "keep_alive") {
    s.keep_alive = flag();
  } else if (key == "keep_alive_idle") {
    s.keep_alive_idle_s = static_cast<int>(read_number(v, 1, 32767));  // the kernel's limit
  } else if (key == "keep_alive_interval") {
    s.keep_alive_interval_s = static_cast<int>(read_number(v, 1, 32767));
  } else if (key == "keep_alive_count") {
    s.keep_alive_count = static_cast<int>(read_number(v, 1, 127));
  } else if (key == "user_timeout") {
    s.user_timeout_ms = static_cast<int>(read_number(v, 0, max_i32));
  } else if (key == "dont_route") {
    s.dont_route = flag();
  } else if (key == "dscp") {
    s.dscp = static_cast<int>(read_number(v, 0, 63));
  } else {
    return false;
  }
  return true;
}

// -ORBSocketOptions: comma-separated key=value pairs.
void set_socket_options(OrbOptions& o, std::string_view value) {
  transport::SocketOptions s = default_socket_options();
  std::size_t pos = 0;
  while (pos <= value.size()) {
    const std::size_t end = std::min(value.find(',', pos), value.size());
    const std::string_view item = value.substr(pos, end - pos);
    pos = end + 1;
    if (item.empty()) continue;
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos) {
      throw BadOptionValue{"has '" + std::string(item) + "', not key=value"};
    }
    const std::string_view key = item.substr(0, eq);
    bool known = false;
    try {
      known = set_socket_option(s, key, item.substr(eq + 1));
    } catch (const BadOptionValue& bad) {
      throw BadOptionValue{"has " + std::string(item) + ", whose value " + bad.why};
    }
    if (!known) {
      throw BadOptionValue{"has unknown key '" + std::string(key) +
                           "' (send_buffer, recv_buffer, no_delay, keep_alive, keep_alive_idle, "
                           "keep_alive_interval, keep_alive_count, user_timeout, dont_route, dscp)"};
    }
  }
  o.socket_options = s;
}

// A number in [0, 2^32): 0 never fragments, and a fragment holds at least 64 bytes.
OptionValue fragment_size_value(OrbOptions& o) {
  OptionValue value = number_into(o.fragment_size, 0, max_u32);
  auto& number = std::get<NumberValue>(value.kind);
  number.store = [store = std::move(number.store)](std::uint64_t n) {
    if (n != 0 && n < 64) throw BadOptionValue{"is neither 0 (never fragment) nor at least 64"};
    store(n);
  };
  return value;
}

void add_server_options(OptionTable& t, OrbOptions& o) {
  t.add({"Endpoint", "iiop://host:port", "`iiop://127.0.0.1:0`", "Where the server listens.",
         bad_orb_option, parsed_by([&o](std::string_view v) { add_endpoints(o, v); }),
         "ListenEndpoints"});
  t.add({"UnixSocketMode", "octal", "what the umask leaves",
         "The permission bits of the socket files of `uiop://` endpoints.", bad_orb_option,
         parsed_by([&o](std::string_view v) { o.unix_socket_mode = read_file_mode(v); })});
  t.add({"GIOPVersion", "1.0|1.1|1.2", {},
         "The IIOP version the server writes into its references", bad_orb_option,
         one_of_into(o.giop_version,
                {{"1.0", giop::giop_1_0}, {"1.1", giop::giop_1_1}, {"1.2", giop::giop_1_2}})});
  t.add({"ServerThreads", "n|per_connection", "`0`", "How the server serves requests.",
         bad_orb_option, parsed_by([&o](std::string_view v) { set_server_threads(o, v); })});
  t.add({"MaxThreadsPerConnection", "n", {},
         "How many requests of one connection a pool or a lane serves at once", bad_orb_option,
         number_into(o.max_threads_per_connection, 1, 1024)});
  t.add({"HoldingQueueBound", "n", {},
         "How many requests a POA manager in the HOLDING state keeps waiting", bad_orb_option,
         number_into(o.holding_queue_bound, 0, max_u32)});
  t.add({"Collocation", "yes|no|thru_poa|direct", "`yes`",
         "Calls to objects served by the same ORB.", bad_orb_option,
         parsed_by([&o](std::string_view v) { set_collocation(o, v); })});
  t.add({"YieldAfterBatch", "yes|no", {},
         "A thread that read two or more messages at once from a connection gives up its CPU",
         bad_orb_option, yes_no_into(o.yield_after_batch)});
}

void add_reference_options(OptionTable& t, OrbOptions& o) {
  t.add({"InitRef", "Name=reference", "none",
         "`resolve_initial_references(\"Name\")` returns this reference.", bad_orb_option,
         parsed_by([&o](std::string_view v) { add_initial_reference(o, v); })});
  t.add({"DefaultInitRef", "prefix", "none",
         "For a name not known otherwise, `resolve_initial_references(\"Name\")` uses "
         "`prefix/Name`",
         bad_orb_option, text_into(o.default_initial_reference)});
  t.add({"Id", "id", {}, "The ORB id when the program passes none to `ORB_init`.",
         bad_orb_option, text_into(o.orb_id)});
  t.add({"Preconnect", "yes|no", {},
         "`yes`: `string_to_object` opens the connections the new reference will use",
         bad_orb_option, yes_no_into(o.preconnect)});
}

void add_client_options(OptionTable& t, OrbOptions& o) {
  t.add({"ClientStrategy", "exclusive|multiplexed", {}, "How client calls share connections.",
         bad_orb_option,
         one_of_into(o.client_strategy, {{"exclusive", ClientStrategy::exclusive},
                                         {"multiplexed", ClientStrategy::multiplexed}})});
  t.add({"MaxConnections", "n", {}, "The most client connections the ORB keeps open.",
         bad_orb_option, number_into(o.max_connections, 1, max_u32)});
  t.add({"ConnectionIdleTimeout", "ms", {},
         "Client connections unused for this long are closed", bad_orb_option,
         milliseconds_into(o.connection_idle_timeout, 0, max_u32)});
  t.add({"ConnectTimeout", "ms", {},
         "How long a client waits for a connection to one address of a server", bad_orb_option,
         milliseconds_into(o.connect_timeout, 1, max_u32)});
  t.add({"ReplyTimeout", "ms", {}, "How long a client waits for a reply.", bad_orb_option,
         milliseconds_into(o.reply_timeout, 0, max_u32)});
  t.add({"OnewayBufferSize", "bytes", {}, "The most bytes of buffered SYNC_NONE oneways",
         bad_orb_option, number_into(o.oneway_buffer_size, 1024, max_u32)});
  t.add({"SocketOptions", "key=value,...", "none",
         "How the sockets of the `-ORBEndpoint` listeners and of client connections are set up",
         bad_orb_option, parsed_by([&o](std::string_view v) { set_socket_options(o, v); })});
}

void add_message_options(OptionTable& t, OrbOptions& o) {
  t.add({"MaxMessageSize", "bytes", {}, "The largest GIOP message sent or accepted.",
         bad_orb_option, number_into(o.max_message_size, 1024, max_u32)});
  t.add({"FragmentSize", "bytes", {},
         "The size of the GIOP fragments a larger message is sent in.", bad_orb_option,
         fragment_size_value(o)});
}

// -ORBLogCategories calls,requests: the categories logged whatever -ORBDebugLevel says.
void set_log_categories(OrbOptions& o, std::string_view value) {
  std::uint32_t categories = 0;
  std::size_t pos = 0;
  while (pos <= value.size()) {
    const std::size_t end = std::min(value.find(',', pos), value.size());
    const std::string_view name = value.substr(pos, end - pos);
    pos = end + 1;
    if (name.empty()) continue;
    const auto category = log_category_named(name);
    if (!category) {
      throw BadOptionValue{"has unknown category '" + std::string(name) +
                           "' (errors, connections, exceptions, requests, calls)"};
    }
    categories |= log_category_bit(*category);
  }
  o.log_categories = categories;
}

void add_process_options(OptionTable& t, OrbOptions& o) {
  t.add({"LockMemory", "yes|no", {},
         "`yes`: at `ORB_init`, set the process up for real-time use", bad_orb_option,
         yes_no_into(o.lock_memory)});
  t.add({"DebugLevel", "0-10", {}, "What the ORB logs", bad_orb_option,
         number_into(o.debug_level, 0, 10)});
  t.add({"LogCategories", "category,...", "none",
         "Also log these categories, whatever `-ORBDebugLevel` says", bad_orb_option,
         parsed_by([&o](std::string_view v) { set_log_categories(o, v); })});
  t.add({"LogFile", "path", "stderr", "Append the log to `path`", bad_orb_option,
         text_into(o.log_file, false)});
}

// Said here rather than by the first reference: the profile that would say "GIOPlite"
// cannot carry a component in IIOP 1.0.
void check_giop_lite_endpoints(const OrbOptions& options) {
  for (const auto& endpoint : options.endpoints) {
    if (endpoint.giop_lite && options.giop_version.minor == 0) {
      raise<CORBA::BAD_PARAM>(minor::bad_param_bad_orb_option,
                              "-ORBEndpoint: '" + transport::format_endpoint(endpoint) +
                                  "' is giop_lite, which needs -ORBGIOPVersion 1.1 or 1.2");
    }
  }
}

}  // namespace

void add_core_options(OptionTable& table, OrbOptions& options) {
  add_server_options(table, options);
  add_reference_options(table, options);
  add_client_options(table, options);
  add_message_options(table, options);
  add_process_options(table, options);
}

OrbOptions parse_orb_arguments(int& argc, char* argv[], std::span<const RegisterLayer> layers,
                               std::string unknown_option_hint) {
  OrbOptions options;
  OptionTable table;
  table.set_unknown_option_hint(std::move(unknown_option_hint));
  add_core_options(table, options);
  std::vector<LayerSetup> setups;
  for (const RegisterLayer register_layer : layers) setups.push_back(register_layer(table));
  read_orb_arguments(table, argc, argv);
  check_giop_lite_endpoints(options);
  for (const LayerSetup& setup : setups) {
    if (setup) setup(options);
  }
  return options;
}

}  // namespace rtorb::orb
