// The one table of -ORB options: every layer adds its own entries, one parser reads argv.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace rtorb::orb {

// Thrown by an option's store function when it refuses a value; the parser turns it into
// BAD_PARAM naming the option and the value. `why` follows the quoted value: "is not ...".
// `minor`, when given, replaces the entry's (a value checked by a lower layer keeps the
// minor code that layer gives it).
struct BadOptionValue {
  std::string why;
  std::optional<std::uint32_t> minor = std::nullopt;
};

// The kinds of value an option takes, each with its range and how it is stored.
struct NumberValue {  // a decimal number in [min, max]
  std::uint64_t min = 0;
  std::uint64_t max = 0;
  std::function<void(std::uint64_t)> store;
};
struct YesNoValue {  // yes|no, also 1|0 and true|false
  std::function<void(bool)> store;
};
struct WordValue {  // one of `words` (any letter case); store gets its index
  std::vector<std::string_view> words;
  std::function<void(std::size_t)> store;
};
struct TextValue {  // anything its store accepts (it throws BadOptionValue otherwise)
  std::function<void(std::string_view)> store;
};
struct OptionValue {
  std::variant<NumberValue, YesNoValue, WordValue, TextValue> kind;
  // What the store target held when the entry was made (its default), as help writes it;
  // empty when the store function keeps no single value.
  std::string current;
};

struct OrbOption {
  std::string_view name;    // what follows "-ORB": "DebugLevel"
  std::string_view syntax;  // the value as help writes it: "0-10", "yes|no", "ms"
  // What the option is when not given, as the guide's default column starts: "`0`",
  // "none". Empty: the value its store target held when the entry was made.
  std::string default_text;
  std::string_view help;   // one line; the guide's description of the option starts with it
  std::uint32_t minor;     // of the BAD_PARAM a bad value raises
  OptionValue value;
  std::string_view alias = {};  // another name for the same option, or empty
};

class OptionTable {
 public:
  // Adds `option`, filling in its default text from its value's current state.
  void add(OrbOption option);
  // The entry named `name` (or whose alias it is) in any letter case, or nullptr.
  const OrbOption* find(std::string_view name) const noexcept;
  const std::vector<OrbOption>& options() const noexcept { return options_; }
  // Said after "unknown option": where the option might have come from (a layer the
  // program does not link, say). Empty: nothing is added.
  void set_unknown_option_hint(std::string hint) { unknown_option_hint_ = std::move(hint); }
  const std::string& unknown_option_hint() const noexcept { return unknown_option_hint_; }

 private:
  std::vector<OrbOption> options_;
  std::string unknown_option_hint_;
};

// Consumes every argument that names an option of `table` ("-ORBName value" or
// "-ORBName=value", the name in any letter case) or starts with "-ORB", stores each value
// through its entry and removes them from argv, adjusting argc (the rest stay in order and
// argv[argc] onwards become null). Raises BAD_PARAM: bad_param_bad_orb_option for an
// unknown -ORB option or a missing value, the entry's minor for a bad value; what()
// names the option and the value.
void read_orb_arguments(const OptionTable& table, int& argc, char* argv[]);

// Entry builders: each stores into `field`, which holds the default while the table is
// made, so the table shows it.
template <class Field>
OptionValue number_into(Field& field, std::uint64_t min, std::uint64_t max) {
  return {NumberValue{min, max, [&field](std::uint64_t n) { field = static_cast<Field>(n); }},
          std::to_string(field)};
}
OptionValue milliseconds_into(std::chrono::milliseconds& field, std::uint64_t min,
                              std::uint64_t max);
OptionValue yes_no_into(bool& field);
template <class Field>
OptionValue one_of_into(Field& field,
                        std::initializer_list<std::pair<std::string_view, Field>> words) {
  WordValue value;
  std::vector<Field> fields;
  std::string current;
  for (const auto& [word, f] : words) {
    value.words.push_back(word);
    fields.push_back(f);
    if (f == field && current.empty()) current = word;
  }
  value.store = [&field, fields](std::size_t i) { field = fields[i]; };
  return {std::move(value), std::move(current)};
}
// A value as it is given; `may_be_empty` false refuses "".
OptionValue text_into(std::string& field, bool may_be_empty = true);
OptionValue parsed_by(std::function<void(std::string_view)> store);

// For store functions that read compound values: a number in [min, max], yes/no.
std::uint64_t read_number(std::string_view text, std::uint64_t min, std::uint64_t max);
std::optional<bool> read_yes_no(std::string_view text) noexcept;

}  // namespace rtorb::orb
