#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/orb_options.hpp"

namespace rtorb::orb {
namespace {

// argv storage for one parse; argv() is what main() would see.
struct Args {
  explicit Args(std::vector<std::string> a) : strings(std::move(a)) {
    strings.insert(strings.begin(), "prog");
    for (auto& s : strings) pointers.push_back(s.data());
    pointers.push_back(nullptr);
    argc = static_cast<int>(strings.size());
  }
  std::vector<std::string> remaining() const {
    std::vector<std::string> out;
    for (int i = 1; i < argc; ++i) out.emplace_back(pointers[i]);
    return out;
  }
  std::vector<std::string> strings;
  std::vector<char*> pointers;
  int argc;
};

// A layer above the core with options of its own and a minor code of its own.
constexpr std::uint32_t layer_minor = minor::bad_param_bad_rt_option;
enum class Mode { slow, fast };
struct LayerOptions {
  std::uint64_t level = 3;
  bool enabled = false;
  Mode mode = Mode::slow;
  std::vector<std::string> tags;
};
LayerOptions* layer_options = nullptr;  // where the test layer's last registration reads into

LayerSetup register_test_layer(OptionTable& table) {
  static LayerOptions options;
  options = {};
  layer_options = &options;
  table.add({"Level", "0-9", {}, "How much.", layer_minor, number_into(options.level, 0, 9)});
  table.add({"Enabled", "yes|no", {}, "Whether.", layer_minor, yes_no_into(options.enabled)});
  table.add({"Mode", "slow|fast", {}, "How.", layer_minor,
             one_of_into(options.mode, {{"slow", Mode::slow}, {"fast", Mode::fast}})});
  table.add({"Tag", "text", "none", "Repeatable.", layer_minor,
             parsed_by([](std::string_view v) {
               if (v.empty()) throw BadOptionValue{"is empty"};
               options.tags.emplace_back(v);
             })});
  return [](OrbOptions& o) { o.initializers.emplace_back([](OrbContext&) {}); };
}
constexpr RegisterLayer test_layers[] = {&register_test_layer};

OrbOptions parse(Args& args) {
  return parse_orb_arguments(args.argc, args.pointers.data(), test_layers);
}

// The BAD_PARAM a parse raises: its minor and what().
std::pair<std::uint32_t, std::string> rejection(std::vector<std::string> a) {
  Args args(std::move(a));
  try {
    parse(args);
  } catch (const CORBA::BAD_PARAM& e) {
    return {e.minor(), e.what()};
  }
  ADD_FAILURE() << "accepted";
  return {};
}

bool says(const std::string& what, const std::string& text) {
  return what.find(text) != std::string::npos;
}

TEST(OptionTable, ReadsALayersOptionsAndTheCoresInOnePass) {
  Args args({"a", "-ORBLevel", "7", "-ORBDebugLevel=2", "b", "-ORBEnabled", "yes",
             "-ORBMode=fast", "-ORBTag", "x", "-ORBTag=y", "c"});
  const OrbOptions o = parse(args);
  EXPECT_EQ(o.debug_level, 2);
  EXPECT_EQ(layer_options->level, 7u);
  EXPECT_TRUE(layer_options->enabled);
  EXPECT_EQ(layer_options->mode, Mode::fast);
  EXPECT_EQ(layer_options->tags, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(args.remaining(), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(args.pointers[args.argc], nullptr);
  EXPECT_EQ(o.initializers.size(), 1u);  // the layer's, to run on the new ORB
}

// A call to a host gone without a FIN must end by default (docs/faults.md).
TEST(OptionTable, TheOrbsSocketsAreKeptAliveUnlessTheOptionsSayOtherwise) {
  Args none({});
  const OrbOptions defaults = parse(none);
  EXPECT_TRUE(defaults.socket_options.keep_alive);
  EXPECT_EQ(defaults.socket_options.user_timeout_ms, 50'000);
  Args dscp_only({"-ORBSocketOptions", "dscp=10"});
  EXPECT_TRUE(parse(dscp_only).socket_options.keep_alive);
  Args tuned({"-ORBSocketOptions",
              "keep_alive_idle=2,keep_alive_interval=1,keep_alive_count=3,user_timeout=4000"});
  const transport::SocketOptions s = parse(tuned).socket_options;
  EXPECT_EQ(s.keep_alive_idle_s, 2);
  EXPECT_EQ(s.keep_alive_interval_s, 1);
  EXPECT_EQ(s.keep_alive_count, 3);
  EXPECT_EQ(s.user_timeout_ms, 4000);
  Args off({"-ORBSocketOptions", "keep_alive=no,user_timeout=0"});
  const transport::SocketOptions o = parse(off).socket_options;
  EXPECT_FALSE(o.keep_alive);
  EXPECT_EQ(o.user_timeout_ms, 0);
}

TEST(OptionTable, AKeepAliveOfZeroProbesOrZeroSecondsIsBadParam) {
  for (const char* value : {"keep_alive_count=0", "keep_alive_idle=0", "keep_alive_interval=0",
                            "keep_alive_count=128", "user_timeout=-1"}) {
    const auto [minor, what] = rejection({"-ORBSocketOptions", value});
    EXPECT_EQ(minor, minor::bad_param_bad_orb_option) << value;
    EXPECT_TRUE(says(what, "-ORBSocketOptions")) << what;
  }
}

TEST(OptionTable, NamesAreMatchedInAnyLetterCaseThePrefixToo) {
  Args args({"-ORBlevel", "1", "-orbMODE=FAST", "-OrbDebuglevel", "4", "-orbenabled", "TRUE"});
  const OrbOptions o = parse(args);
  EXPECT_EQ(layer_options->level, 1u);
  EXPECT_EQ(layer_options->mode, Mode::fast);
  EXPECT_EQ(o.debug_level, 4);
  EXPECT_TRUE(layer_options->enabled);
  EXPECT_TRUE(args.remaining().empty());
}

TEST(OptionTable, AnUnknownOptionSpelledMinusOrbIsBadParamNamingIt) {
  const auto [minor, what] = rejection({"-ORBFrobnicate", "1"});
  EXPECT_EQ(minor, minor::bad_param_bad_orb_option);
  EXPECT_TRUE(says(what, "-ORBFrobnicate: unknown option")) << what;
}

TEST(OptionTable, AnUnknownOptionCarriesTheHintOfWhereItMightBelong) {
  Args args({"-ORBPriorityMapping", "linear"});
  try {
    parse_orb_arguments(args.argc, args.pointers.data(), {}, "link rtorb::rt");
    ADD_FAILURE() << "an unknown option was accepted";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), minor::bad_param_bad_orb_option);
    EXPECT_TRUE(says(e.detail(), "-ORBPriorityMapping: unknown option (link rtorb::rt)"))
        << e.detail();
  }
}

TEST(OptionTable, AnUnknownNameInAnotherCaseIsLeftForTheProgram) {
  Args args({"-orbfrobnicate", "1", "-ORB"});
  parse(args);
  EXPECT_EQ(args.remaining(), (std::vector<std::string>{"-orbfrobnicate", "1", "-ORB"}));
}

TEST(OptionTable, AValueOutOfRangeIsBadParamNamingTheOptionAndTheValue) {
  const auto [minor, what] = rejection({"-ORBlevel", "10"});
  EXPECT_EQ(minor, layer_minor);
  EXPECT_TRUE(says(what, "-ORBLevel: '10' is not a number in [0, 9]")) << what;
  const auto [core_minor, core_what] = rejection({"-ORBMaxConnections=0"});
  EXPECT_EQ(core_minor, minor::bad_param_bad_orb_option);
  EXPECT_TRUE(says(core_what, "-ORBMaxConnections: '0' is not a number in [1, ")) << core_what;
}

TEST(OptionTable, AValueThatIsNotANumberIsBadParamNamingTheOptionAndTheValue) {
  for (const char* value : {"lots", "", "-1", "+1", "1x", "99999999999999999999999"}) {
    const auto [minor, what] = rejection({"-ORBLevel", value});
    EXPECT_EQ(minor, layer_minor);
    EXPECT_TRUE(says(what, "-ORBLevel: '" + std::string(value) + "' is not a number")) << what;
  }
}

TEST(OptionTable, AValueNotAmongTheWordsIsBadParamListingThem) {
  const auto [minor, what] = rejection({"-ORBMode", "medium"});
  EXPECT_EQ(minor, layer_minor);
  EXPECT_TRUE(says(what, "-ORBMode: 'medium' is not slow or fast")) << what;
  EXPECT_TRUE(says(rejection({"-ORBEnabled=sometimes"}).second,
                   "-ORBEnabled: 'sometimes' is not yes or no"));
  EXPECT_TRUE(says(rejection({"-ORBTag="}).second, "-ORBTag: '' is empty"));
}

TEST(OptionTable, AMissingValueIsBadParamNamingTheOption) {
  const auto [minor, what] = rejection({"-ORBMode"});
  EXPECT_EQ(minor, layer_minor);
  EXPECT_TRUE(says(what, "-ORBMode: missing value")) << what;
  const auto [core_minor, core_what] = rejection({"-ORBDebugLevel"});
  EXPECT_EQ(core_minor, minor::bad_param_bad_orb_option);
  EXPECT_TRUE(says(core_what, "-ORBDebugLevel: missing value")) << core_what;
}

TEST(OptionTable, ShowsEachDefaultAsTheTargetHeldIt) {
  OptionTable table;
  register_test_layer(table);
  EXPECT_EQ(table.find("level")->default_text, "`3`");
  EXPECT_EQ(table.find("Enabled")->default_text, "`no`");
  EXPECT_EQ(table.find("Mode")->default_text, "`slow`");
  EXPECT_EQ(table.find("Tag")->default_text, "none");
  EXPECT_EQ(table.find("NoSuch"), nullptr);
}

TEST(OptionTable, AnAliasNamesTheSameOption) {
  OptionTable table;
  OrbOptions o;
  add_core_options(table, o);
  EXPECT_EQ(table.find("listenendpoints"), table.find("Endpoint"));
  const auto [minor, what] = rejection({"-ORBListenEndpoints", "http://x:1"});
  EXPECT_TRUE(says(what, "-ORBListenEndpoints: 'http://x:1' is not an endpoint")) << what;
}

}  // namespace
}  // namespace rtorb::orb
