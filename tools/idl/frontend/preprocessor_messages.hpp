// What the C preprocessor printed on stderr, as diagnostics in the one sink: its
// `file:line:column: error: ...` lines become ours (a missing #include becomes "cannot open
// include file"), its context lines (source quotes, carets, "compilation terminated.") go.
#pragma once

#include <string>
#include <string_view>

#include "frontend/diagnostics.hpp"

namespace rtorb::idl {

// Reports the messages in `output` for the run of `command` on `file`. When the run
// `failed` and nothing in the output reads as a diagnostic, its other lines (or a generic
// failure, if there are none) are reported as errors, so a failure is never silent.
void report_preprocessor_messages(std::string_view output, const std::string& file,
                                  const std::string& command, bool failed, DiagnosticSink& sink);

}  // namespace rtorb::idl
