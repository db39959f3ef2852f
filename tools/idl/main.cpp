// rtorb-idl: the IDL compiler driver.
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <rtorb/version.hpp>

#include "backend/generator.hpp"
#include "frontend/ast_dump.hpp"
#include "frontend/frontend.hpp"
#include "frontend/implied_ami.hpp"
#include "not_yet_mapped.hpp"

namespace {

const rtorb::idl::backend::CompilerVersion version{RTORB_VERSION_STRING, RTORB_VERSION};

constexpr const char* usage = R"(usage: rtorb-idl [options] file.idl...

Reads OMG IDL 3.5, checks it, and writes C++ per the IDL to C++11 mapping: for
foo.idl, fooC.h and fooC.cpp (types, TypeCodes, traits, any operators, CDR
codecs, object reference proxies and their stubs) and fooS.h and fooS.cpp
(servant base classes POA::M::I and their skeletons). Errors are printed as
file:line:column: error: message; nothing is written for a file with errors.
Warnings do not change the exit status. Exit status: 0 done, 1 a file has
errors, 2 bad usage.

options:
  -I dir            add dir to the preprocessor's include path (also -Idir)
  -D name[=value]   define a preprocessor macro (also -Dname)
  -U name           undefine a preprocessor macro (also -Uname)
  -o outdir         directory for generated files (default: current directory)
  --cpp CMD         preprocessor command, split on spaces (default: cpp);
                    for example --cpp "g++ -E -x c"
  --depfile FILE    also write a Makefile-style dependency file naming the
                    IDL files each output depends on (one input file only)
  --ami             asynchronous calls for every interface of the file: AMI
                    callbacks (the implied IDL of CORBA Messaging: AMI_<I>Handler and
                    the sendc_ operations), polling (AMI_<I>Poller and the sendp_
                    operations) and coroutine calls (`co_await ref->async().op(...)`);
                    `#pragma ami I` asks for them for one interface. Also -GC, as
                    TAO's and TAOX11's compilers spell it. The generated code then
                    needs the rtorb::messaging library.
  --amh             asynchronous servants for every interface of the file: the
                    servant base POA::AMH_<I>, whose operations take a response
                    handler (AMH_<I>ResponseHandler), and the coroutine servant base
                    POA::CORO_<I>, whose operations are coroutines that co_return
                    the reply; `#pragma amh I` asks for them for one interface.
                    Needs the rtorb::messaging library.
  --dump-ast        print the checked declarations of each file, with repository ids
  --dump-ast-all    like --dump-ast, including declarations from #included files
                    (the --dump-ast options write no C++)
  --version         print the version and exit
  -h, --help        print this help and exit

)";

struct Options {
  rtorb::idl::PreprocessOptions preprocess;
  std::string output_dir = ".";
  std::string depfile;
  bool dump_ast = false;
  bool dump_all = false;
  bool ami = false;
  bool amh = false;
  std::vector<std::string> files;
};

// Accepts "-Xvalue" and "-X value"; returns false if the value is missing.
bool take_value(int argc, char** argv, int& i, const char* flag, std::string& value) {
  const std::size_t length = std::strlen(flag);
  if (std::strlen(argv[i]) > length) {
    value = argv[i] + length;
    return true;
  }
  if (i + 1 >= argc) return false;
  value = argv[++i];
  return true;
}

int usage_error(const std::string& why) {
  std::cerr << "rtorb-idl: error: " << why << '\n' << usage;
  return 2;
}

// The exit status if the program is done (help, version, bad usage), else -1.
int parse_arguments(int argc, char** argv, Options& options) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    std::string value;
    const auto with_value = [&](const char* flag, std::vector<std::string>& into) {
      if (!take_value(argc, argv, i, flag, value)) return false;
      into.push_back(value);
      return true;
    };
    bool ok = true;
    if (arg == "--help" || arg == "-h") { std::cout << usage << rtorb::idl::not_yet_mapped_help; return 0; }
    if (arg == "--version") { std::cout << "rtorb-idl " << version.text << '\n'; return 0; }
    if (arg == "--dump-ast") options.dump_ast = true;
    else if (arg == "--ami" || arg == "-GC") options.ami = true;
    else if (arg == "--amh") options.amh = true;
    else if (arg == "--dump-ast-all") options.dump_ast = options.dump_all = true;
    else if (arg == "--depfile") ok = take_value(argc, argv, i, "--depfile", options.depfile);
    else if (arg == "--cpp") ok = take_value(argc, argv, i, "--cpp", options.preprocess.command);
    else if (arg.rfind("-I", 0) == 0) ok = with_value("-I", options.preprocess.include_dirs);
    else if (arg.rfind("-D", 0) == 0) ok = with_value("-D", options.preprocess.defines);
    else if (arg.rfind("-U", 0) == 0) ok = with_value("-U", options.preprocess.undefines);
    else if (arg.rfind("-o", 0) == 0) ok = take_value(argc, argv, i, "-o", options.output_dir);
    else if (!arg.empty() && arg[0] == '-') return usage_error("unknown option '" + arg + "'");
    else options.files.push_back(arg);
    if (!ok) return usage_error("option '" + arg + "' needs a value");
  }
  if (options.files.empty()) return usage_error("no input files");
  if (!options.depfile.empty() && options.files.size() != 1) {
    return usage_error("--depfile needs exactly one input file");
  }
  return -1;
}

bool write_outputs(const rtorb::idl::Specification& spec, const std::string& preprocessed,
                   const Options& options) {
  namespace backend = rtorb::idl::backend;
  std::vector<backend::GeneratedFile> files = backend::generate_cpp(spec, version);
  if (!options.depfile.empty()) {
    const std::string target = (std::filesystem::path(options.output_dir) / files.front().name).string();
    const std::filesystem::path depfile(options.depfile);
    std::vector<std::string> sources = backend::source_files(preprocessed);
    if (sources.empty()) sources.push_back(spec.main_file);
    std::string error;
    if (!backend::write_files(depfile.parent_path().empty() ? "." : depfile.parent_path().string(),
                              {{depfile.filename().string(), backend::make_depfile(target, sources)}}, error)) {
      std::cerr << "rtorb-idl: error: " << error << '\n';
      return false;
    }
  }
  std::string error;
  if (!backend::write_files(options.output_dir, files, error)) {
    std::cerr << "rtorb-idl: error: " << error << '\n';
    return false;
  }
  return true;
}

// rtorb-idl --amh: every (non-local, non-abstract) interface of the main file, except the
// AMI reply handlers the file's implied IDL added.
void ask_amh_for_all(rtorb::idl::ScopeDecl& scope) {
  for (auto& child : scope.contents) {
    if (auto* i = child->as<rtorb::idl::InterfaceDecl>()) {
      if (i->in_main_file && i->flavor == rtorb::idl::InterfaceFlavor::unconstrained &&
          i->ami_for == nullptr) {
        i->amh = true;
      }
    } else if (auto* m = child->as<rtorb::idl::ModuleDecl>()) {
      ask_amh_for_all(*m);
    }
  }
}

bool compile_file(const std::string& file, const Options& options) {
  rtorb::idl::DiagnosticSink sink;
  const std::string text = rtorb::idl::preprocess(file, options.preprocess, sink);
  std::unique_ptr<rtorb::idl::Specification> spec;
  if (!sink.has_errors()) spec = rtorb::idl::parse_idl(text, file, sink);
  if (!sink.has_errors()) rtorb::idl::add_implied_ami(*spec, options.ami, sink);
  if (!sink.has_errors() && options.amh) ask_amh_for_all(*spec->root);
  sink.render(std::cerr);
  if (sink.has_errors()) return false;
  if (options.dump_ast) {
    std::cout << rtorb::idl::dump_ast(*spec->root, options.dump_all);
    return true;
  }
  return write_outputs(*spec, text, options);
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (const int status = parse_arguments(argc, argv, options); status >= 0) return status;
  bool ok = true;
  for (const auto& file : options.files) ok = compile_file(file, options) && ok;
  return ok ? 0 : 1;
}
