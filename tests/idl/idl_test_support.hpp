// Helpers for front-end tests: compile in-memory IDL and look at the result.
#pragma once

#include <memory>
#include <string>

#include "frontend/ast_dump.hpp"
#include "frontend/frontend.hpp"

namespace rtorb::idl::test {

struct Compiled {
  std::unique_ptr<Specification> spec;
  std::string diagnostics;
  bool ok = false;
  std::string dump;
};

inline Compiled compile(const std::string& text) {
  DiagnosticSink sink;
  sink.add_source("t.idl", text);
  Compiled out;
  out.spec = parse_idl(text, "t.idl", sink);
  out.diagnostics = sink.render();
  out.ok = !sink.has_errors();
  out.dump = dump_ast(*out.spec->root);
  return out;
}

}  // namespace rtorb::idl::test
