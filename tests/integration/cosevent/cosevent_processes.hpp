// What the CosEvent process tests share (integration here, interop with omniEvents): the
// rtorb channel, supplier and consumer programs as child processes on loopback.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "child_process.hpp"

namespace cosevent_test {

using namespace std::chrono_literals;
using rtorb::interop::ChildProcess;

std::uint16_t free_port();                      // a loopback port nothing listens on now
std::string bin(const std::string& program);    // <build>/bin/<program>
std::vector<std::string> server_orb_options();  // loopback endpoint, two server threads

// rtorb-cos-event-channel on 127.0.0.1:port (its log merged into its stdout); the
// constructor waits for its IOR. The destructor stops it (SIGTERM, SIGKILL after 5 s).
class RtorbChannel {
 public:
  explicit RtorbChannel(const std::vector<std::string>& extra = {});
  ~RtorbChannel();
  const std::string& ior() const { return ior_; }
  std::string corbaloc() const;  // corbaloc::127.0.0.1:port/EventChannel
  // The first line it prints that holds `text` (waiting up to 30 s); nullopt if none.
  std::optional<std::string> line_with(const std::string& text);
  // Everything it printed after its IOR, until it exits (SIGTERM first).
  std::string stop_and_collect_output();

 private:
  std::uint16_t port_;
  std::unique_ptr<ChildProcess> process_;
  std::string ior_;
};

// A consumer program started on `channel`, waited for until it prints "ready".
std::unique_ptr<ChildProcess> start_consumer(const std::vector<std::string>& argv);

// The values of the "event V" lines a consumer printed until it exits (bounded); fails
// the test when it does not exit 0.
std::vector<std::string> events_of(ChildProcess& consumer);

std::vector<std::string> expected_events(std::uint32_t count);  // "1" .. "count"

}  // namespace cosevent_test
