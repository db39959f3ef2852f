// The one -ORB option parser: finds each argument's entry in the table and stores its value.
#include "core/option_table.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <charconv>

#include "base/ascii.hpp"

namespace rtorb::orb {
namespace {

constexpr std::string_view orb_prefix = "-ORB";

[[noreturn]] void bad_argument(std::uint32_t minor, std::string_view name,
                               const std::string& why) {
  raise<CORBA::BAD_PARAM>(minor, std::string(orb_prefix) + std::string(name) + ": " + why);
}

// "a, b or c"
std::string either(const std::vector<std::string_view>& words) {
  std::string text;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) text += i + 1 == words.size() ? " or " : ", ";
    text += words[i];
  }
  return text;
}

// Checks `text` against an entry's kind of value and stores it, or throws BadOptionValue.
struct StoreValue {
  std::string_view text;

  void operator()(const NumberValue& v) const { v.store(read_number(text, v.min, v.max)); }
  void operator()(const YesNoValue& v) const {
    const auto on = read_yes_no(text);
    if (!on) throw BadOptionValue{"is not yes or no"};
    v.store(*on);
  }
  void operator()(const WordValue& v) const {
    for (std::size_t i = 0; i < v.words.size(); ++i) {
      if (equals_ignoring_case(text, v.words[i])) return v.store(i);
    }
    throw BadOptionValue{"is not " + either(v.words)};
  }
  void operator()(const TextValue& v) const { v.store(text); }
};

// An argument that may be an option: the name after "-ORB" (any letter case) and the value
// written after '=', if any.
struct OptionArgument {
  std::string_view name;
  std::optional<std::string_view> value;
  bool exact_prefix = false;  // spelled "-ORB", so it is an option even when unknown
};

std::optional<OptionArgument> option_argument(std::string_view arg) {
  if (arg.size() <= orb_prefix.size() || !starts_with_ignoring_case(arg, orb_prefix)) {
    return std::nullopt;
  }
  OptionArgument argument{arg.substr(orb_prefix.size()), std::nullopt,
                          arg.starts_with(orb_prefix)};
  if (const std::size_t eq = argument.name.find('='); eq != std::string_view::npos) {
    argument.value = argument.name.substr(eq + 1);
    argument.name = argument.name.substr(0, eq);
  }
  return argument;
}

// The name the option was found by, as the table spells it.
std::string_view table_name(const OrbOption& option, std::string_view given) noexcept {
  return !option.alias.empty() && equals_ignoring_case(given, option.alias) ? option.alias
                                                                            : option.name;
}

}  // namespace

void OptionTable::add(OrbOption option) {
  if (option.default_text.empty() && !option.value.current.empty()) {
    option.default_text = "`" + option.value.current + "`";
  }
  options_.push_back(std::move(option));
}

const OrbOption* OptionTable::find(std::string_view name) const noexcept {
  for (const OrbOption& option : options_) {
    if (equals_ignoring_case(name, option.name) ||
        (!option.alias.empty() && equals_ignoring_case(name, option.alias))) {
      return &option;
    }
  }
  return nullptr;
}

void read_orb_arguments(const OptionTable& table, int& argc, char* argv[]) {
  int out = argc > 0 ? 1 : 0;  // argv[0] is the program
  for (int i = out; i < argc; ++i) {
    const auto argument = option_argument(argv[i]);
    const OrbOption* option = argument ? table.find(argument->name) : nullptr;
    if (option == nullptr) {
      if (argument && argument->exact_prefix) {
        const std::string& hint = table.unknown_option_hint();
        bad_argument(minor::bad_param_bad_orb_option, argument->name,
                     hint.empty() ? "unknown option" : "unknown option (" + hint + ")");
      }
      argv[out++] = argv[i];
      continue;
    }
    const std::string_view name = table_name(*option, argument->name);
    if (!argument->value && i + 1 >= argc) bad_argument(option->minor, name, "missing value");
    const std::string_view value = argument->value ? *argument->value : argv[++i];
    try {
      std::visit(StoreValue{value}, option->value.kind);
    } catch (const BadOptionValue& bad) {
      bad_argument(bad.minor.value_or(option->minor), name,
                   "'" + std::string(value) + "' " + bad.why);
    }
  }
  for (int i = out; i < argc; ++i) argv[i] = nullptr;
  argc = out;
}

OptionValue milliseconds_into(std::chrono::milliseconds& field, std::uint64_t min,
                              std::uint64_t max) {
  return {NumberValue{min, max,
                      [&field](std::uint64_t n) {
                        field = std::chrono::milliseconds(static_cast<std::int64_t>(n));
                      }},
          std::to_string(field.count())};
}

OptionValue yes_no_into(bool& field) {
  return {YesNoValue{[&field](bool on) { field = on; }}, field ? "yes" : "no"};
}

OptionValue text_into(std::string& field, bool may_be_empty) {
  return {TextValue{[&field, may_be_empty](std::string_view value) {
            if (value.empty() && !may_be_empty) throw BadOptionValue{"is empty"};
            field = value;
          }},
          field.empty() ? std::string("\"\"") : field};
}

OptionValue parsed_by(std::function<void(std::string_view)> store) {
  return {TextValue{std::move(store)}, {}};
}

std::uint64_t read_number(std::string_view text, std::uint64_t min, std::uint64_t max) {
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || n < min ||
      n > max) {
    throw BadOptionValue{"is not a number in [" + std::to_string(min) + ", " +
                         std::to_string(max) + "]"};
  }
  return n;
}

std::optional<bool> read_yes_no(std::string_view text) noexcept {
  if (equals_ignoring_case(text, "yes") || text == "1" || equals_ignoring_case(text, "true")) {
    return true;
  }
  if (equals_ignoring_case(text, "no") || text == "0" || equals_ignoring_case(text, "false")) {
    return false;
  }
  return std::nullopt;
}

}  // namespace rtorb::orb
