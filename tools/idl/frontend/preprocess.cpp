// Runs the C preprocessor as a child process (no shell) and captures its output.
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>

#include "frontend/frontend.hpp"

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

[[noreturn]] void exec_child(const std::vector<std::string>& args, int out_fd) {
  dup2(out_fd, STDOUT_FILENO);
  std::vector<char*> argv;
  for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  execvp(argv[0], argv.data());
  _exit(127);
}

}  // namespace

std::string preprocess(const std::string& file, const PreprocessOptions& options,
                       DiagnosticSink& sink) {
  const SourceLocation where{std::make_shared<const std::string>(file), 0, 0};
  const auto args = preprocessor_argv(file, options);
  if (args.size() < 3) {
    sink.error(where, "empty preprocessor command");
    return {};
  }
  int fds[2];
  if (pipe(fds) != 0) {
    sink.error(where, std::string("cannot create a pipe: ") + std::strerror(errno));
    return {};
  }
  const pid_t child = fork();
  if (child == 0) {
    close(fds[0]);
    exec_child(args, fds[1]);
  }
  close(fds[1]);
  std::string output;
  char buffer[65536];
  for (ssize_t n; (n = read(fds[0], buffer, sizeof buffer)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    output.append(buffer, static_cast<std::size_t>(n));
  }
  close(fds[0]);
  int status = 0;
  if (child < 0 || waitpid(child, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    const bool missing = child >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 127;
    sink.error(where, missing ? "cannot run the preprocessor '" + args[0] + "'"
                              : "the preprocessor '" + options.command + "' failed");
    return {};
  }
  return output;
}

}  // namespace rtorb::idl
