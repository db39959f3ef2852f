// Starting and stopping the JacORB peer (jacorb_peer.hpp).
#include "jacorb_peer.hpp"

#include "ior/ior_string.hpp"
#include "ior/url_escape.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <stdexcept>
#include <thread>
#include <variant>

namespace rtorb::interop {

namespace {

using namespace std::chrono_literals;

std::atomic<int> next_peer{0};

}  // namespace

JacOrbPeer::JacOrbPeer()
    : ior_file_(std::filesystem::temp_directory_path() /
                ("jacorb-probe-" + std::to_string(::getpid()) + "-" +
                 std::to_string(next_peer++) + ".ior")) {
  std::filesystem::remove(ior_file_);
  process_ = std::make_unique<ChildProcess>(std::vector<std::string>{
      std::string(RTORB_BINARY_DIR) + "/bin/jacorb-probe-server", "--ior-file",
      ior_file_.string()});
  // "ready" follows the rename that makes the IOR file whole.
  if (!process_->value_of("ready", 60s)) {
    throw std::runtime_error("jacorb-probe-server did not start (see its stderr)");
  }
  std::ifstream in(ior_file_);
  if (!std::getline(in, ior_) || !std::getline(in, ordered_ior_) ||
      ior_.rfind("IOR:", 0) != 0 || ordered_ior_.rfind("IOR:", 0) != 0) {
    throw std::runtime_error("jacorb-probe-server wrote no IORs to " + ior_file_.string());
  }
}

JacOrbPeer::~JacOrbPeer() {
  if (process_) {
    process_->terminate();
    process_->wait(10s);
  }
  std::filesystem::remove(ior_file_);
}

std::string corbaloc_for(const std::string& ior, const std::string& version) {
  const auto reference = ior::reference_from_ior_string(ior);
  for (const auto& profile : reference.profiles) {
    if (const auto* iiop = std::get_if<ior::IiopProfile>(&profile)) {
      return "corbaloc:iiop:" + version + "@" + iiop->host + ":" + std::to_string(iiop->port) +
             "/" + ior::url_escape(iiop->object_key);
    }
  }
  throw std::runtime_error("no IIOP profile in " + ior);
}

OrbArgs::OrbArgs(std::initializer_list<std::string> options)
    : strings_{"jacorb_interop_tests"} {
  strings_.insert(strings_.end(), options);
  for (auto& s : strings_) pointers_.push_back(s.data());
  pointers_.push_back(nullptr);
  argc_ = static_cast<int>(strings_.size());
}

}  // namespace rtorb::interop
