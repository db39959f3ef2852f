// How the test servers publish their reference: the file appears whole or not at all, so a
// test polling for it never reads half an IOR.
#pragma once

#include <cstdio>
#include <fstream>
#include <string>

namespace rtorb::test {

inline void write_ior_file(const std::string& path, const std::string& ior) {
  const std::string partial = path + ".partial";
  std::ofstream(partial) << ior << '\n';
  std::rename(partial.c_str(), path.c_str());
}

}  // namespace rtorb::test
