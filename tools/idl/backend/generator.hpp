// The C++ back end: fooC.h/fooC.cpp (types, TypeCodes, traits, any operators, codecs,
// proxies and stubs) and fooS.h/fooS.cpp (skeletons) for foo.idl, built wholly in memory
// and written only once everything succeeded.
#pragma once

#include <string>
#include <vector>

#include "frontend/frontend.hpp"

namespace rtorb::idl::backend {

struct GeneratedFile {
  std::string name;  // file name only ("fooC.h")
  std::string text;
};

// The rtorb release the generated code is written for: its text goes into each file's
// banner, and fooC.h refuses to compile unless the runtime's RTORB_VERSION (rtorb/version.hpp)
// equals `number`, since generated code and runtime headers change together.
struct CompilerVersion {
  std::string text;  // "0.1.0"
  long number = 0;   // RTORB_VERSION of that release: 1000 for 0.1.0
};

std::vector<GeneratedFile> generate_cpp(const Specification& spec, const CompilerVersion& version);

// Writes each file to `dir` (created when missing) through a temporary file and a rename,
// so readers never see half a file. Returns false with `error` set on failure.
bool write_files(const std::string& dir, const std::vector<GeneratedFile>& files, std::string& error);

// The files a preprocessed translation unit came from, from its line markers, main file first.
std::vector<std::string> source_files(const std::string& preprocessed);

// A Makefile rule "target: dep dep ..." for build systems (Ninja/Make depfiles).
std::string make_depfile(const std::string& target, const std::vector<std::string>& dependencies);

}  // namespace rtorb::idl::backend
