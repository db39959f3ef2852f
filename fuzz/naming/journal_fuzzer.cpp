// Fuzzes reading a naming store: any bytes give records, a dropped torn tail or
// PERSIST_STORE, never a crash; the file is left as it was unless a torn tail was cut.
#include <rtorb/corba/exception.hpp>

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>

#include "journal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = "/tmp/rtorb-fuzz-journal-" + std::to_string(::getpid());
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) return 0;
  std::fwrite(data, 1, size, file);
  std::fclose(file);
  try {
    rtorb::naming::Journal journal(path, [](const rtorb::naming::Record&) {}, [](const std::string&) {});
  } catch (const CORBA::PERSIST_STORE&) {
  }
  std::remove(path.c_str());
  std::remove((path + ".tmp").c_str());
  return 0;
}
