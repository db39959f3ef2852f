// Turns preprocessed IDL text into tokens, following `# line "file"` markers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "frontend/diagnostics.hpp"
#include "frontend/token.hpp"

namespace rtorb::idl {

// Lexes the whole text. Errors go to the sink and the offending characters are skipped, so
// the result always ends with one TokenKind::end token.
std::vector<Token> lex(std::string_view text, const std::string& file_name, DiagnosticSink& sink);

// True if name is an IDL 3.5 keyword (exact case).
bool is_keyword(std::string_view name);

}  // namespace rtorb::idl
