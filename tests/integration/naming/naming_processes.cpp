// The naming tests' process and port helpers.
#include "naming_processes.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <stdexcept>

namespace naming_test {

std::uint16_t free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
    throw std::runtime_error("no free loopback port");
  }
  ::close(fd);
  return ntohs(address.sin_port);
}

TempDir::TempDir() {
  static std::atomic<int> counter{0};
  path = std::filesystem::temp_directory_path() /
         ("rtorb-naming-it-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  std::filesystem::create_directories(path);
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path, ignored);
}

std::string bin(const std::string& program) { return std::string(RTORB_BINARY_DIR) + "/bin/" + program; }

NamingServer::NamingServer(std::uint16_t port, const std::vector<std::string>& extra) : port_(port) {
  std::vector<std::string> argv{bin("rtorb-naming"), "-ORBEndpoint",
                                "iiop://127.0.0.1:" + std::to_string(port)};
  argv.insert(argv.end(), extra.begin(), extra.end());
  process_ = std::make_unique<rtorb::interop::ChildProcess>(argv);
  const auto line = process_->line(20s);
  if (!line || line->rfind("IOR:", 0) != 0) throw std::runtime_error("rtorb-naming did not start");
  ior_ = *line;
}

NamingServer::~NamingServer() {
  if (process_) stop();
}

std::string NamingServer::corbaloc() const {
  return "corbaloc::127.0.0.1:" + std::to_string(port_) + "/NameService";
}

std::optional<int> NamingServer::stop() {
  process_->terminate();
  auto status = process_->wait(5s);
  process_.reset();
  return status;
}

void NamingServer::kill_now() {
  ::kill(process_->pid(), SIGKILL);
  (void)process_->wait(5s);
  process_.reset();
}

ProgramRun run(const std::vector<std::string>& argv) {
  rtorb::interop::ChildProcess child(argv);
  ProgramRun result;
  result.out = child.rest_of_output(30s);
  result.status = child.wait(5s).value_or(-1);
  return result;
}

CORBA::object_reference<CORBA::ORB> client_orb(std::vector<std::string> options) {
  static std::atomic<int> counter{0};
  std::vector<std::string> args{"naming_it"};
  args.insert(args.end(), options.begin(), options.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  return CORBA::ORB_init(argc, argv.data(), "naming-it-" + std::to_string(counter++));
}

}  // namespace naming_test
