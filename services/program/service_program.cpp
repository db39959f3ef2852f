// The service programs' shared start and stop.
#include "service_program.hpp"

#include <pthread.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string_view>
#include <thread>

namespace rtorb::services {

bool asks_for_help(int argc, char* argv[]) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") return true;
  }
  return false;
}

ArgumentsWithServerThreads::ArgumentsWithServerThreads(int argc, char* argv[], int threads)
    : arguments_(argv, argv + argc) {
  if (std::find(arguments_.begin(), arguments_.end(), "-ORBServerThreads") == arguments_.end()) {
    arguments_.insert(arguments_.begin() + (arguments_.empty() ? 0 : 1),
                      {"-ORBServerThreads", std::to_string(threads)});
  }
  for (auto& argument : arguments_) pointers_.push_back(argument.data());
  pointers_.push_back(nullptr);
  argc_ = static_cast<int>(arguments_.size());
}

void publish_ior(const std::string& path, const std::string& ior) {
  if (path.empty()) {
    std::cout << ior << std::endl;
    return;
  }
  const std::string partial = path + ".partial";
  std::ofstream(partial) << ior << '\n';
  if (std::rename(partial.c_str(), path.c_str()) != 0) {
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
  }
}

StopSignals::StopSignals() {
  sigemptyset(&signals_);
  sigaddset(&signals_, SIGINT);
  sigaddset(&signals_, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals_, nullptr);
}

void StopSignals::serve(const CORBA::object_reference<CORBA::ORB>& orb) const {
  std::thread waiter([orb, signals = signals_] {
    int signal = 0;
    sigwait(&signals, &signal);
    orb->shutdown(false);
  });
  orb->run();
  // run() also returns when something else shut the ORB down: wake the waiter.
  pthread_kill(waiter.native_handle(), SIGTERM);
  waiter.join();
}

}  // namespace rtorb::services
