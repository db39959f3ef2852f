// The task file's parser: lines to tokens with their columns, tokens to tasks and calls,
// every problem reported with its place.
#include <array>
#include <charconv>
#include <rtorb/scheduling/task_file.hpp>
#include <unordered_set>
#include <utility>

namespace rtorb::scheduling {
namespace {

struct Token {
  std::string_view text;
  std::size_t column;
};

std::vector<Token> tokens_of(std::string_view line) {
  std::vector<Token> out;
  std::size_t at = 0;
  while (at < line.size()) {
    if (line[at] == '#') break;
    if (line[at] == ' ' || line[at] == '\t' || line[at] == '\r') {
      ++at;
      continue;
    }
    const std::size_t start = at;
    while (at < line.size() && line[at] != ' ' && line[at] != '\t' && line[at] != '\r' &&
           line[at] != '#')
      ++at;
    out.push_back({line.substr(start, at - start), start + 1});
  }
  return out;
}

// A decimal with an optional sign and fraction, as an exact fraction of `scale`.
std::optional<ExactTime> decimal(std::string_view text, std::int64_t scale) {
  bool negative = false;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  const auto dot = text.find('.');
  const std::string_view whole = text.substr(0, dot);
  const std::string_view fraction =
      dot == std::string_view::npos ? std::string_view() : text.substr(dot + 1);
  // 18 digits fit an int64 numerator.
  if ((whole.empty() && fraction.empty()) || whole.size() + fraction.size() > 18)
    return std::nullopt;
  std::int64_t numerator = 0;
  std::int64_t denominator = 1;
  for (std::string_view digits : {whole, fraction}) {
    for (char c : digits) {
      if (c < '0' || c > '9') return std::nullopt;
      numerator = numerator * 10 + (c - '0');
    }
  }
  for (std::size_t i = 0; i < fraction.size(); ++i) denominator *= 10;
  try {
    return ExactTime(negative ? -numerator : numerator, denominator) / scale;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

template <typename Enum>
std::optional<Enum> level(std::string_view text) {
  static constexpr std::array<std::string_view, 5> names{"very_low", "low", "medium", "high",
                                                         "very_high"};
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == text) return static_cast<Enum>(i);
  }
  return std::nullopt;
}

std::optional<std::int64_t> count(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

class LineParser {
 public:
  LineParser(TaskFileResult& result, std::unordered_set<std::string>& names, std::size_t line)
      : result_(result), names_(names), line_(line) {}

  void parse(const std::vector<Token>& tokens) {
    if (tokens.empty()) return;
    if (tokens[0].text == "task") {
      parse_task(tokens);
    } else if (tokens[0].text == "depends") {
      parse_depends(tokens);
    } else {
      error(tokens[0],
            "expected 'task' or 'depends', found '" + std::string(tokens[0].text) + "'");
    }
  }

 private:
  void error(const Token& where, std::string message) {
    result_.errors.push_back({line_, where.column, std::move(message)});
  }

  bool is_name(const Token& token) {
    if (token.text.find('=') == std::string_view::npos) return true;
    error(token, "expected a task name, found '" + std::string(token.text) + "'");
    return false;
  }

  void parse_task(const std::vector<Token>& tokens) {
    if (tokens.size() < 2) return error(tokens[0], "'task' needs a name");
    if (!is_name(tokens[1])) return;
    Task task;
    task.name = tokens[1].text;
    bool has_wcet = false;
    bool has_typical = false;
    const std::size_t errors_before = result_.errors.size();
    for (std::size_t i = 2; i < tokens.size(); ++i) {
      has_wcet |= tokens[i].text.starts_with("wcet=");
      has_typical |= tokens[i].text.starts_with("typical=");
      apply(task, tokens[i]);
    }
    if (!has_wcet) return error(tokens[1], "task '" + task.name + "' needs wcet=DURATION");
    if (!has_typical) task.typical_execution_time = task.worst_case_execution_time;
    if (result_.errors.size() != errors_before) return;
    if (!names_.insert(task.name).second) {
      return error(tokens[1], "task '" + task.name + "' is declared twice");
    }
    result_.set.tasks.push_back(std::move(task));
  }

  void apply(Task& task, const Token& token) {
    const auto equals = token.text.find('=');
    if (equals == std::string_view::npos) {
      return error(token, "expected key=value, found '" + std::string(token.text) + "'");
    }
    const std::string_view key = token.text.substr(0, equals);
    const std::string_view value = token.text.substr(equals + 1);
    const Token value_at{value, token.column + equals + 1};
    const auto bad = [&](const char* expected) {
      error(value_at, std::string("bad ") + std::string(key) + " '" + std::string(value) +
                          "': expected " + expected);
    };
    if (key == "period") {
      if (const auto p = parse_period(value)) return void(task.period = *p);
      return bad("a duration (33.333ms) or a rate (30Hz)");
    }
    if (key == "wcet" || key == "typical" || key == "deadline") {
      const auto d = parse_duration(value);
      if (!d) return bad("a duration such as 2ms, 1.5ms, 500us");
      if (key == "wcet") task.worst_case_execution_time = *d;
      if (key == "typical") task.typical_execution_time = *d;
      if (key == "deadline") task.deadline = *d;
      return;
    }
    if (key == "importance") {
      if (const auto l = level<Importance>(value)) return void(task.importance = *l);
      return bad("very_low, low, medium, high or very_high");
    }
    if (key == "criticality") {
      if (const auto l = level<Criticality>(value)) return void(task.criticality = *l);
      return bad("very_low, low, medium, high or very_high");
    }
    if (key == "threads") {
      const auto n = count(value);
      if (n && *n >= 1 && *n <= 1024) return void(task.threads = static_cast<std::int32_t>(*n));
      return bad("a whole number from 1 to 1024");
    }
    error(token, "unknown key '" + std::string(key) +
                     "' (period, wcet, typical, deadline, importance, criticality, threads)");
  }

  void parse_depends(const std::vector<Token>& tokens) {
    if (tokens.size() < 3) return error(tokens[0], "'depends' needs a caller and a callee");
    if (!is_name(tokens[1]) || !is_name(tokens[2])) return;
    Dependency dep{std::string(tokens[1].text), std::string(tokens[2].text), 1};
    for (std::size_t i = 3; i < tokens.size(); ++i) {
      const std::string_view text = tokens[i].text;
      if (!text.starts_with("calls=")) {
        return error(tokens[i], "expected calls=N, found '" + std::string(text) + "'");
      }
      const auto n = count(text.substr(6));
      if (!n || *n < 1 || *n > 1000000) {
        return error({text.substr(6), tokens[i].column + 6},
                     "bad calls: expected a whole number from 1 to 1000000");
      }
      dep.calls = *n;
    }
    result_.set.dependencies.push_back(std::move(dep));
  }

  TaskFileResult& result_;
  std::unordered_set<std::string>& names_;  // of the tasks read so far
  std::size_t line_;
};

}  // namespace

std::optional<ExactTime> parse_duration(std::string_view text) {
  static constexpr std::array<std::pair<std::string_view, std::int64_t>, 4> units{
      {{"ms", 1000}, {"us", 1000000}, {"ns", 1000000000}, {"s", 1}}};
  for (const auto& [suffix, scale] : units) {
    if (ends_with(text, suffix))
      return decimal(text.substr(0, text.size() - suffix.size()), scale);
  }
  return std::nullopt;
}

std::optional<ExactTime> parse_period(std::string_view text) {
  if (!ends_with(text, "Hz")) return parse_duration(text);
  const auto hertz = decimal(text.substr(0, text.size() - 2), 1);
  if (!hertz || !hertz->is_positive()) return std::nullopt;
  try {
    return ratio(ExactTime::seconds(1), *hertz);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

TaskFileResult parse_task_file(std::string_view text) {
  TaskFileResult result;
  std::unordered_set<std::string> names;
  std::size_t line_number = 0;
  while (!text.empty() || line_number == 0) {
    const auto end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    LineParser(result, names, ++line_number).parse(tokens_of(line));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return result;
}

}  // namespace rtorb::scheduling
