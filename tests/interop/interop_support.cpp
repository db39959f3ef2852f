// Shared pieces of the interop tests.
#include "interop_support.hpp"

#include <cctype>
#include <stdexcept>

namespace rtorb::interop {

std::string program_path(const std::string& name) {
  return std::string(RTORB_BINARY_DIR) + "/bin/" + name;
}

std::string fixture_path(const std::string& name) {
  return std::string(RTORB_SOURCE_DIR) + "/tests/interop/data/" + name;
}

std::string read_text_file(const std::string& path) {
  const std::vector<std::uint8_t> bytes = read_file(path);
  std::string text(bytes.begin(), bytes.end());
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.pop_back();
  return text;
}

std::span<const std::uint8_t> echo_key() {
  static const std::uint8_t key[] = {'E', 'c', 'h', 'o'};
  return key;
}

std::string as_text(std::span<const std::uint8_t> bytes) {
  return std::string(bytes.begin(), bytes.end());
}

OmniServer::OmniServer(Family family)
    : process({program_path("omni_server"), "-ORBendPoint",
               family == Family::ipv4 ? "giop:tcp:127.0.0.1:0" : "giop:tcp:[::1]:0"}) {
  auto ior_line = process.value_of("ior ", io_timeout);
  auto corbaloc_line = process.value_of("corbaloc ", io_timeout);
  auto host_line = process.value_of("host ", io_timeout);
  auto port_line = process.value_of("port ", io_timeout);
  if (!ior_line || !corbaloc_line || !host_line || !port_line ||
      !process.value_of("ready", io_timeout)) {
    throw std::runtime_error("omni_server did not start");
  }
  ior = *ior_line;
  corbaloc = *corbaloc_line;
  host = *host_line;
  port = static_cast<std::uint16_t>(std::stoul(*port_line));
}

OmniServer::~OmniServer() {
  process.terminate();
  process.wait(io_timeout);
}

std::vector<std::uint8_t> build_message(
    const std::function<giop::MessageStart(cdr::OutputStream&)>& write_headers,
    const std::function<void(cdr::OutputStream&)>& write_body) {
  cdr::OutputStream os;
  const giop::MessageStart start = write_headers(os);
  if (write_body) write_body(os);
  giop::end_message(os, start);
  return os.to_bytes();
}

std::vector<std::uint8_t> read_whole_message(Connection& connection,
                                             giop::FragmentAssembler& assembler,
                                             int* wire_messages) {
  int count = 0;
  for (;;) {
    auto wire = connection.read_message(io_timeout);
    if (!wire) throw std::runtime_error("peer closed the connection");
    ++count;
    const giop::FragmentAssembler::Result result = assembler.add(*wire);
    if (result.complete) {
      if (wire_messages != nullptr) *wire_messages = count;
      return {result.message.begin(), result.message.end()};
    }
  }
}

void send_message(Connection& connection, std::span<const std::uint8_t> message,
                  std::size_t max_fragment) {
  if (max_fragment == 0) {
    connection.write_all(message);
    return;
  }
  for (const auto& fragment : giop::split_message(message, max_fragment)) {
    connection.write_all(fragment);
  }
}

}  // namespace rtorb::interop
