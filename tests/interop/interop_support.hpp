// Shared pieces of the interop tests: where the peers and fixtures are, a running
// omni_server, and whole-message helpers on top of rtorb::giop.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <rtorb/cdr/output_stream.hpp>
#include <span>
#include <string>
#include <vector>

#include "child_process.hpp"
#include "giop/giop.hpp"
#include "loopback.hpp"

namespace rtorb::interop {

using namespace std::chrono_literals;

// Bounds on every wait; generous because a loaded CI machine may be slow, never asserted.
inline constexpr std::chrono::milliseconds io_timeout = 15s;

std::string program_path(const std::string& name);    // <build>/bin/<name>
std::string fixture_path(const std::string& name);    // tests/interop/data/<name>
std::string read_text_file(const std::string& path);  // without trailing whitespace

// The 4-byte object key omni_server gives its Echo object.
std::span<const std::uint8_t> echo_key();
std::string as_text(std::span<const std::uint8_t> bytes);

// element i of the sequence omni_client's echo_seq sends
inline std::int32_t seq_element(std::uint32_t i) {
  return static_cast<std::int32_t>(3 * i) - 1000;
}

// omni_server on loopback, stopped (SIGTERM, then SIGKILL) when the guard goes away.
class OmniServer {
 public:
  explicit OmniServer(Family family);
  ~OmniServer();
  std::string ior;
  std::string corbaloc;
  std::string host;
  std::uint16_t port = 0;
  ChildProcess process;
};

// Writes one message with `write_headers` (an encode_* call returning MessageStart) and
// `write_body`, and returns its bytes.
std::vector<std::uint8_t> build_message(
    const std::function<giop::MessageStart(cdr::OutputStream&)>& write_headers,
    const std::function<void(cdr::OutputStream&)>& write_body = {});

// Reads messages until `assembler` yields a complete one; returns a copy of it and counts
// the wire messages it took. Throws std::runtime_error if the peer closes first.
std::vector<std::uint8_t> read_whole_message(Connection& connection,
                                             giop::FragmentAssembler& assembler,
                                             int* wire_messages = nullptr);

// Sends `message`, split into fragments of at most `max_fragment` bytes when nonzero.
void send_message(Connection& connection, std::span<const std::uint8_t> message,
                  std::size_t max_fragment = 0);

}  // namespace rtorb::interop
