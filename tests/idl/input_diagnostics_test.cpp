// Diagnostics about where the input stops making sense: a missing ';', input that ends
// inside an open construct, and an #include that cannot be found. Each is said once, at
// the place it is about.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "idl_test_support.hpp"

using rtorb::idl::test::compile;

namespace {

// Only `error:` lines count: notes may follow the one error.
int error_lines(const std::string& diagnostics) {
  int count = 0;
  std::istringstream lines(diagnostics);
  for (std::string line; std::getline(lines, line);) count += line.find(": error: ") != std::string::npos;
  return count;
}

TEST(MissingSemicolon, IsReportedRightAfterTheTokenItShouldFollow) {
  const auto result = compile("module M {\n  typedef long A\n  typedef long B;\n};\n");
  EXPECT_EQ(result.diagnostics,
            "t.idl:2:17: error: expected ';' after identifier 'A'\n  typedef long A\n                ^\n");
}

TEST(MissingSemicolon, OnTheSameLineAsTheNextTokenIsStillAfterThePreviousOne) {
  const auto result = compile("interface I { void f() void g(); };\n");
  EXPECT_EQ(result.diagnostics.substr(0, result.diagnostics.find('\n')),
            "t.idl:1:23: error: expected ';' after ')'");
}

TEST(MissingSemicolon, AfterAClosingBraceAtTheEndOfTheFile) {
  const auto result = compile("struct S { long x; }\n");
  EXPECT_EQ(result.diagnostics, "t.idl:1:21: error: expected ';' after '}'\nstruct S { long x; }\n                    ^\n");
}

TEST(MissingSemicolon, ParsingGoesOnSoTheRestIsChecked) {
  // B is declared although A's ';' is missing: C's use of it is fine, D's of Nope is not.
  const auto result = compile("typedef long A\ntypedef A B;\ntypedef B C;\ntypedef Nope D;\n");
  EXPECT_EQ(error_lines(result.diagnostics), 2) << result.diagnostics;
  EXPECT_NE(result.diagnostics.find("t.idl:1:15: error: expected ';' after identifier 'A'"), std::string::npos);
  EXPECT_NE(result.diagnostics.find("t.idl:4:9: error: 'Nope' is not declared"), std::string::npos);
}

TEST(UnclosedConstruct, AModuleLeftOpenIsOneErrorNamingIt) {
  const auto result = compile("// M\n\nmodule M {\n  typedef long T;\n");
  EXPECT_EQ(result.diagnostics, "t.idl:5:1: error: module 'M' opened at t.idl:3:1 is not closed\n");
}

TEST(UnclosedConstruct, NestedConstructsNameTheInnermostAndNoteTheOthers) {
  const auto result = compile("module M {\n  interface I {\n    void f();\n");
  EXPECT_EQ(error_lines(result.diagnostics), 1) << result.diagnostics;
  EXPECT_EQ(result.diagnostics,
            "t.idl:4:1: error: interface 'I' opened at t.idl:2:3 is not closed\n"
            "t.idl:1:1: note: module 'M' is not closed either\nmodule M {\n^\n");
}

TEST(UnclosedConstruct, EveryBracedConstructIsNamed) {
  const std::pair<const char*, const char*> cases[] = {
      {"struct S { long x;\n", "struct 'S' opened at t.idl:1:1"},
      {"union U switch (long) { case 1: long x;\n", "union 'U' opened at t.idl:1:1"},
      {"enum E { a, b\n", "enum 'E' opened at t.idl:1:1"},
      {"exception X { long x;\n", "exception 'X' opened at t.idl:1:1"},
      {"local interface L { void f();\n", "interface 'L' opened at t.idl:1:1"},
      {"valuetype V { public long x;\n", "valuetype 'V' opened at t.idl:1:1"},
      {"module M { struct S { long x; }\n", "module 'M' opened at t.idl:1:1"},
      {"module M { interface I { void f(\n", "interface 'I' opened at t.idl:1:12"},
  };
  for (const auto& [idl, named] : cases) {
    const auto result = compile(idl);
    EXPECT_EQ(error_lines(result.diagnostics), 1) << idl << result.diagnostics;
    EXPECT_NE(result.diagnostics.find(std::string("t.idl:2:1: error: ") + named + " is not closed"),
              std::string::npos)
        << idl << result.diagnostics;
  }
}

TEST(UnclosedConstruct, InputEndingOutsideAnyConstructSaysWhatWasExpected) {
  const auto result = compile("typedef long\n");
  EXPECT_EQ(result.diagnostics, "t.idl:2:1: error: expected a declarator name before end of input\n");
}

// rtorb-idl run as users run it, so anything cpp printed itself would show in stderr.
struct IdlRun {
  int status = -1;
  std::string err;
};

class MissingInclude : public ::testing::Test {
 protected:
  std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) /
                              ("rtorb-idl-include-" + std::to_string(::getpid()));
  MissingInclude() { std::filesystem::create_directories(dir); }
  ~MissingInclude() override { std::filesystem::remove_all(dir); }

  void write(const std::string& name, const std::string& text) { std::ofstream(dir / name) << text; }
  IdlRun run(const std::string& file) {
    const std::string err = (dir / "stderr").string();
    const std::string command = "cd '" + dir.string() + "' && " + RTORB_BINARY_DIR +
                                "/bin/rtorb-idl -o out " + file + " 2>'" + err + "'";
    const int raw = std::system(command.c_str());
    std::ifstream in(err);
    std::stringstream text;
    text << in.rdbuf();
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, text.str()};
  }
};

TEST_F(MissingInclude, IsOneDiagnosticAtTheIncludeDirective) {
  write("bad.idl", "// a comment\n#include \"x.idl\"\nmodule M {};\n");
  const IdlRun r = run("bad.idl");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "bad.idl:2:10: error: cannot open include file 'x.idl'\n#include \"x.idl\"\n         ^\n");
}

TEST_F(MissingInclude, InAnIncludedFileNotesWhereThatFileWasIncluded) {
  write("top.idl", "#include \"mid.idl\"\n");
  write("mid.idl", "\n#include <gone.idl>\n");
  const IdlRun r = run("top.idl");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "mid.idl:2:10: error: cannot open include file 'gone.idl'\n#include <gone.idl>\n         ^\n"
            "top.idl:1: note: included from here\n");
}

TEST_F(MissingInclude, AMissingInputFileIsOneLine) {
  const IdlRun r = run("nothing.idl");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "nothing.idl: error: cannot open input file 'nothing.idl': No such file or directory\n");
}

TEST_F(MissingInclude, PreprocessorErrorsAndWarningsGoThroughTheSink) {
  write("err.idl", "#warning careful\n#error stop here\n");
  const IdlRun r = run("err.idl");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("err.idl:1:2: warning: #warning careful"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("err.idl:2:2: error: #error stop here"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("compilation terminated"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(" | "), std::string::npos) << r.err;  // cpp's own source quotes
}

}  // namespace
