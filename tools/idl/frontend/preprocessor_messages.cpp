// Parsing the preprocessor's stderr (GCC and Clang write the same shapes).
#include "frontend/preprocessor_messages.hpp"

#include <charconv>
#include <memory>
#include <optional>
#include <vector>

namespace rtorb::idl {
namespace {

struct Message {
  Severity severity = Severity::error;
  SourceLocation where;
  std::string text;
};

std::optional<int> number(std::string_view text) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || value < 0) return std::nullopt;
  return value;
}

// "file:line:column: severity: text" (the column may be missing).
std::optional<Message> parse_diagnostic(std::string_view line) {
  static constexpr std::pair<std::string_view, Severity> kinds[] = {
      {": fatal error: ", Severity::error},
      {": error: ", Severity::error},
      {": warning: ", Severity::warning},
      {": note: ", Severity::note}};
  for (const auto& [marker, severity] : kinds) {
    const std::size_t at = line.find(marker);
    if (at == std::string_view::npos) continue;
    std::string_view place = line.substr(0, at);
    Message m{severity, {}, std::string(line.substr(at + marker.size()))};
    std::optional<int> last = number(place.substr(place.rfind(':') + 1));
    if (!last || place.rfind(':') == std::string_view::npos) return std::nullopt;
    place = place.substr(0, place.rfind(':'));
    const std::size_t colon = place.rfind(':');
    const std::optional<int> line_number =
        colon == std::string_view::npos ? std::nullopt : number(place.substr(colon + 1));
    if (line_number) {
      m.where.line = *line_number;
      m.where.column = *last;
      place = place.substr(0, colon);
    } else {
      m.where.line = *last;
    }
    m.where.file = std::make_shared<const std::string>(place);
    return m;
  }
  return std::nullopt;
}

// GCC's wording for an #include it cannot find, made to say what happened in IDL terms.
void rephrase_missing_include(Message& m) {
  constexpr std::string_view suffix = ": No such file or directory";
  if (m.where.line < 1 || m.text.size() <= suffix.size() ||
      m.text.compare(m.text.size() - suffix.size(), suffix.size(), suffix) != 0) {
    return;
  }
  m.text = "cannot open include file '" + m.text.substr(0, m.text.size() - suffix.size()) + "'";
}

// "In file included from a.idl:3," and "                 from b.idl:1:": where the file
// with the message was included, as notes after it.
std::optional<SourceLocation> included_from(std::string_view line) {
  for (std::string_view lead : {"In file included from ", "                 from "}) {
    if (line.substr(0, lead.size()) != lead) continue;
    std::string_view place = line.substr(lead.size());
    while (!place.empty() && (place.back() == ',' || place.back() == ':')) place.remove_suffix(1);
    const std::size_t colon = place.rfind(':');
    if (colon == std::string_view::npos) return std::nullopt;
    const auto line_number = number(place.substr(colon + 1));
    if (!line_number) return std::nullopt;
    return SourceLocation{std::make_shared<const std::string>(place.substr(0, colon)), *line_number, 0};
  }
  return std::nullopt;
}

// Quoted source, carets and the closing remark carry nothing the diagnostics do not.
bool is_context(std::string_view line) {
  return line.empty() || line.front() == ' ' || line == "compilation terminated.";
}

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    lines.push_back(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

}  // namespace

void report_preprocessor_messages(std::string_view output, const std::string& file,
                                  const std::string& command, bool failed, DiagnosticSink& sink) {
  const SourceLocation whole_file{std::make_shared<const std::string>(file), 0, 0};
  std::vector<SourceLocation> includers;
  std::vector<std::string> other;
  bool reported_error = false;
  for (const std::string_view line : lines_of(output)) {
    if (auto from = included_from(line)) {
      includers.push_back(std::move(*from));
    } else if (auto m = parse_diagnostic(line)) {
      rephrase_missing_include(*m);
      if (m->severity == Severity::error) sink.error(m->where, m->text);
      else if (m->severity == Severity::warning) sink.warning(m->where, m->text);
      else sink.note(m->where, m->text);
      reported_error = reported_error || m->severity == Severity::error;
      for (const SourceLocation& where : includers) sink.note(where, "included from here");
      includers.clear();
    } else if (!is_context(line)) {
      other.emplace_back(line);
    }
  }
  if (!failed) {
    for (const std::string& line : other) sink.warning(whole_file, command + ": " + line);
    return;
  }
  if (reported_error) return;
  for (const std::string& line : other) sink.error(whole_file, command + ": " + line);
  if (other.empty()) sink.error(whole_file, "the preprocessor '" + command + "' failed");
}

}  // namespace rtorb::idl
