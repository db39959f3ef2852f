// Where a token or declaration came from, in the user's own file (after #line mapping).
#pragma once

#include <memory>
#include <string>

namespace rtorb::idl {

struct SourceLocation {
  std::shared_ptr<const std::string> file;  // shared: every token of a file points to one name
  int line = 0;
  int column = 0;

  [[nodiscard]] const std::string& file_name() const {
    static const std::string unknown = "<unknown>";
    return file ? *file : unknown;
  }
};

}  // namespace rtorb::idl
