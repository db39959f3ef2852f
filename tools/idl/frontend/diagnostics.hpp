// The one sink every front-end phase reports to; renders like a C++ compiler.
#pragma once

#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "frontend/source_location.hpp"

namespace rtorb::idl {

enum class Severity { error, warning, note };

struct Diagnostic {
  Severity severity;
  SourceLocation where;
  std::string message;
};

// Collects diagnostics and renders them as `file:line:column: error: message`, followed by
// the offending source line and a caret. Source lines come from texts registered with
// add_source (in-memory inputs) or, failing that, from the file on disk.
class DiagnosticSink {
 public:
  void error(const SourceLocation& where, std::string message);
  void warning(const SourceLocation& where, std::string message);
  void note(const SourceLocation& where, std::string message);

  void add_source(const std::string& file_name, std::string text);

  [[nodiscard]] int error_count() const { return errors_; }
  [[nodiscard]] bool has_errors() const { return errors_ > 0; }
  [[nodiscard]] const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

  // Every diagnostic, rendered with source line and caret.
  [[nodiscard]] std::string render() const;
  void render(std::ostream& out) const;

  // Stops recording after this many errors so pathological input stays cheap.
  static constexpr int max_errors = 100;

 private:
  void add(Severity severity, const SourceLocation& where, std::string message);
  [[nodiscard]] std::string source_line(const std::string& file, int line) const;

  std::vector<Diagnostic> diagnostics_;
  int errors_ = 0;
  mutable std::map<std::string, std::string> sources_;
};

}  // namespace rtorb::idl
