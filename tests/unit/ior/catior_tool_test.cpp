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

// A temporary file holding `text`, removed with the object.
class TempFile {
 public:
  TempFile(const std::string& name, const std::string& text)
      : path_(::testing::TempDir() + "/" + name + "-" + std::to_string(::getpid())) {
    std::ofstream(path_) << text;
  }
  ~TempFile() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

TEST(CatiorTool, ReadsFileUrlsAsStringToObjectDoes) {
  const TempFile file("catior-ref", std::string(omni_ior) + "  \nsecond line ignored\n");
  const ToolRun direct = run_catior(std::string("'") + omni_ior + "'");
  for (const std::string& url : {"file://" + file.path(), "file:" + file.path()}) {
    const ToolRun r = run_catior("'" + url + "'");
    ASSERT_EQ(r.status, 0) << url << ": " << r.err;
    EXPECT_EQ(r.out, direct.out) << url;
  }
}

TEST(CatiorTool, AnUnreadableFileIsOneErrorLine) {
  const ToolRun r = run_catior("'file:///nonexistent/rtorb/x.ior'");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "rtorb-catior: error: cannot read a reference from /nonexistent/rtorb/x.ior\n");
  EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST(CatiorTool, PrintsAReferenceAsCorbalocWithEveryAddressAndAnEscapedKey) {
  // omni_ior: one IIOP 1.2 profile, 127.0.0.1:12345, two TAG_ALTERNATE_IIOP_ADDRESS
  // components, a binary key (fe d1 59 02 6b 00 00 20 25 00 00 00 00 00).
  const ToolRun r = run_catior(std::string("--corbaloc '") + omni_ior + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "corbaloc:iiop:1.2@127.0.0.1:12345,iiop:1.2@[::1]:12346,iiop:1.2@localhost:12347/"
            "%FE%D1Y%02k%00%00%20%25%00%00%00%00%00\n");
  // And the URL decodes to the same key and addresses.
  const ToolRun back = run_catior("--json '" + r.out.substr(0, r.out.size() - 1) + "'");
  ASSERT_EQ(back.status, 0) << back.err;
  EXPECT_TRUE(contains(back.out, "\"object_key_hex\":\"fed159026b000020250000000000\"")) << back.out;
  EXPECT_TRUE(contains(back.out, "\"host\":\"localhost\",\"port\":12347")) << back.out;
}

TEST(CatiorTool, CorbalocKeepsTheSpecsUnreservedCharacters) {
  const ToolRun r = run_catior("--corbaloc 'corbaloc::h:1/My%20Bank;a:b?c@d&e=f+g$h,-_.!~*()/%2F'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "corbaloc:iiop:h:1/My%20Bank;a:b?c@d&e=f+g$h,-_.!~*()//\n");
}

TEST(CatiorTool, ReferencesWithoutACorbalocFormAreOneErrorLine) {
  for (const char* input : {"'IOR:01000000010000000000000000000000'",  // nil
                            "'corbaname::ns:2900#dir/obj'"}) {
    const ToolRun r = run_catior(std::string("--corbaloc ") + input);
    EXPECT_EQ(r.status, 1) << input;
    EXPECT_EQ(line_count(r.err), 1) << r.err;
    EXPECT_TRUE(contains(r.err, "minor 0x52540212")) << r.err;  // bad_param_no_corbaloc
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  EXPECT_EQ(run_catior(std::string("--json --corbaloc '") + omni_ior + "'").status, 2);
}

}  // namespace
