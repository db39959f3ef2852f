// The --dispatching and full-policy spellings.
#include <rtorb/events/dispatching.hpp>

#include <charconv>

namespace rtorb::events {

std::optional<DispatchingOptions> parse_dispatching(std::string_view text) {
  DispatchingOptions options;
  if (text == "reactive") return options;
  if (text == "priority") {
    options.mode = DispatchingMode::priority;
    return options;
  }
  constexpr std::string_view pool = "pool:";
  if (text.substr(0, pool.size()) != pool) return std::nullopt;
  const std::string_view count = text.substr(pool.size());
  std::uint32_t threads = 0;
  const auto [end, error] = std::from_chars(count.data(), count.data() + count.size(), threads);
  if (error != std::errc() || end != count.data() + count.size() || threads < 1 || threads > 256) {
    return std::nullopt;
  }
  options.mode = DispatchingMode::pool;
  options.pool_threads = threads;
  return options;
}

std::optional<FullPolicy> parse_full_policy(std::string_view text) {
  if (text == "block") return FullPolicy::block;
  if (text == "drop-oldest") return FullPolicy::drop_oldest;
  if (text == "drop-newest") return FullPolicy::drop_newest;
  return std::nullopt;
}

std::string to_string(DispatchingMode mode) {
  switch (mode) {
    case DispatchingMode::reactive: return "reactive";
    case DispatchingMode::pool: return "pool";
    case DispatchingMode::priority: return "priority";
  }
  return "?";
}

std::string to_string(FullPolicy policy) {
  switch (policy) {
    case FullPolicy::block: return "block";
    case FullPolicy::drop_oldest: return "drop-oldest";
    case FullPolicy::drop_newest: return "drop-newest";
  }
  return "?";
}

}  // namespace rtorb::events
