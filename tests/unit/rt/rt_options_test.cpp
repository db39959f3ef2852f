#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/orb_options.hpp"
#include "rt/rt_options.hpp"
#include "rt_test_support.hpp"

namespace rtorb::rt {
namespace {

// The core's options and rt's in one table, read from one argv as ORB_init reads it.
struct Parsed {
  explicit Parsed(std::vector<std::string> a) : strings(std::move(a)) {
    orb::add_core_options(table, core);
    add_rt_options(table, rt);
    strings.insert(strings.begin(), "prog");
    for (auto& s : strings) pointers.push_back(s.data());
    pointers.push_back(nullptr);
    argc = static_cast<int>(strings.size());
    orb::read_orb_arguments(table, argc, pointers.data());
  }
  std::vector<std::string> remaining() const {
    return {strings.begin() + 1, strings.begin() + 1 + (argc - 1)};
  }
  orb::OptionTable table;
  orb::OrbOptions core;
  RtOptions rt;
  std::vector<std::string> strings;
  std::vector<char*> pointers;
  int argc = 0;
};

TEST(RtOptions, AreReadWithTheCoreOptionsInOnePassInAnyLetterCase) {
  Parsed p({"-orbSchedPolicy=SCHED_RR", "-ORBPRIORITYMAPPING", "direct", "-ORBDebugLevel", "2",
            "keep", "-ORBLaneEndpoint", "5=iiop://127.0.0.1:0", "-ORBNetworkPriority", "TRUE",
            "-ORBDynamicThreadIdleTimeout=250"});
  EXPECT_EQ(p.rt.sched_policy, SchedPolicy::rr);
  EXPECT_EQ(p.rt.priority_mapping, "direct");
  ASSERT_EQ(p.rt.lane_endpoints.size(), 1u);
  EXPECT_EQ(p.rt.lane_endpoints[0].priority, 5);
  EXPECT_EQ(p.rt.lane_endpoints[0].endpoint.host, "127.0.0.1");
  EXPECT_TRUE(p.rt.network_priority);
  EXPECT_EQ(p.rt.dynamic_thread_idle_timeout.count(), 250);
  EXPECT_EQ(p.core.debug_level, 2);
  EXPECT_EQ(p.argc, 2);
  EXPECT_EQ(std::string(p.pointers[1]), "keep");
}

TEST(RtOptions, DefaultsAreLinearFifoAndTenSecondsAsTheTableShows) {
  Parsed p({});
  EXPECT_EQ(p.rt.priority_mapping, "linear");
  EXPECT_EQ(p.rt.sched_policy, SchedPolicy::fifo);
  EXPECT_EQ(p.table.find("PriorityMapping")->default_text, "`linear`");
  EXPECT_EQ(p.table.find("SchedPolicy")->default_text, "`fifo`");
  EXPECT_EQ(p.table.find("DynamicThreadIdleTimeout")->default_text, "`10000`");
  EXPECT_EQ(p.table.find("NetworkPriority")->default_text, "`no`");
}

TEST(RtOptions, BadValuesAreBadParamRtOptionNamingOptionAndValue) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"-ORBLaneEndpoint", "40000=iiop://:0"}, "-ORBLaneEndpoint: '40000=iiop://:0'"},
      {{"-ORBDynamicThreadIdleTimeout", "-5"}, "-ORBDynamicThreadIdleTimeout: '-5' is not a"},
      {{"-orbschedpolicy", "deadline"}, "-ORBSchedPolicy: 'deadline' is not fifo"},
      {{"-ORBNetworkPriority=maybe"}, "-ORBNetworkPriority: 'maybe' is not yes or no"},
      {{"-ORBPriorityMapping"}, "-ORBPriorityMapping: missing value"}};
  for (const auto& [args, message] : cases) {
    try {
      Parsed p(args);
      ADD_FAILURE() << message << ": accepted";
    } catch (const CORBA::BAD_PARAM& e) {
      EXPECT_EQ(e.minor(), minor::bad_param_bad_rt_option) << e.what();
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  }
}

TEST(RtOptions, ABadLaneEndpointKeepsTheEndpointsMinorCodeAndNamesTheOption) {
  try {
    Parsed p({"-ORBLaneEndpoint", "5=iiop://127.0.0.1:0/lite"});
    ADD_FAILURE() << "accepted";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), minor::bad_param_bad_endpoint_option) << e.what();
    const std::string what = e.what();
    EXPECT_NE(what.find("-ORBLaneEndpoint: '5=iiop://127.0.0.1:0/lite' does not end in"),
              std::string::npos)
        << e.what();
  }
}

TEST(RtOptions, OrbInitReadsThemInAnyLetterCase) {
  auto orb =
      rt_test::make_orb({"-ORBSCHEDPOLICY=other", "-orbLaneEndpoint", "5=iiop://127.0.0.1:0"});
  EXPECT_FALSE(real_time_scheduling(*orb));
  orb->destroy();
  try {
    rt_test::make_orb({"-orbschedpolicy", "deadline"});
    ADD_FAILURE() << "ORB_init took -orbschedpolicy deadline";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), minor::bad_param_bad_rt_option);
    EXPECT_NE(std::string(e.what()).find("-ORBSchedPolicy: 'deadline'"), std::string::npos);
  }
}

}  // namespace
}  // namespace rtorb::rt
