// The IDL lexer: one pass over preprocessed text, tracking the original file and line.
#include "frontend/lexer.hpp"

#include <algorithm>
#include <iterator>
#include <cctype>
#include <limits>

namespace rtorb::idl {

namespace {

constexpr std::string_view keywords[] = {
    "abstract",  "any",       "attribute", "boolean",    "case",       "char",
    "component", "const",     "consumes",  "context",    "custom",     "default",
    "double",    "exception", "emits",     "enum",       "eventtype",  "factory",
    "FALSE",     "finder",    "fixed",     "float",      "getraises",  "home",
    "import",    "in",        "inout",     "interface",  "local",      "long",
    "module",    "multiple",  "native",    "Object",     "octet",      "oneway",
    "out",       "primarykey", "private",  "provides",   "public",     "publishes",
    "raises",    "readonly",  "setraises", "sequence",   "short",      "string",
    "struct",    "supports",  "switch",    "TRUE",       "truncatable", "typedef",
    "typeid",    "typeprefix", "unsigned", "union",      "uses",       "ValueBase",
    "valuetype", "void",      "wchar",      "wstring",
};

// Keywords added after CORBA 2.2 (valuetypes, CCM, IDL 3 declarations).
bool is_later_keyword(std::string_view keyword) {
  static constexpr std::string_view later[] = {
      "abstract", "component", "consumes", "custom", "emits", "eventtype", "factory", "finder",
      "getraises", "home", "import", "local", "multiple", "primarykey", "private", "provides",
      "public", "publishes", "setraises", "supports", "truncatable", "typeid", "typeprefix",
      "uses", "ValueBase", "valuetype"};
  return std::find(std::begin(later), std::end(later), keyword) != std::end(later);
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool is_ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

void append_utf8(std::string& out, std::uint32_t code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

class Lexer {
 public:
  Lexer(std::string_view text, const std::string& file, DiagnosticSink& sink)
      : text_(text), file_(std::make_shared<const std::string>(file)), sink_(sink) {}

  std::vector<Token> run() {
    while (skip_space_and_comments()) {
      const std::size_t before = tokens_.size();
      lex_one();
      if (tokens_.size() > before) tokens_.back().end = here();
    }
    Token end;
    end.where = here();
    tokens_.push_back(std::move(end));
    return std::move(tokens_);
  }

 private:
  [[nodiscard]] char peek(std::size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }
  [[nodiscard]] bool at_end() const { return pos_ >= text_.size(); }
  [[nodiscard]] SourceLocation here() const { return SourceLocation{file_, line_, column_}; }

  char advance() {
    const char c = text_[pos_++];
    if (c == '\n') {
      ++line_;
      column_ = 1;
      at_line_start_ = true;
    } else {
      ++column_;
      if (c != ' ' && c != '\t' && c != '\r') at_line_start_ = false;
    }
    return c;
  }

  void error(const SourceLocation& where, std::string message) {
    sink_.error(where, std::move(message));
  }

  // Returns false at end of input.
  bool skip_space_and_comments() {
    while (!at_end()) {
      const char c = peek();
      if (c == '#' && at_line_start_) {
        directive();
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
        advance();
      } else if (c == '/' && peek(1) == '/') {
        line_comment();
      } else if (c == '/' && peek(1) == '*') {
        block_comment();
      } else {
        return true;
      }
    }
    return false;
  }

  void line_comment() {
    const bool doc = peek(2) == '/' && peek(3) != '/';
    const std::size_t start = pos_ + (doc ? 3 : 2);
    while (!at_end() && peek() != '\n') advance();
    if (doc) {
      if (!pending_doc_.empty()) pending_doc_ += '\n';
      pending_doc_ += trim(text_.substr(start, pos_ - start));
    }
  }

  void block_comment() {
    const SourceLocation where = here();
    const bool doc = peek(2) == '*' && peek(3) != '/';
    advance();
    advance();
    const std::size_t start = pos_;
    while (!at_end() && !(peek() == '*' && peek(1) == '/')) advance();
    if (at_end()) {
      error(where, "unterminated comment");
      return;
    }
    if (doc) pending_doc_ = trim(text_.substr(start + 1, pos_ - start - 1));
    advance();
    advance();
  }

  static std::string trim(std::string_view s) {
    const auto first = s.find_first_not_of(" \t\r\n*");
    if (first == std::string_view::npos) return {};
    const auto last = s.find_last_not_of(" \t\r\n*");
    return std::string(s.substr(first, last - first + 1));
  }

  std::string rest_of_line() {
    const std::size_t start = pos_;
    while (!at_end() && peek() != '\n') advance();
    return std::string(text_.substr(start, pos_ - start));
  }

  void directive() {
    const SourceLocation where = here();
    advance();  // '#'
    std::string line = rest_of_line();
    const std::size_t first = line.find_first_not_of(" \t");
    line = first == std::string::npos ? std::string() : line.substr(first);
    if (line.empty()) return;
    if (line.rfind("pragma", 0) == 0) {
      push(TokenKind::pragma, trim(std::string_view(line).substr(6)), where);
    } else if (is_digit(line[0])) {
      line_marker(line, where);
    } else if (line.rfind("line", 0) == 0) {
      line_marker(line.substr(4), where);
    } else {
      error(where, "unexpected preprocessor directive '#" + line.substr(0, line.find(' ')) +
                       "' (the input was not preprocessed)");
    }
  }

  // `# N "file" flags`: the next line is line N of file; flag 1 enters, flag 2 returns.
  void line_marker(const std::string& body, const SourceLocation& where) {
    std::size_t i = body.find_first_not_of(" \t");
    std::uint64_t number = 0;
    while (i < body.size() && is_digit(body[i]) && number < 100000000) {
      number = number * 10 + static_cast<std::uint64_t>(body[i++] - '0');
    }
    const std::size_t open = body.find('"', i);
    const std::size_t close = open == std::string::npos ? open : body.find('"', open + 1);
    if (open != std::string::npos && close != std::string::npos) {
      std::string name = body.substr(open + 1, close - open - 1);
      const std::string flags = body.substr(close + 1);
      if (name != *file_) file_ = std::make_shared<const std::string>(name);
      if (flags.find('1') != std::string::npos) push(TokenKind::file_enter, name, where);
      if (flags.find('2') != std::string::npos) push(TokenKind::file_leave, name, where);
    }
    line_ = static_cast<int>(number) - 1;  // the newline ending the marker adds one
  }

  void push(TokenKind kind, std::string text, const SourceLocation& where) {
    Token token;
    token.kind = kind;
    token.text = std::move(text);
    token.where = where;
    if (kind != TokenKind::pragma && kind != TokenKind::file_enter &&
        kind != TokenKind::file_leave) {
      token.doc_comment = std::move(pending_doc_);
      pending_doc_.clear();
    }
    tokens_.push_back(std::move(token));
  }

  void lex_one() {
    const SourceLocation where = here();
    const char c = peek();
    if (c == 'L' && (peek(1) == '\'' || peek(1) == '"')) {
      advance();
      if (peek() == '\'') {
        char_literal(where, TokenKind::wide_character);
      } else {
        string_literal(where, TokenKind::wide_string);
      }
    } else if (is_ident_start(c)) {
      identifier(where);
    } else if (is_digit(c) || (c == '.' && is_digit(peek(1)))) {
      number(where);
    } else if (c == '\'') {
      char_literal(where, TokenKind::character);
    } else if (c == '"') {
      string_literal(where, TokenKind::string);
    } else {
      punctuation(where);
    }
  }

  void identifier(const SourceLocation& where) {
    const std::size_t start = pos_;
    while (!at_end() && is_ident_char(peek())) advance();
    std::string_view word = text_.substr(start, pos_ - start);
    if (word[0] == '_') {
      push(TokenKind::identifier, std::string(word.substr(1)), where);
      if (word.size() == 1) error(where, "'_' alone is not an identifier");
      // The escape removes one underscore; what is left must still begin with a letter
      // (C++ reserves names starting "_" at namespace scope, and "__" everywhere).
      else if (std::isalpha(static_cast<unsigned char>(word[1])) == 0) {
        error(where, "escaped identifier '" + std::string(word) + "' does not begin with a letter after its '_'");
      }
      return;
    }
    if (is_keyword(word)) {
      push(TokenKind::keyword, std::string(word), where);
      return;
    }
    const std::string folded = lower(word);
    for (std::string_view keyword : keywords) {
      if (lower(keyword) != folded) continue;
      const std::string message = "identifier '" + std::string(word) +
                                  "' differs only in case from keyword '" + std::string(keyword) +
                                  "' (escape it as '_" + std::string(word) + "')";
      // IDL written before CORBA 2.3/3.0 legitimately uses names such as EventType or
      // Factory that later versions made keywords; those stay usable with a warning.
      if (is_later_keyword(keyword)) sink_.warning(where, message);
      else error(where, message);
      break;
    }
    push(TokenKind::identifier, std::string(word), where);
  }


  void number(const SourceLocation& where) {
    const std::size_t start = pos_;
    if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X')) {
      advance();
      advance();
      while (std::isxdigit(static_cast<unsigned char>(peek()))) advance();
      integer(where, text_.substr(start + 2, pos_ - start - 2), 16);
      return;
    }
    while (is_digit(peek())) advance();
    bool is_float = false;
    if (peek() == '.') {
      is_float = true;
      advance();
      while (is_digit(peek())) advance();
    }
    if (peek() == 'd' || peek() == 'D') {
      push(TokenKind::fixed, std::string(text_.substr(start, pos_ - start)), where);
      advance();
      return;
    }
    if (peek() == 'e' || peek() == 'E') {
      is_float = true;
      advance();
      if (peek() == '+' || peek() == '-') advance();
      if (!is_digit(peek())) error(here(), "exponent has no digits");
      while (is_digit(peek())) advance();
    }
    const std::string_view digits = text_.substr(start, pos_ - start);
    if (is_float) {
      floating(where, std::string(digits));
    } else if (digits.size() > 1 && digits[0] == '0') {
      integer(where, digits.substr(1), 8);
    } else {
      integer(where, digits, 10);
    }
    if (is_ident_char(peek())) error(here(), "invalid suffix on numeric literal");
  }

  void floating(const SourceLocation& where, std::string digits) {
    Token token;
    token.kind = TokenKind::floating;
    token.where = where;
    token.float_value = std::strtold(digits.c_str(), nullptr);
    token.text = std::move(digits);
    token.doc_comment = std::move(pending_doc_);
    pending_doc_.clear();
    tokens_.push_back(std::move(token));
  }

  void integer(const SourceLocation& where, std::string_view digits, unsigned base) {
    std::uint64_t value = 0;
    bool overflow = false;
    for (char d : digits) {
      const unsigned digit = is_digit(d) ? static_cast<unsigned>(d - '0')
                                         : static_cast<unsigned>(std::tolower(d) - 'a' + 10);
      if (digit >= base) {
        error(where, "invalid digit '" + std::string(1, d) + "' in octal literal");
        break;
      }
      if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / base) overflow = true;
      value = value * base + digit;
    }
    if (base == 16 && digits.empty()) error(where, "hexadecimal literal has no digits");
    if (overflow) error(where, "integer literal is too large for unsigned long long");
    push(TokenKind::integer, std::string(digits), where);
    tokens_.back().integer_value = value;
  }

  // One character of a char or string literal, escapes decoded; returns the code point.
  std::uint32_t literal_char(const SourceLocation& where) {
    const char c = advance();
    if (c != '\\') return static_cast<unsigned char>(c);
    if (at_end()) return 0;
    const char e = advance();
    switch (e) {
      case 'n': return '\n';
      case 't': return '\t';
      case 'v': return '\v';
      case 'b': return '\b';
      case 'r': return '\r';
      case 'f': return '\f';
      case 'a': return '\a';
      case '\\': return '\\';
      case '?': return '?';
      case '\'': return '\'';
      case '"': return '"';
      case 'x': return escaped_digits(16, 2, where);
      case 'u': return escaped_digits(16, 4, where);
      default: break;
    }
    if (e >= '0' && e <= '7') {
      --pos_;
      --column_;
      return escaped_digits(8, 3, where);
    }
    error(where, std::string("unknown escape sequence '\\") + e + "'");
    return static_cast<unsigned char>(e);
  }

  std::uint32_t escaped_digits(unsigned base, int max_digits, const SourceLocation& where) {
    std::uint32_t value = 0;
    int count = 0;
    while (count < max_digits) {
      const char d = peek();
      unsigned digit = 0;
      if (is_digit(d)) {
        digit = static_cast<unsigned>(d - '0');
      } else if (base == 16 && std::isxdigit(static_cast<unsigned char>(d))) {
        digit = static_cast<unsigned>(std::tolower(d) - 'a' + 10);
      } else {
        break;
      }
      if (digit >= base) break;
      value = value * base + digit;
      advance();
      ++count;
    }
    if (count == 0) error(where, "escape sequence has no digits");
    if (base == 8 && value > 255) error(where, "octal escape sequence out of range");
    return value;
  }

  void char_literal(const SourceLocation& where, TokenKind kind) {
    advance();  // opening quote
    std::uint32_t value = 0;
    if (peek() == '\'' || peek() == '\n' || at_end()) {
      error(where, "empty character literal");
    } else {
      value = literal_char(where);
    }
    if (peek() != '\'') {
      error(where, "unterminated character literal");
      while (!at_end() && peek() != '\'' && peek() != '\n') advance();
    }
    if (peek() == '\'') advance();
    if (kind == TokenKind::character && value > 0xFF) {
      error(where, "character literal does not fit in a char");
    }
    push(kind, {}, where);
    tokens_.back().integer_value = value;
  }

  void string_literal(const SourceLocation& where, TokenKind kind) {
    advance();  // opening quote
    std::string value;
    while (!at_end() && peek() != '"' && peek() != '\n') {
      const std::uint32_t code = literal_char(where);
      if (code == 0) error(where, "string literal contains a NUL character");
      if (kind == TokenKind::string && code > 0xFF) {
        error(where, "\\u escape is only allowed in wide string literals");
      }
      append_utf8(value, code);
    }
    if (peek() != '"') {
      error(where, "unterminated string literal");
    } else {
      advance();
    }
    if (!tokens_.empty() && tokens_.back().kind == kind && pending_doc_.empty()) {
      tokens_.back().text += value;  // adjacent literals concatenate
      return;
    }
    push(kind, std::move(value), where);
  }

  void punctuation(const SourceLocation& where) {
    const char c = advance();
    static constexpr std::string_view singles = ";{}()<>[],:=+-*/%~|^&";
    if ((c == ':' || c == '<' || c == '>') && peek() == c) {
      advance();
      push(TokenKind::punctuation, std::string(2, c), where);
    } else if (singles.find(c) != std::string_view::npos) {
      push(TokenKind::punctuation, std::string(1, c), where);
    } else {
      const auto code = static_cast<unsigned char>(c);
      error(where, std::isprint(code) ? std::string("unexpected character '") + c + "'"
                                      : "unexpected byte " + std::to_string(code));
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::shared_ptr<const std::string> file_;
  int line_ = 1;
  int column_ = 1;
  bool at_line_start_ = true;
  std::string pending_doc_;
  DiagnosticSink& sink_;
  std::vector<Token> tokens_;
};

}  // namespace

bool is_keyword(std::string_view name) {
  return std::find(std::begin(keywords), std::end(keywords), name) != std::end(keywords);
}

std::vector<Token> lex(std::string_view text, const std::string& file_name, DiagnosticSink& sink) {
  return Lexer(text, file_name, sink).run();
}

}  // namespace rtorb::idl
