// How the test servers publish their reference: the file appears whole or not at all, so a
// test polling for it never reads half an IOR.
#pragma once

#include <cstdio>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>

namespace rtorb::test {

inline void write_ior_file(const std::string& path, const std::string& ior) {
  const std::string partial = path + ".partial";
  std::ofstream(partial) << ior << '\n';
  std::rename(partial.c_str(), path.c_str());
}

// The command line of a peer, `program [--ior-file F]` once ORB_init has taken the ORB
// options: F, or "" without it; nullopt, said on stderr, for anything else.
inline std::optional<std::string> ior_file_argument(int argc, char** argv, const char* program) {
  std::string path;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--ior-file") == 0 && i + 1 < argc) {
      path = argv[++i];
    } else {
      std::fprintf(stderr, "%s: unknown argument %s\n", program, argv[i]);
      return std::nullopt;
    }
  }
  return path;
}

// Gives out a peer's reference: to `path` (write_ior_file), or on stdout when it is "".
inline void publish_ior(const std::string& path, const std::string& ior) {
  if (path.empty()) {
    std::printf("%s\n", ior.c_str());
    std::fflush(stdout);
  } else {
    write_ior_file(path, ior);
  }
}

}  // namespace rtorb::test
