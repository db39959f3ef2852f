// Runs build/bin/rtorb-giop as a process on good and bad input.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace {

namespace fs = std::filesystem;

struct ToolRun {
  int exit_code;
  std::string out;
  std::string err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

class RtorbGiopTool : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("rtorb-giop-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path write(const std::string& name, const std::string& content) {
    const fs::path p = dir_ / name;
    std::ofstream(p, std::ios::binary) << content;
    return p;
  }

  ToolRun run(const std::string& args) {
    const std::string cmd = std::string(RTORB_BINARY_DIR "/bin/rtorb-giop ") + args + " >" +
                            (dir_ / "out").string() + " 2>" + (dir_ / "err").string();
    const int status = std::system(cmd.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir_ / "out"), slurp(dir_ / "err")};
  }

  fs::path dir_;
};

// GIOP 1.2 Request, big-endian: id 5, twoway, key "key", operation "echo", 4-byte body.
const std::string request_hex =
    "47494f50 01020000 00000028\n00000005 03000000 00000000 00000003 6b657900\n"
    "00000005 6563686f 00000000 00000000 00000007\n";

std::string from_hex(const std::string& hex) {
  std::string out;
  std::string digits;
  for (char c : hex) {
    if (std::isxdigit(static_cast<unsigned char>(c))) digits += c;
  }
  for (std::size_t i = 0; i + 1 < digits.size(); i += 2) {
    out += static_cast<char>(std::stoi(digits.substr(i, 2), nullptr, 16));
  }
  return out;
}

TEST_F(RtorbGiopTool, PrintsTheRequestHeaderOfABinaryFile) {
  const auto r = run(write("req.bin", from_hex(request_hex)).string());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("message_type: Request"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("request_id: 5"), std::string::npos);
  EXPECT_NE(r.out.find("object_key: key"), std::string::npos);
  EXPECT_NE(r.out.find("object_key_hex: 6b6579"), std::string::npos);
  EXPECT_NE(r.out.find("operation: echo"), std::string::npos);
  EXPECT_NE(r.out.find("body_length: 4"), std::string::npos);
  EXPECT_TRUE(r.err.empty());
}

TEST_F(RtorbGiopTool, PrintsOneJsonObjectFromHexText) {
  const auto r = run("--json --hex " + write("req.hex", request_hex).string());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.front(), '{');
  EXPECT_EQ(r.out.find('\n'), r.out.size() - 1);
  EXPECT_NE(r.out.find("\"operation\":\"echo\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"request_id\":5"), std::string::npos);
  EXPECT_NE(r.out.find("\"response_flags\":\"0x03 (SYNC_WITH_TARGET)\""), std::string::npos);
}

// GIOP 1.1 Request, big-endian: id 7, response_expected TRUE, 3 reserved octets, key
// "key", operation "echo", empty principal, 4-byte body.
const std::string request_1_1_hex =
    "47494f50 01010000 00000028\n00000000 00000007 01000000 00000003 6b657900\n"
    "00000005 6563686f 00000000 00000000 00000007\n";
// GIOP 1.0 Request (a oneway): id 8, response_expected FALSE, then padding (no reserved).
const std::string request_1_0_hex =
    "47494f50 01000000 00000028\n00000000 00000008 00000000 00000003 6b657900\n"
    "00000005 6563686f 00000000 00000000 00000007\n";

TEST_F(RtorbGiopTool, ShowsTheResponseExpectedBooleanOfGiop11AsOnTheWire) {
  const auto r = run("--hex " + write("req.hex", request_1_1_hex).string());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("response_expected: true (0x01)"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("response_flags"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("request_id: 7"), std::string::npos);
  EXPECT_NE(r.out.find("operation: echo"), std::string::npos);
  EXPECT_NE(r.out.find("body_length: 4"), std::string::npos);
  const auto json = run("--json --hex " + write("req.hex", request_1_1_hex).string());
  EXPECT_EQ(json.exit_code, 0) << json.err;
  EXPECT_NE(json.out.find("\"response_expected\":true"), std::string::npos) << json.out;
  EXPECT_EQ(json.out.find("response_flags"), std::string::npos) << json.out;
}

TEST_F(RtorbGiopTool, ShowsTheResponseExpectedBooleanOfGiop10AsOnTheWire) {
  const auto r = run("--hex " + write("req.hex", request_1_0_hex).string());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("version: 1.0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("response_expected: false (0x00)"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("response_flags"), std::string::npos) << r.out;
  const auto json = run("--json --hex " + write("req.hex", request_1_0_hex).string());
  EXPECT_NE(json.out.find("\"response_expected\":false"), std::string::npos) << json.out;
}

TEST_F(RtorbGiopTool, ReadsStandardInput) {
  const auto r = run("--hex - <" + write("req.hex", request_hex).string());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("operation: echo"), std::string::npos);
}

TEST_F(RtorbGiopTool, ReportsMalformedInputOnOneLineAndExits1) {
  const auto r = run("--hex " + write("bad.hex", "47494f50 0103 00 00 00000000").string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.out.empty());
  EXPECT_EQ(r.err.rfind("rtorb-giop: error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("version 1.3"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1);
}

TEST_F(RtorbGiopTool, ReportsTruncatedBinaryInputAndExits1) {
  const auto r = run(write("short.bin", from_hex(request_hex).substr(0, 30)).string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.rfind("rtorb-giop: error: ", 0), 0u) << r.err;
}

TEST_F(RtorbGiopTool, ExitsWith2OnUsageErrors) {
  EXPECT_EQ(run("").exit_code, 2);
  EXPECT_EQ(run("--bogus x").exit_code, 2);
  EXPECT_EQ(run("a b").exit_code, 2);
}

TEST_F(RtorbGiopTool, ExitsWith1WhenTheFileIsMissing) {
  const auto r = run((dir_ / "nope").string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.rfind("rtorb-giop: error: cannot open", 0), 0u) << r.err;
}

}  // namespace
