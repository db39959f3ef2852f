// Rendering of diagnostics with source line and caret.
#include "frontend/diagnostics.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace rtorb::idl {

namespace {

const char* severity_name(Severity severity) {
  switch (severity) {
    case Severity::error: return "error";
    case Severity::warning: return "warning";
    case Severity::note: return "note";
  }
  return "error";
}

// The file named by a line marker, to quote from. Line markers are input too (fuzzing
// found `# 3 "."`), so only a readable regular file of sane size is read; anything else
// quotes nothing rather than failing or reading /dev/zero forever.
std::string read_whole_file(const std::string& path) {
  constexpr std::uintmax_t max_quoted_file = 64 * 1024 * 1024;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec) ||
      std::filesystem::file_size(path, ec) > max_quoted_file || ec) {
    return {};
  }
  try {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {};
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  } catch (const std::ios_base::failure&) {
    return {};
  }
}

std::string nth_line(const std::string& text, int line) {
  std::size_t start = 0;
  for (int i = 1; i < line; ++i) {
    start = text.find('\n', start);
    if (start == std::string::npos) return {};
    ++start;
  }
  const std::size_t end = text.find('\n', start);
  return text.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

}  // namespace

void DiagnosticSink::error(const SourceLocation& where, std::string message) {
  if (errors_ >= max_errors) return;
  ++errors_;
  add(Severity::error, where, std::move(message));
}

void DiagnosticSink::warning(const SourceLocation& where, std::string message) {
  add(Severity::warning, where, std::move(message));
}

void DiagnosticSink::note(const SourceLocation& where, std::string message) {
  if (errors_ >= max_errors) return;
  add(Severity::note, where, std::move(message));
}

void DiagnosticSink::add(Severity severity, const SourceLocation& where, std::string message) {
  diagnostics_.push_back(Diagnostic{severity, where, std::move(message)});
}

void DiagnosticSink::add_source(const std::string& file_name, std::string text) {
  sources_[file_name] = std::move(text);
}

std::string DiagnosticSink::source_line(const std::string& file, int line) const {
  auto found = sources_.find(file);
  if (found == sources_.end()) found = sources_.emplace(file, read_whole_file(file)).first;
  return nth_line(found->second, line);
}

void DiagnosticSink::render(std::ostream& out) const {
  for (const Diagnostic& d : diagnostics_) {
    // A diagnostic about a whole file, or a line without a column, says no more than it knows.
    out << d.where.file_name();
    if (d.where.line > 0) out << ':' << d.where.line;
    if (d.where.line > 0 && d.where.column > 0) out << ':' << d.where.column;
    out << ": " << severity_name(d.severity) << ": " << d.message << '\n';
    const std::string line = source_line(d.where.file_name(), d.where.line);
    if (line.empty() || d.where.column < 1) continue;
    out << line << '\n';
    std::string caret;
    for (int i = 1; i < d.where.column && static_cast<std::size_t>(i) <= line.size(); ++i) {
      caret += line[static_cast<std::size_t>(i - 1)] == '\t' ? '\t' : ' ';
    }
    out << caret << "^\n";
  }
}

std::string DiagnosticSink::render() const {
  std::ostringstream out;
  render(out);
  return out.str();
}

}  // namespace rtorb::idl
