// rtorb-event-service's argument parser.
#include "service_arguments.hpp"

#include <charconv>
#include <iostream>
#include <string_view>

namespace rtorb::events::tool {

namespace {

bool fail(const std::string& why) {
  std::cerr << "rtorb-event-service: " << why << '\n' << usage;
  return false;
}

bool parse_size(std::string_view text, std::size_t& out) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
  return error == std::errc() && end == text.data() + text.size() && out > 0 && out <= (1U << 20);
}

bool apply(std::string_view option, std::string_view value, ServiceArguments& out) {
  if (option == "--ior-file") {
    out.ior_file = value;
  } else if (option == "--cos-ior-file") {
    out.cos_ior_file = value;
  } else if (option == "--state-file") {
    out.state_file = value;
  } else if (option == "--dispatching") {
    auto parsed = parse_dispatching(value);
    if (!parsed) return fail("--dispatching takes reactive, pool:N (1..256) or priority, not '" + std::string(value) + "'");
    out.dispatching.mode = parsed->mode;
    out.dispatching.pool_threads = parsed->pool_threads;
  } else if (option == "--queue-size") {
    if (!parse_size(value, out.dispatching.queue_capacity)) return fail("--queue-size takes 1..1048576");
  } else if (option == "--push-timeout") {
    std::size_t ms = 0;
    if (value != "0" && !parse_size(value, ms)) return fail("--push-timeout takes milliseconds, 0..1048576");
    out.push_timeout = std::chrono::milliseconds(ms);
  } else {  // --full-policy
    auto policy = parse_full_policy(value);
    if (!policy) return fail("--full-policy takes block, drop-oldest or drop-newest");
    out.dispatching.full_policy = *policy;
  }
  return true;
}

}  // namespace

std::optional<ServiceArguments> parse_arguments(int argc, char* argv[]) {
  ServiceArguments out;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--naming") {
      out.naming = true;
    } else if (arg == "--ior-file" || arg == "--cos-ior-file" || arg == "--dispatching" ||
               arg == "--queue-size" || arg == "--full-policy" || arg == "--push-timeout" ||
               arg == "--state-file") {
      if (i + 1 >= argc) {
        fail(std::string(arg) + " needs a value");
        return std::nullopt;
      }
      if (!apply(arg, argv[++i], out)) return std::nullopt;
    } else {
      fail("unknown argument '" + std::string(arg) + "'");
      return std::nullopt;
    }
  }
  return out;
}

}  // namespace rtorb::events::tool
