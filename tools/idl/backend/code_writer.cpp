#include "backend/code_writer.hpp"

namespace rtorb::idl::backend {

CodeWriter& CodeWriter::line(std::string_view text) {
  if (!text.empty()) text_.append(static_cast<std::size_t>(depth_) * 2, ' ');
  text_.append(text);
  text_.push_back('\n');
  return *this;
}

CodeWriter& CodeWriter::open(std::string_view head) {
  line(std::string(head) + " {");
  ++depth_;
  return *this;
}

CodeWriter& CodeWriter::close(std::string_view tail) {
  --depth_;
  return line("}" + std::string(tail));
}

CodeWriter& CodeWriter::label(std::string_view text) {
  text_.append(static_cast<std::size_t>(depth_ > 0 ? depth_ - 1 : 0) * 2 + 1, ' ');
  text_.append(text);
  text_.push_back('\n');
  return *this;
}

CodeWriter& CodeWriter::comment(std::string_view text) {
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view one = text.substr(0, end);
    while (!one.empty() && (one.back() == ' ' || one.back() == '\r')) one.remove_suffix(1);
    line(one.empty() ? std::string("//") : "// " + std::string(one));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return *this;
}

}  // namespace rtorb::idl::backend
