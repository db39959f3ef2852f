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
    for (auto& s : strings) pointers.push_back(s.data());
    pointers.push_back(nullptr);
    argc = static_cast<int>(strings.size());
  }
  std::vector<std::string> remaining() const {
    std::vector<std::string> out;
    for (int i = 0; i < argc; ++i) out.emplace_back(pointers[i]);
    return out;
  }
  std::vector<std::string> strings;
  std::vector<char*> pointers;
  int argc;
};

OrbOptions parse(std::vector<std::string> a) {
  a.insert(a.begin(), "prog");
  Args args(std::move(a));
  return parse_orb_arguments(args.argc, args.pointers.data());
}

void expect_bad(std::vector<std::string> a, const std::string& mentioned) {
  try {
    parse(std::move(a));
    FAIL() << "no exception";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), minor::bad_param_bad_orb_option);
    EXPECT_NE(std::string(e.what()).find(mentioned), std::string::npos) << e.what();
  }
}

TEST(OrbOptions, DefaultsAreReactiveExclusiveGiop12) {
  const auto o = parse({});
  EXPECT_TRUE(o.endpoints.empty());
  EXPECT_EQ(o.server_threads, 0u);
  EXPECT_EQ(o.client_strategy, ClientStrategy::exclusive);
  EXPECT_EQ(o.giop_version, giop::giop_1_2);
  EXPECT_TRUE(o.collocation);
  EXPECT_EQ(o.reply_timeout.count(), 0);
}

TEST(OrbOptions, ConsumesOrbOptionsAndKeepsTheOthersInOrder) {
  Args args({"prog", "a", "-ORBDebugLevel", "2", "b", "-ORBServerThreads=4", "c"});
  const auto o = parse_orb_arguments(args.argc, args.pointers.data());
  EXPECT_EQ(o.debug_level, 2);
  EXPECT_EQ(o.server_threads, 4u);
  EXPECT_EQ(args.remaining(), (std::vector<std::string>{"prog", "a", "b", "c"}));
  EXPECT_EQ(args.pointers[args.argc], nullptr);
}

TEST(OrbOptions, AcceptsSeveralEndpointsIpv4AndIpv6) {
  const auto o =
      parse({"-ORBEndpoint", "iiop://127.0.0.1:0", "-ORBListenEndpoints", "iiop://[::1]:2809"});
  ASSERT_EQ(o.endpoints.size(), 2u);
  EXPECT_EQ(o.endpoints[0].host, "127.0.0.1");
  EXPECT_EQ(o.endpoints[1].host, "::1");
  EXPECT_EQ(o.endpoints[1].port, 2809);
}

TEST(OrbOptions, ReadsUnixSocketEndpointsAndTheirMode) {
  const OrbOptions o = parse({"-ORBEndpoint", "uiop:///tmp/a.sock", "-ORBEndpoint",
                              "uiop:///@name", "-ORBUnixSocketMode", "0660"});
  ASSERT_EQ(o.endpoints.size(), 2u);
  EXPECT_EQ(o.endpoints[0].path, "/tmp/a.sock");
  EXPECT_EQ(o.endpoints[1].path, "@name");
  EXPECT_EQ(o.unix_socket_mode, 0660u);
  EXPECT_EQ(parse({}).unix_socket_mode, 0u);
  expect_bad({"-ORBEndpoint", "uiop://host/a.sock"}, "Endpoint");
  for (const char* mode : {"0", "0800", "rw", "1777", ""}) {
    expect_bad({"-ORBUnixSocketMode", mode}, "UnixSocketMode");
  }
}

TEST(OrbOptions, ReadsInitialReferences) {
  const auto o = parse({"-ORBInitRef", "NameService=corbaloc::host:2809/NameService",
                        "-ORBDefaultInitRef", "corbaloc::h:1"});
  ASSERT_EQ(o.initial_references.size(), 1u);
  EXPECT_EQ(o.initial_references[0].first, "NameService");
  EXPECT_EQ(o.initial_references[0].second, "corbaloc::host:2809/NameService");
  EXPECT_EQ(o.default_initial_reference, "corbaloc::h:1");
}

TEST(OrbOptions, ReadsLimitsAndModes) {
  const auto o =
      parse({"-ORBClientStrategy", "multiplexed", "-ORBMaxConnections", "7",
             "-ORBConnectionIdleTimeout", "1500", "-ORBMaxMessageSize", "65536",
             "-ORBFragmentSize", "4096", "-ORBReplyTimeout", "250", "-ORBCollocation", "no",
             "-ORBHoldingQueueBound", "9", "-ORBGIOPVersion", "1.0"});
  EXPECT_EQ(o.client_strategy, ClientStrategy::multiplexed);
  EXPECT_EQ(o.max_connections, 7u);
  EXPECT_EQ(o.connection_idle_timeout.count(), 1500);
  EXPECT_EQ(o.max_message_size, 65536u);
  EXPECT_EQ(o.fragment_size, 4096u);
  EXPECT_EQ(o.reply_timeout.count(), 250);
  EXPECT_FALSE(o.collocation);
  EXPECT_EQ(o.holding_queue_bound, 9u);
  EXPECT_EQ(o.giop_version, giop::giop_1_0);
}

TEST(OrbOptions, ConnectTimeoutDefaultsToTenSecondsAndIsNeverZero) {
  EXPECT_EQ(parse({}).connect_timeout.count(), 10'000);
  EXPECT_EQ(parse({"-ORBConnectTimeout", "250"}).connect_timeout.count(), 250);
  expect_bad({"-ORBConnectTimeout", "0"}, "ConnectTimeout");
  expect_bad({"-ORBConnectTimeout", "soon"}, "ConnectTimeout");
}

TEST(OrbOptions, OnewayBufferSizeDefaultsToOneMebibyteAndIsAtLeastOneKibibyte) {
  EXPECT_EQ(parse({}).oneway_buffer_size, 1024u * 1024);
  EXPECT_EQ(parse({"-ORBOnewayBufferSize", "4096"}).oneway_buffer_size, 4096u);
  expect_bad({"-ORBOnewayBufferSize", "1023"}, "OnewayBufferSize");
  expect_bad({"-ORBOnewayBufferSize", "lots"}, "OnewayBufferSize");
}

TEST(OrbOptions, MessagesGoWholeUnlessAFragmentSizeIsGiven) {
  const auto defaults = parse({});
  EXPECT_EQ(defaults.fragment_size, 0u);
  EXPECT_FALSE(sends_fragmented(defaults, 64u * 1024 * 1024));
  const auto small = parse({"-ORBFragmentSize", "8192"});
  EXPECT_FALSE(sends_fragmented(small, 8192));
  EXPECT_TRUE(sends_fragmented(small, 8193));
  EXPECT_EQ(parse({"-ORBFragmentSize", "0"}).fragment_size, 0u);
  expect_bad({"-ORBFragmentSize", "63"}, "FragmentSize");
}

TEST(OrbOptions, ServerThreadsPerConnectionKeepsOneThreadToAccept) {
  const auto o = parse({"-ORBServerThreads", "per_connection"});
  EXPECT_TRUE(o.thread_per_connection);
  EXPECT_EQ(o.server_threads, 1u);
  EXPECT_FALSE(parse({"-ORBServerThreads", "2"}).thread_per_connection);
  expect_bad({"-ORBServerThreads", "per_thread"}, "ServerThreads");
}

TEST(OrbOptions, LockMemoryIsOffUnlessAsked) {
  EXPECT_FALSE(parse({}).lock_memory);
  EXPECT_TRUE(parse({"-ORBLockMemory", "yes"}).lock_memory);
  EXPECT_FALSE(parse({"-ORBLockMemory", "0"}).lock_memory);
  expect_bad({"-ORBLockMemory", "always"}, "LockMemory");
}

TEST(OrbOptions, ReadersYieldAfterABatchUnlessTold) {
  EXPECT_TRUE(parse({}).yield_after_batch);
  EXPECT_FALSE(parse({"-ORBYieldAfterBatch", "no"}).yield_after_batch);
  EXPECT_TRUE(parse({"-ORBYieldAfterBatch", "yes"}).yield_after_batch);
  expect_bad({"-ORBYieldAfterBatch", "sometimes"}, "YieldAfterBatch");
}

TEST(OrbOptions, NamesAreMatchedInAnyCase) {
  EXPECT_EQ(parse({"-ORBdebuglevel", "3"}).debug_level, 3);
}

TEST(OrbOptions, UnknownOptionIsBadParamNamingIt) {
  expect_bad({"-ORBFrobnicate", "1"}, "Frobnicate");
}

TEST(OrbOptions, MissingValueIsBadParam) { expect_bad({"-ORBDebugLevel"}, "DebugLevel"); }

TEST(OrbOptions, BadValuesAreBadParamNamingTheOption) {
  expect_bad({"-ORBServerThreads", "many"}, "ServerThreads");
  expect_bad({"-ORBEndpoint", "http://x:1"}, "Endpoint");
  expect_bad({"-ORBInitRef", "NoEquals"}, "InitRef");
  expect_bad({"-ORBClientStrategy", "shared"}, "ClientStrategy");
  expect_bad({"-ORBCollocation", "maybe"}, "Collocation");
  expect_bad({"-ORBGIOPVersion", "1.3"}, "GIOPVersion");
  expect_bad({"-ORBMaxConnections", "0"}, "MaxConnections");
  expect_bad({"-ORBDebugLevel", "-1"}, "DebugLevel");
}

}  // namespace
}  // namespace rtorb::orb
