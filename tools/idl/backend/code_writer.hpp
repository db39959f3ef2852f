// An indenting text writer: generated code is built line by line with blocks that indent
// themselves, so writers never count spaces.
#pragma once

#include <string>
#include <string_view>

namespace rtorb::idl::backend {

class CodeWriter {
 public:
  // One line at the current indentation; an empty line has no trailing spaces.
  CodeWriter& line(std::string_view text = {});
  // "head {" then indents; close() outdents and writes "}" plus `tail` (";", " // ns").
  CodeWriter& open(std::string_view head);
  CodeWriter& close(std::string_view tail = {});
  // `public:` style labels sit one step left of the members they introduce.
  CodeWriter& label(std::string_view text);
  // An IDL doc comment, each of its lines as a "// " comment.
  CodeWriter& comment(std::string_view text);
  void indent() { ++depth_; }
  void outdent() { --depth_; }

  [[nodiscard]] const std::string& text() const { return text_; }

 private:
  std::string text_;
  int depth_ = 0;
};

}  // namespace rtorb::idl::backend
