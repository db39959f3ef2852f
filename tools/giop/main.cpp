// rtorb-giop [--json] [--hex] [--lite] <file|->: decodes one raw GIOP message and prints it.
#include "giop/message_codec.hpp"
#include "message_printer.hpp"

#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

struct Options {
  bool help = false;
  std::string usage_error;  // not empty: the arguments make no command
  bool json = false;
  bool hex = false;
  bool lite = false;
  std::string input;
};

constexpr const char* usage =
    "usage: rtorb-giop [--json] [--hex] [--lite] <file|->\n"
    "  decodes one raw GIOP message (binary, or hex text with --hex; - reads stdin)\n"
    "  --json      print one JSON object instead of text\n"
    "  --hex       the input is hex text (white space ignored), not binary\n"
    "  --lite      the message has GIOP lite's short header\n"
    "  -h, --help  print this help and exit\n"
    "exit status: 0 decoded, 1 malformed or unreadable input, 2 bad usage\n";

Options parse_args(int argc, char** argv) {
  Options o;
  bool have_input = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      o.help = true;
      return o;
    }
    if (!o.usage_error.empty()) continue;  // a later --help still wins
    if (arg == "--json") {
      o.json = true;
    } else if (arg == "--hex") {
      o.hex = true;
    } else if (arg == "--lite") {
      o.lite = true;
    } else if (arg.size() > 1 && arg[0] == '-') {
      o.usage_error = "unknown option '" + arg + "'";
    } else if (have_input) {
      o.usage_error = "more than one input given";
    } else {
      o.input = arg;
      have_input = true;
    }
  }
  if (!have_input && o.usage_error.empty()) o.usage_error = "no input given";
  return o;
}

std::vector<std::uint8_t> read_all(const std::string& input) {
  if (input == "-") {
    return {std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  }
  std::ifstream in(input, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + input + ": " + std::strerror(errno));
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

int hex_value(std::uint8_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::vector<std::uint8_t> from_hex(const std::vector<std::uint8_t>& text) {
  std::vector<std::uint8_t> bytes;
  int high = -1;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (std::isspace(text[i])) continue;
    const int v = hex_value(text[i]);
    if (v < 0) {
      throw std::runtime_error("invalid hex character at offset " + std::to_string(i));
    }
    if (high < 0) {
      high = v;
    } else {
      bytes.push_back(static_cast<std::uint8_t>(high << 4 | v));
      high = -1;
    }
  }
  if (high >= 0) throw std::runtime_error("odd number of hex digits");
  return bytes;
}

}  // namespace

int main(int argc, char** argv) {
  const Options options = parse_args(argc, argv);
  if (options.help) {
    std::cout << usage;
    return 0;
  }
  if (!options.usage_error.empty()) {
    std::cerr << "rtorb-giop: " << options.usage_error << '\n' << usage;
    return 2;
  }
  try {
    std::vector<std::uint8_t> bytes = read_all(options.input);
    if (options.hex) bytes = from_hex(bytes);
    rtorb::giop::DecodeOptions decode;
    if (options.lite) decode.mode = rtorb::giop::HeaderMode::lite;
    const auto message = rtorb::giop::decode_message(bytes, decode);
    if (options.json) {
      rtorb::tools::print_json(std::cout, message);
    } else {
      rtorb::tools::print_text(std::cout, message);
    }
  } catch (const std::exception& e) {
    std::cerr << "rtorb-giop: error: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
