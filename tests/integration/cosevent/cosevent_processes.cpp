// The CosEvent test processes: ports, the channel program, consumers' output.
#include "cosevent_processes.hpp"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>

namespace cosevent_test {

std::uint16_t free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  socklen_t length = sizeof address;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  ::close(fd);
  return ntohs(address.sin_port);
}

std::string bin(const std::string& program) { return std::string(RTORB_BINARY_DIR) + "/bin/" + program; }

std::vector<std::string> server_orb_options() {
  return {"-ORBServerThreads", "2", "-ORBEndpoint", "iiop://127.0.0.1:0"};
}

RtorbChannel::RtorbChannel(const std::vector<std::string>& extra) : port_(free_port()) {
  std::string command = "exec " + bin("rtorb-cos-event-channel") + " -ORBEndpoint iiop://127.0.0.1:" +
                        std::to_string(port_);
  for (const auto& argument : extra) command += " " + argument;
  process_ = std::make_unique<ChildProcess>(std::vector<std::string>{"/bin/sh", "-c", command + " 2>&1"});
  auto line = process_->line(20s);
  if (!line || line->rfind("IOR:", 0) != 0) {
    throw std::runtime_error("rtorb-cos-event-channel printed no IOR: " + line.value_or("(nothing)"));
  }
  ior_ = *line;
}

RtorbChannel::~RtorbChannel() {
  process_->terminate();
  process_->wait(5s);
}

std::string RtorbChannel::corbaloc() const {
  return "corbaloc::127.0.0.1:" + std::to_string(port_) + "/EventChannel";
}

std::optional<std::string> RtorbChannel::line_with(const std::string& text) {
  const auto deadline = std::chrono::steady_clock::now() + 30s;
  while (std::chrono::steady_clock::now() < deadline) {
    auto line = process_->line(std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now()));
    if (!line) return std::nullopt;
    if (line->find(text) != std::string::npos) return line;
  }
  return std::nullopt;
}

std::string RtorbChannel::stop_and_collect_output() {
  process_->terminate();
  return process_->rest_of_output(10s);
}

std::unique_ptr<ChildProcess> start_consumer(const std::vector<std::string>& argv) {
  auto consumer = std::make_unique<ChildProcess>(argv);
  auto line = consumer->line(20s);
  if (line != "ready") throw std::runtime_error(argv[0] + " did not connect: " + line.value_or("(nothing)"));
  return consumer;
}

std::vector<std::string> events_of(ChildProcess& consumer) {
  std::vector<std::string> values;
  const std::string output = consumer.rest_of_output(30s);
  std::size_t start = 0;
  while (start < output.size()) {
    const std::size_t end = output.find('\n', start);
    const std::string line = output.substr(start, end - start);
    if (line.rfind("event ", 0) == 0) values.push_back(line.substr(6));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  EXPECT_EQ(consumer.wait(10s), 0) << output;
  return values;
}

std::vector<std::string> expected_events(std::uint32_t count) {
  std::vector<std::string> values;
  for (std::uint32_t i = 1; i <= count; ++i) values.push_back(std::to_string(i));
  return values;
}

}  // namespace cosevent_test
