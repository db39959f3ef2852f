// Fuzzes the IDL lexer, parser and semantic checks on in-memory text (no preprocessor),
// then the implied IDL of AMI callbacks for every interface (rtorb-idl --ami).
#include <cstdint>
#include <string>

#include "frontend/frontend.hpp"
#include "frontend/implied_ami.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  rtorb::idl::DiagnosticSink sink;
  sink.add_source("fuzz.idl", text);
  const auto spec = rtorb::idl::parse_idl(text, "fuzz.idl", sink);
  if (!sink.has_errors()) rtorb::idl::add_implied_ami(*spec, true, sink);
  (void)sink.render();
  return 0;
}
