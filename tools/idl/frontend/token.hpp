// Tokens of OMG IDL 3.5 as the lexer hands them to the parser.
#pragma once

#include <cstdint>
#include <string>

#include "frontend/source_location.hpp"

namespace rtorb::idl {

enum class TokenKind {
  end,            // end of input
  identifier,     // text is the name, an escaping underscore already removed
  keyword,        // text is the keyword exactly as spelled
  integer,        // integer_value holds the value
  floating,       // text holds the literal for exact re-reading, float_value the value
  fixed,          // text holds the digits without the trailing d/D
  character,      // integer_value holds the code point
  wide_character,
  string,         // text holds the value (UTF-8), adjacent literals already concatenated
  wide_string,
  punctuation,    // text is one of ; { } ( ) < > [ ] , : :: = + - * / % ~ | ^ & << >>
  pragma,         // text is the rest of a `#pragma` line
  file_enter,     // a preprocessor marker entered the file named in text
  file_leave,     // a preprocessor marker returned to the file named in text
};

struct Token {
  TokenKind kind = TokenKind::end;
  std::string text;
  SourceLocation where;
  SourceLocation end;  // just after the token's last character: where a missing ';' goes
  std::uint64_t integer_value = 0;
  long double float_value = 0;
  std::string doc_comment;  // the /** ... */ or /// comment right before this token
};

}  // namespace rtorb::idl
