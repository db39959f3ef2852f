// Real-world IDL: every file of Debian's omniorb-idl package goes through rtorb-idl, and
// the C++ it writes compiles.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

namespace {

const char* const idl_root = "/usr/share/idl/omniORB";

// Files that cannot compile with any IDL compiler from this package alone: they include
// IOP.idl or use CORBA::ServiceOption / CORBA::Environment, which the package does not ship.
const std::set<std::string> needs_idl_outside_the_package = {
    "COS/CosTSPortability.idl", "COS/DCE_CIOPSecurity.idl", "COS/NRService.idl",
    "COS/SECIOP.idl",           "COS/SSLIOP.idl",           "COS/Security.idl",
    "COS/SecurityAdmin.idl",    "COS/SecurityLevel1.idl",   "COS/SecurityLevel2.idl",
    "COS/SecurityReplaceable.idl"};

// A fresh output directory per test, removed at the end.
struct OutputDir {
  std::filesystem::path path;
  explicit OutputDir(const char* name)
      : path(std::filesystem::temp_directory_path() / (std::string(name) + std::to_string(::getpid()))) {
    std::filesystem::create_directories(path);
  }
  ~OutputDir() { std::filesystem::remove_all(path); }
};

int run_compiler(const std::filesystem::path& file, const std::filesystem::path& out) {
  // __OMNIIDL__: several COS files include ir.idl only for "their" compiler.
  const std::string command = std::string(RTORB_BINARY_DIR) + "/bin/rtorb-idl -D__OMNIIDL__ -I" + idl_root +
                              " -I" + idl_root + "/COS -o " + out.string() + " " + file.string() +
                              " 2>/dev/null";
  return std::system(command.c_str());
}

}  // namespace

TEST(OmniOrbIdl, EveryPackageFileCompilesExceptThoseNeedingMissingIdl) {
  if (!std::filesystem::exists(idl_root)) GTEST_SKIP() << "omniorb-idl is not installed";
  const OutputDir out("rtorb_omniorb_idl_");
  int compiled = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(idl_root)) {
    if (entry.path().extension() != ".idl") continue;
    const std::string relative = std::filesystem::relative(entry.path(), idl_root).string();
    const bool expected_ok = needs_idl_outside_the_package.count(relative) == 0;
    EXPECT_EQ(run_compiler(entry.path(), out.path) == 0, expected_ok) << relative;
    compiled += expected_ok;
  }
  EXPECT_GE(compiled, 60);
}

// All generated sources go into one directory (the package's file names are unique), so
// each generated source finds the headers of the IDL files it includes; each is then compiled on its
// own (Naming.idl and COS/CosNaming.idl define the same module) together with its
// skeletons, two at a time.
TEST(OmniOrbIdl, GeneratedCodeOfEveryPackageFileCompilesWithoutWarnings) {
  if (!std::filesystem::exists(idl_root)) GTEST_SKIP() << "omniorb-idl is not installed";
  const OutputDir out("rtorb_omniorb_cpp_");
  int generated = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(idl_root)) {
    if (entry.path().extension() != ".idl") continue;
    generated += run_compiler(entry.path(), out.path) == 0;
  }
  ASSERT_GE(generated, 60);
  const std::string failed = (out.path / "failed.txt").string();
  const std::string compile = std::string(RTORB_CXX) +
                              " -std=c++20 -Wall -Wextra -Wpedantic -Werror -fsyntax-only -I" +
                              RTORB_SOURCE_DIR + "/include -I" + RTORB_BINARY_DIR +
                              "/include -I. {} > {}.log 2>&1 || echo {} >> " + failed;
  // Each file's stubs and skeletons in one translation unit (the headers dominate the time).
  // poa.idl and poa_include.idl too: their `typedef short Servant` is not redeclared over
  // the ORB's own PortableServer::Servant (docs/idl.md, "Natives").
  for (const auto& entry : std::filesystem::directory_iterator(out.path)) {
    const std::string name = entry.path().filename().string();
    if (name.size() < 5 || name.substr(name.size() - 5) != "C.cpp") continue;
    const std::string stem = name.substr(0, name.size() - 5);
    std::ofstream unit(out.path / (stem + "_all.cpp"));
    unit << "#include \"" << name << "\"\n";
    unit << "#include \"" << stem << "S.cpp\"\n";
  }
  const std::string command = "cd " + out.path.string() + " && ls *_all.cpp | xargs -P 2 -I{} sh -c '" +
                              compile + "'";
  ASSERT_EQ(std::system(command.c_str()), 0);
  std::ifstream failures(failed);
  std::string name;
  while (std::getline(failures, name)) {
    std::ifstream log(out.path / (name + ".log"));
    std::string first_lines;
    std::string line;
    for (int i = 0; i < 20 && std::getline(log, line); ++i) first_lines += line + "\n";
    ADD_FAILURE() << name << " does not compile:\n" << first_lines;
  }
}

// The PortableServer IDL of the specification declares `native Servant` (omniORB's file
// says `typedef short`): rtorb-idl writes no C++ for it, and its uses in a local interface
// are the ORB's servant references.
TEST(OmniOrbIdl, SpecStylePortableServerNativeServantIsTheOrbsServant) {
  const OutputDir out("rtorb_native_servant_");
  std::ofstream(out.path / "ps.idl") << "module PortableServer {\n"
                                        "  native Servant;\n"
                                        "  typedef sequence<octet> ObjectId;\n"
                                        "  local interface Activator {\n"
                                        "    Servant incarnate(in ObjectId oid);\n"
                                        "    void etherealize(in ObjectId oid, in Servant serv);\n"
                                        "  };\n"
                                        "};\n";
  std::ofstream(out.path / "use.cpp")
      << "#include \"psS.h\"\n"
         "#include <type_traits>\n"
         "using Result = decltype(std::declval<PortableServer::Activator&>().incarnate({}));\n"
         "static_assert(std::is_same_v<Result, CORBA::servant_reference<PortableServer::Servant>>);\n"
         "static_assert(std::is_abstract_v<PortableServer::Servant>);\n";
  const std::string generate = std::string(RTORB_BINARY_DIR) + "/bin/rtorb-idl -o " + out.path.string() + " " +
                               (out.path / "ps.idl").string();
  ASSERT_EQ(std::system(generate.c_str()), 0);
  std::ifstream header(out.path / "psC.h");
  const std::string text((std::istreambuf_iterator<char>(header)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text.find("using Servant"), std::string::npos) << text;
  const std::string compile = "cd " + out.path.string() + " && " + RTORB_CXX +
                              " -std=c++20 -Wall -Wextra -Wpedantic -Werror -fsyntax-only -I" + RTORB_SOURCE_DIR +
                              "/include -I" + RTORB_BINARY_DIR + "/include -I. use.cpp psC.cpp psS.cpp";
  EXPECT_EQ(std::system(compile.c_str()), 0);
}
