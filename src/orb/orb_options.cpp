#include "orb/orb_options.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <optional>
#include <string_view>

namespace rtorb::orb {
namespace {

[[noreturn]] void bad_option(std::string_view name, std::string_view why) {
  raise<CORBA::BAD_PARAM>(minor::bad_param_bad_orb_option,
                          "-ORB" + std::string(name) + ": " + std::string(why));
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

std::uint64_t parse_number(std::string_view name, std::string_view value, std::uint64_t max) {
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (ec != std::errc{} || end != value.data() + value.size() || value.empty() || n > max) {
    bad_option(name, "'" + std::string(value) + "' is not a number in [0, " +
                         std::to_string(max) + "]");
  }
  return n;
}

std::optional<bool> yes_no(std::string_view value) {
  if (equals_ignoring_case(value, "yes") || value == "1" || equals_ignoring_case(value, "true"))
    return true;
  if (equals_ignoring_case(value, "no") || value == "0" || equals_ignoring_case(value, "false"))
    return false;
  return std::nullopt;
}

transport::Endpoint parse_listen_endpoint(std::string_view name, std::string_view value) {
  try {
    return transport::parse_endpoint(value);
  } catch (const CORBA::BAD_PARAM& e) {
    bad_option(name, e.detail());
  }
}

// -ORBSocketOptions: comma-separated key=value pairs (docs/orb.md).
transport::SocketOptions parse_socket_options(std::string_view name, std::string_view value) {
  transport::SocketOptions s;
  constexpr auto max_i32 = static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max());
  std::size_t pos = 0;
  while (pos <= value.size()) {
    const std::size_t end = std::min(value.find(',', pos), value.size());
    const std::string_view item = value.substr(pos, end - pos);
    pos = end + 1;
    if (item.empty()) continue;
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos) bad_option(name, "'" + std::string(item) + "' is not key=value");
    const std::string_view key = item.substr(0, eq);
    const std::string_view v = item.substr(eq + 1);
    const auto flag = [&] {
      const auto on = yes_no(v);
      if (!on) bad_option(name, std::string(key) + ": '" + std::string(v) + "' is not yes or no");
      return *on;
    };
    if (key == "send_buffer") {
      s.send_buffer_size = static_cast<int>(parse_number(name, v, max_i32));
    } else if (key == "recv_buffer") {
      s.recv_buffer_size = static_cast<int>(parse_number(name, v, max_i32));
    } else if (key == "no_delay") {
      s.no_delay = flag();
    } else if (key == "keep_alive") {
      s.keep_alive = flag();
    } else if (key == "dont_route") {
      s.dont_route = flag();
    } else if (key == "dscp") {
      s.dscp = static_cast<int>(parse_number(name, v, 63));
    } else {
      bad_option(name, "unknown key '" + std::string(key) +
                           "' (send_buffer, recv_buffer, no_delay, keep_alive, dont_route, dscp)");
    }
  }
  return s;
}

void apply(OrbOptions& o, std::string_view name, std::string_view value) {
  constexpr auto max_u32 = std::numeric_limits<std::uint32_t>::max();
  const auto is = [&](std::string_view n) { return equals_ignoring_case(name, n); };
  if (is("Id")) {
    o.orb_id = value;
  } else if (is("Endpoint") || is("ListenEndpoints")) {
    // Several endpoints may share one value, separated by spaces or ';' (TAO's form).
    std::size_t pos = 0;
    while (pos < value.size()) {
      const std::size_t end = std::min(value.find_first_of(" ;", pos), value.size());
      if (end > pos)
        o.endpoints.push_back(parse_listen_endpoint(name, value.substr(pos, end - pos)));
      pos = end + 1;
    }
    if (o.endpoints.empty()) bad_option(name, "no endpoint given");
  } else if (is("InitRef")) {
    const std::size_t eq = value.find('=');
    if (eq == 0 || eq == std::string_view::npos || eq + 1 == value.size())
      bad_option(name, "'" + std::string(value) + "' is not Name=reference");
    o.initial_references.emplace_back(std::string(value.substr(0, eq)),
                                      std::string(value.substr(eq + 1)));
  } else if (is("DefaultInitRef")) {
    o.default_initial_reference = value;
  } else if (is("DebugLevel")) {
    o.debug_level = static_cast<int>(parse_number(name, value, 10));
  } else if (is("LogFile")) {
    if (value.empty()) bad_option(name, "no file given");
    o.log_file = value;
  } else if (is("ServerThreads")) {
    o.thread_per_connection =
        equals_ignoring_case(value, "per_connection") || equals_ignoring_case(value, "per-connection");
    o.server_threads = o.thread_per_connection ? 1 : parse_number(name, value, 1024);
  } else if (is("ClientStrategy")) {
    if (equals_ignoring_case(value, "exclusive")) {
      o.client_strategy = ClientStrategy::exclusive;
    } else if (equals_ignoring_case(value, "multiplexed")) {
      o.client_strategy = ClientStrategy::multiplexed;
    } else {
      bad_option(name, "'" + std::string(value) + "' is not exclusive or multiplexed");
    }
  } else if (is("MaxConnections")) {
    o.max_connections = parse_number(name, value, max_u32);
    if (o.max_connections == 0) bad_option(name, "must be at least 1");
  } else if (is("ConnectionIdleTimeout")) {
    o.connection_idle_timeout = std::chrono::milliseconds(parse_number(name, value, max_u32));
  } else if (is("MaxMessageSize")) {
    o.max_message_size = static_cast<std::uint32_t>(parse_number(name, value, max_u32));
    if (o.max_message_size < 1024) bad_option(name, "must be at least 1024");
  } else if (is("FragmentSize")) {
    o.fragment_size = parse_number(name, value, max_u32);
    if (o.fragment_size != 0 && o.fragment_size < 64)
      bad_option(name, "must be 0 (never fragment) or at least 64");
  } else if (is("ReplyTimeout")) {
    o.reply_timeout = std::chrono::milliseconds(parse_number(name, value, max_u32));
  } else if (is("ConnectTimeout")) {
    o.connect_timeout = std::chrono::milliseconds(parse_number(name, value, max_u32));
    if (o.connect_timeout.count() == 0) bad_option(name, "must be at least 1 (milliseconds)");
  } else if (is("Collocation")) {
    // yes and thru_poa: through the POA; direct: straight to the servant where allowed.
    const bool direct = equals_ignoring_case(value, "direct");
    if (direct || equals_ignoring_case(value, "thru_poa")) {
      o.collocation = true;
    } else if (const auto on = yes_no(value)) {
      o.collocation = *on;
    } else {
      bad_option(name, "'" + std::string(value) + "' is not yes, no, thru_poa or direct");
    }
    o.collocation_direct = direct;
  } else if (is("HoldingQueueBound")) {
    o.holding_queue_bound = parse_number(name, value, max_u32);
  } else if (is("Preconnect")) {
    const auto on = yes_no(value);
    if (!on) bad_option(name, "'" + std::string(value) + "' is not yes or no");
    o.preconnect = *on;
  } else if (is("LockMemory")) {
    const auto on = yes_no(value);
    if (!on) bad_option(name, "'" + std::string(value) + "' is not yes or no");
    o.lock_memory = *on;
  } else if (is("YieldAfterBatch")) {
    const auto on = yes_no(value);
    if (!on) bad_option(name, "'" + std::string(value) + "' is not yes or no");
    o.yield_after_batch = *on;
  } else if (is("SocketOptions")) {
    o.socket_options = parse_socket_options(name, value);
  } else if (is("GIOPVersion")) {
    if (value == "1.0") {
      o.giop_version = giop::giop_1_0;
    } else if (value == "1.1") {
      o.giop_version = giop::giop_1_1;
    } else if (value == "1.2") {
      o.giop_version = giop::giop_1_2;
    } else {
      bad_option(name, "'" + std::string(value) + "' is not 1.0, 1.1 or 1.2");
    }
  } else {
    bad_option(name, "unknown option");
  }
}

}  // namespace

OrbOptions parse_orb_arguments(int& argc, char* argv[]) {
  OrbOptions options;
  int out = argc > 0 ? 1 : 0;  // argv[0] is the program
  for (int i = out; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.size() <= 4 || arg.substr(0, 4) != "-ORB") {
      argv[out++] = argv[i];
      continue;
    }
    std::string_view name = arg.substr(4);
    std::string_view value;
    if (const std::size_t eq = name.find('='); eq != std::string_view::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    } else {
      if (i + 1 >= argc) bad_option(name, "missing value");
      value = argv[++i];
    }
    apply(options, name, value);
  }
  for (int i = out; i < argc; ++i) argv[i] = nullptr;
  argc = out;
  // Said here rather than by the first reference: the profile that would say "GIOPlite"
  // cannot carry a component in IIOP 1.0.
  for (const auto& endpoint : options.endpoints) {
    if (endpoint.giop_lite && options.giop_version.minor == 0) {
      bad_option("Endpoint", transport::format_endpoint(endpoint) +
                                 ": a giop_lite endpoint needs -ORBGIOPVersion 1.1 or 1.2");
    }
  }
  return options;
}

}  // namespace rtorb::orb
