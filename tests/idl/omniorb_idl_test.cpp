// Real-world IDL: every file of Debian's omniorb-idl package goes through rtorb-idl.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
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

int run_compiler(const std::filesystem::path& file) {
  // __OMNIIDL__: several COS files include ir.idl only for "their" compiler.
  const std::string command = std::string(RTORB_BINARY_DIR) + "/bin/rtorb-idl -D__OMNIIDL__ -I" + idl_root +
                              " -I" + idl_root + "/COS " + file.string() + " 2>/dev/null";
  return std::system(command.c_str());
}

}  // namespace

TEST(OmniOrbIdl, EveryPackageFileCompilesExceptThoseNeedingMissingIdl) {
  if (!std::filesystem::exists(idl_root)) GTEST_SKIP() << "omniorb-idl is not installed";
  int compiled = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(idl_root)) {
    if (entry.path().extension() != ".idl") continue;
    const std::string relative = std::filesystem::relative(entry.path(), idl_root).string();
    const bool expected_ok = needs_idl_outside_the_package.count(relative) == 0;
    EXPECT_EQ(run_compiler(entry.path()) == 0, expected_ok) << relative;
    compiled += expected_ok;
  }
  EXPECT_GE(compiled, 60);
}
