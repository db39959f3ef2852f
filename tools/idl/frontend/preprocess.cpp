// Runs the C preprocessor as a child process (no shell) and captures its output; what it
// says on stderr reaches the user through the diagnostic sink, not around it.
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "frontend/frontend.hpp"
#include "frontend/preprocessor_messages.hpp"

namespace rtorb::idl {

namespace {

std::vector<std::string> preprocessor_argv(const std::string& file, const PreprocessOptions& options) {
  std::vector<std::string> argv;
  std::istringstream words(options.command);
  for (std::string word; words >> word;) argv.push_back(word);
  argv.push_back("-C");  // keep comments so doc comments reach the lexer
  argv.push_back("-D__RTORB_IDL__");  // lets IDL files tell which compiler reads them
  for (const auto& dir : options.include_dirs) argv.push_back("-I" + dir);
  for (const auto& define : options.defines) argv.push_back("-D" + define);
  for (const auto& name : options.undefines) argv.push_back("-U" + name);
  argv.push_back(file);
  return argv;
}

[[noreturn]] void exec_child(const std::vector<std::string>& args, int out_fd, int err_fd) {
  dup2(out_fd, STDOUT_FILENO);
  dup2(err_fd, STDERR_FILENO);
  std::vector<char*> argv;
  for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  execvp(argv[0], argv.data());
  _exit(127);
}

// Reads both pipes to their ends together: a child blocked writing one while we wait on
// the other would never finish.
void read_both(int out_fd, int err_fd, std::string& out, std::string& err) {
  std::array<pollfd, 2> fds{{{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}}};
  std::array<std::string*, 2> into{&out, &err};
  char buffer[65536];
  for (int open = 2; open > 0;) {
    if (poll(fds.data(), fds.size(), -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    for (std::size_t i = 0; i < fds.size(); ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      const ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        fds[i].fd = -1;  // poll ignores it from now on
        --open;
        continue;
      }
      into[i]->append(buffer, static_cast<std::size_t>(n));
    }
  }
}

}  // namespace

std::string preprocess(const std::string& file, const PreprocessOptions& options,
                       DiagnosticSink& sink) {
  const SourceLocation where{std::make_shared<const std::string>(file), 0, 0};
  if (!std::ifstream(file)) {
    sink.error(where, "cannot open input file '" + file + "': " + std::strerror(errno));
    return {};
  }
  const auto args = preprocessor_argv(file, options);
  if (args.size() < 3) {
    sink.error(where, "empty preprocessor command");
    return {};
  }
  int out[2];
  int err[2];
  if (pipe(out) != 0) {
    sink.error(where, std::string("cannot create a pipe: ") + std::strerror(errno));
    return {};
  }
  if (pipe(err) != 0) {
    sink.error(where, std::string("cannot create a pipe: ") + std::strerror(errno));
    close(out[0]);
    close(out[1]);
    return {};
  }
  const pid_t child = fork();
  if (child == 0) {
    close(out[0]);
    close(err[0]);
    exec_child(args, out[1], err[1]);
  }
  close(out[1]);
  close(err[1]);
  std::string output;
  std::string messages;
  read_both(out[0], err[0], output, messages);
  close(out[0]);
  close(err[0]);
  int status = 0;
  const bool ran = child >= 0 && waitpid(child, &status, 0) >= 0 && WIFEXITED(status);
  if (ran && WEXITSTATUS(status) == 127) {
    sink.error(where, "cannot run the preprocessor '" + args[0] + "'");
    return {};
  }
  const bool failed = !ran || WEXITSTATUS(status) != 0;
  report_preprocessor_messages(messages, file, options.command, failed, sink);
  return failed ? std::string() : output;
}

}  // namespace rtorb::idl
