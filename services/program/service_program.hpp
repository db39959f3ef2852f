// What a service program does the same way as the others: --help before any ORB, a default
// pool of server threads, its IOR published whole, and a clean stop on SIGINT or SIGTERM.
#pragma once

#include <rtorb/corba/orb.hpp>

#include <csignal>
#include <string>
#include <vector>

namespace rtorb::services {

// True when --help or -h is among the arguments: the program prints its usage and starts
// nothing, whatever else the line says.
bool asks_for_help(int argc, char* argv[]);

// The program's arguments with `-ORBServerThreads <threads>` added unless the line names
// that option itself: a service's calls may block (a consumer's push, a call to another
// naming server), so it serves from a pool by default. argc()/argv() are what ORB_init
// and the program's own parser then read.
class ArgumentsWithServerThreads {
 public:
  ArgumentsWithServerThreads(int argc, char* argv[], int threads);
  ArgumentsWithServerThreads(const ArgumentsWithServerThreads&) = delete;
  ArgumentsWithServerThreads& operator=(const ArgumentsWithServerThreads&) = delete;

  int& argc() noexcept { return argc_; }
  char** argv() noexcept { return pointers_.data(); }

 private:
  std::vector<std::string> arguments_;
  std::vector<char*> pointers_;
  int argc_ = 0;
};

// Writes `ior` and a newline to `path` so that it appears whole or not at all (a reader
// polling for the file never sees half an IOR); to stdout when `path` is empty. Throws
// std::runtime_error naming the file when it cannot be written.
void publish_ior(const std::string& path, const std::string& ior);

// SIGINT and SIGTERM, blocked in the constructing thread: construct it before ORB_init, so
// that every thread the ORB starts inherits the mask and only serve()'s waiter takes them.
class StopSignals {
 public:
  StopSignals();

  // Runs `orb` until one of the signals arrives (a thread of its own waits for it and shuts
  // the ORB down: a signal handler may not call into the ORB) or until something else
  // shuts the ORB down.
  void serve(const CORBA::object_reference<CORBA::ORB>& orb) const;

 private:
  sigset_t signals_;
};

}  // namespace rtorb::services
