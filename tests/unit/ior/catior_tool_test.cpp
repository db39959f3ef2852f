// rtorb-catior run as a process: text and JSON output, exit codes, one-line errors.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace {

struct ToolRun {
  int status = -1;
  std::string out;
  std::string err;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Arguments are passed through the shell in single quotes; tests never put quotes in them.
// Standard input comes from `input`.
ToolRun run_catior(const std::string& args, const std::string& input = {}) {
  // ctest runs tests in parallel processes: the file names carry the pid.
  const std::string base = ::testing::TempDir() + "/catior-" + std::to_string(::getpid());
  const std::string in = base + ".in";
  const std::string out = base + ".out";
  const std::string err = base + ".err";
  std::ofstream(in) << input;
  const std::string command = std::string(RTORB_BINARY_DIR) + "/bin/rtorb-catior " + args +
                              " <" + in + " >" + out + " 2>" + err;
  const int raw = std::system(command.c_str());
  ToolRun r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  for (const std::string& f : {in, out, err}) std::remove(f.c_str());
  return r;
}

constexpr const char* omni_ior =
    "IOR:010000001800000049444c3a72746f72622f546573742f4563686f3a312e30000100000000000000"
    "94000000010102000a0000003132372e302e302e310039300e000000fed159026b000020250000000000"
    "00000400000000000000080000000100000000545441010000001c000000010000000100010001000000"
    "01000105090101000100000009010100030000000e00000001000000040000003a3a31003a3000000300"
    "000014000000010000000a0000006c6f63616c686f7374003b30";

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

int line_count(const std::string& text) {
  int n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

TEST(CatiorTool, PrintsAnOmniOrbReferenceAsText) {
  const ToolRun r = run_catior(std::string("'") + omni_ior + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "type_id: IDL:rtorb/Test/Echo:1.0")) << r.out;
  EXPECT_TRUE(contains(r.out, "- tag: 0\n    kind: TAG_INTERNET_IOP\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "name: TAG_ALTERNATE_IIOP_ADDRESS")) << r.out;
  EXPECT_TRUE(contains(r.out, "iiop_version: 1.2")) << r.out;
  EXPECT_TRUE(contains(r.out, "host: 127.0.0.1")) << r.out;
  EXPECT_TRUE(contains(r.out, "port: 12345")) << r.out;
  EXPECT_TRUE(contains(r.out, "vendor: omniORB")) << r.out;
  EXPECT_TRUE(contains(r.out, "native: ISO-8859-1 (0x00010001)")) << r.out;
  EXPECT_TRUE(contains(r.out, "host: ::1")) << r.out;
  EXPECT_TRUE(contains(r.out, "port: 12347")) << r.out;
  EXPECT_TRUE(contains(r.out, "object_key: \\xfe")) << r.out;
  EXPECT_TRUE(r.err.empty()) << r.err;
}

TEST(CatiorTool, PrintsOneJsonObject) {
  const ToolRun r = run_catior(std::string("--json '") + omni_ior + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(line_count(r.out), 1) << r.out;
  EXPECT_EQ(r.out.front(), '{');
  EXPECT_TRUE(contains(r.out, "\"type_id\":\"IDL:rtorb/Test/Echo:1.0\"")) << r.out;
  EXPECT_TRUE(contains(r.out, "\"port\":12345")) << r.out;
  EXPECT_TRUE(contains(r.out, "\"vendor\":\"omniORB\"")) << r.out;
  EXPECT_TRUE(contains(r.out, R"({"tag":0,"kind":"TAG_INTERNET_IOP","iiop_version":"1.2")"))
      << r.out;
  EXPECT_TRUE(contains(
      r.out, R"({"tag":3,"name":"TAG_ALTERNATE_IIOP_ADDRESS","host":"::1","port":12346})"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "\"object_key_hex\":\"fe")) << r.out;
  EXPECT_TRUE(contains(r.out, "\"object_key\":\"\\\\xfe")) << r.out;  // JSON-escaped backslash
}

TEST(CatiorTool, DecodesCorbalocUrls) {
  const ToolRun r = run_catior("--json 'corbaloc:iiop:1.2@[::1]:2810,:h/a%20b'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "\"source\":\"corbaloc\"")) << r.out;
  EXPECT_TRUE(contains(r.out, "\"host\":\"::1\",\"port\":2810")) << r.out;
  EXPECT_TRUE(contains(r.out, "\"host\":\"h\",\"port\":2809")) << r.out;
  EXPECT_TRUE(contains(r.out, "\"object_key\":\"a b\"")) << r.out;
}

TEST(CatiorTool, ShowsTheNameOfCorbanameUrls) {
  const ToolRun r = run_catior("'corbaname::ns:2900#dir/obj.kind'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "name: dir/obj.kind")) << r.out;
  EXPECT_TRUE(contains(r.out, "object_key: NameService")) << r.out;
}

TEST(CatiorTool, ReportsMalformedInputOnOneLineAndExitsOne) {
  for (const char* input : {"'IOR:0'", "'IOR:zz'", "'IOR:0100'", "'corbaloc::h:99999/k'",
                            "'corbaloc::h/%'", "'foo:bar'", "''"}) {
    const ToolRun r = run_catior(input);
    EXPECT_EQ(r.status, 1) << input;
    EXPECT_EQ(line_count(r.err), 1) << input << ": " << r.err;
    EXPECT_EQ(r.err.rfind("rtorb-catior: error: ", 0), 0u) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

TEST(CatiorTool, NamesTheProblemInTheError) {
  const ToolRun r = run_catior("'IOR:010'");
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.err, "odd number of hex digits")) << r.err;
}

TEST(CatiorTool, ExitsTwoOnUsageErrors) {
  EXPECT_EQ(run_catior("").status, 2);
  EXPECT_EQ(run_catior("--bogus 'IOR:00'").status, 2);
  EXPECT_EQ(run_catior("'IOR:00' 'IOR:00'").status, 2);
}

TEST(CatiorTool, ReadsTheReferenceFromStdin) {
  const ToolRun r = run_catior("-", std::string(omni_ior) + "\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "port: 12345")) << r.out;
}

}  // namespace
