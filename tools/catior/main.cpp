// rtorb-catior: prints a decoded object reference given as "IOR:...", "corbaloc:...",
// "corbaname:...", "file://path" (its first line, as string_to_object reads it) or "-"
// (stdin). Exit status: 0 decoded, 1 malformed or unreadable input (one error line on
// stderr), 2 usage error.
#include "node.hpp"
#include "report.hpp"

#include "ior/object_string.hpp"

#include <rtorb/corba/exception.hpp>

#include <cstdio>
#include <exception>
#include <fstream>
#include <iostream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>

namespace {

constexpr const char* usage_text =
    "usage: rtorb-catior [--json|--corbaloc] <IOR:...|corbaloc:...|corbaname:...|file://path|->\n"
    "  Decodes a stringified object reference: type id, profiles, tagged components.\n"
    "  --json        print one JSON object instead of text\n"
    "  --corbaloc    print the reference as a corbaloc URL (its IIOP addresses and\n"
    "                %-escaped object key), if it has one\n"
    "  file://path   read the reference from the first line of a file\n"
    "  -             read the reference from standard input\n";

int usage_error(const std::string& why) {
  std::fprintf(stderr, "rtorb-catior: %s\n%s", why.c_str(), usage_text);
  return 2;
}

std::string trim(std::string_view s) {
  constexpr std::string_view space = " \t\r\n\f\v";
  const std::size_t first = s.find_first_not_of(space);
  if (first == s.npos) return {};
  return std::string(s.substr(first, s.find_last_not_of(space) - first + 1));
}

// Error messages echo parts of the input; keep them to one line.
std::string one_line(std::string_view s) {
  std::string out;
  for (char c : s) out += static_cast<unsigned char>(c) < 0x20 ? '?' : c;
  return out;
}

struct Options {
  bool json = false;
  bool corbaloc = false;
  std::string input;
};

// What string_to_object does with "file:" (docs/orb.md): the path after "file:" and an
// optional "//", the first line of the file, without trailing blanks.
std::string read_reference_file(std::string_view url) {
  std::string_view path = url.substr(5);
  if (path.substr(0, 2) == "//") path.remove_prefix(2);
  std::ifstream in{std::string(path)};
  std::string line;
  if (!in || !std::getline(in, line)) {
    throw std::runtime_error("cannot read a reference from " + std::string(path));
  }
  return line;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  bool have_input = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(usage_text, stdout);
      return 0;
    }
    if (arg == "--json") {
      options.json = true;
    } else if (arg == "--corbaloc") {
      options.corbaloc = true;
    } else if (arg.size() > 1 && arg[0] == '-' && arg.find(':') == arg.npos) {
      return usage_error("unknown option " + std::string(arg));
    } else if (have_input) {
      return usage_error("more than one reference given");
    } else {
      options.input = arg;
      have_input = true;
    }
  }
  if (!have_input) return usage_error("no reference given");
  if (options.json && options.corbaloc) return usage_error("--json and --corbaloc exclude each other");
  try {
    if (options.input == "-") {
      options.input.assign(std::istreambuf_iterator<char>(std::cin),
                           std::istreambuf_iterator<char>());
    } else if (rtorb::ior::has_scheme(options.input, "file:")) {
      options.input = read_reference_file(options.input);
    }
    const std::string text = trim(options.input);
    std::string out;
    if (options.corbaloc) {
      out = rtorb::catior::to_corbaloc(text) + "\n";
    } else {
      const rtorb::catior::Node report = rtorb::catior::describe(text);
      out = options.json ? rtorb::catior::to_json(report) + "\n" : rtorb::catior::to_text(report);
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
  } catch (const CORBA::SystemException& e) {
    std::fprintf(stderr, "rtorb-catior: error: %s\n", one_line(e.what()).c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "rtorb-catior: error: %s\n", one_line(e.what()).c_str());
  }
  return 1;
}
