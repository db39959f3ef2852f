// rtorb-naming and rtorb-nsadmin as real processes on loopback: corbaloc and corbaname,
// the command-line tool, a restart with --store (after SIGTERM and after SIGKILL), a
// corrupt store refused at start-up, and 100,000 bindings in one context (timings go to
// the log, nothing asserts a time).
#include <gtest/gtest.h>

#include <rtorb/naming/name_syntax.hpp>

#include <chrono>
#include <fstream>
#include <iostream>
#include <iterator>
#include <random>
#include <thread>
#include <vector>

#include "CosNamingC.h"
#include "naming_processes.hpp"

namespace {

using namespace naming_test;
using rtorb::naming::to_name;
using CosNaming::NamingContext;
using ExtRef = IDL::traits<CosNaming::NamingContextExt>::ref_type;

struct NamingProcess : ::testing::Test {
  TempDir dir;
  std::uint16_t port = free_port();
  std::string store = (dir.path / "names.db").string();
  CORBA::object_reference<CORBA::ORB> orb = client_orb();
  ~NamingProcess() override { orb->destroy(); }
  void fresh_client() {
    orb->destroy();
    orb = client_orb();
  }

  ExtRef root_at(const NamingServer& server) {
    return IDL::traits<CosNaming::NamingContextExt>::narrow(orb->string_to_object(server.corbaloc()));
  }
  ProgramRun nsadmin(std::vector<std::string> args) {
    std::vector<std::string> argv{bin("rtorb-nsadmin"), "-ORBInitRef",
                                  "NameService=corbaloc::127.0.0.1:" + std::to_string(port) + "/NameService"};
    argv.insert(argv.end(), args.begin(), args.end());
    return run(argv);
  }
};

TEST_F(NamingProcess, TheRootAnswersAtCorbalocAndItsPrintedIor) {
  NamingServer server(port);
  auto root = root_at(server);
  ASSERT_TRUE(root);
  auto printed = IDL::traits<NamingContext>::narrow(orb->string_to_object(server.ior()));
  root->bind(to_name("x.y"), printed);
  EXPECT_TRUE(printed->resolve(to_name("x.y"))->_is_equivalent(printed));
  const auto url = "corbaname::127.0.0.1:" + std::to_string(port) + "#x.y";
  EXPECT_TRUE(orb->string_to_object(url)->_is_equivalent(printed));
  EXPECT_EQ(server.stop(), 0);
}

TEST_F(NamingProcess, NsadminBindsListsResolvesAndSaysWhatWentWrong) {
  NamingServer server(port);
  EXPECT_EQ(nsadmin({"mkcontext", "a"}).status, 0);
  EXPECT_EQ(nsadmin({"bind", "a/b.kind", server.ior()}).status, 0);
  EXPECT_EQ(nsadmin({"bind", "a/b.kind", server.ior()}).status, 1);  // already bound
  EXPECT_EQ(nsadmin({"rebind", "a/b.kind", server.ior()}).status, 0);
  EXPECT_EQ(nsadmin({"list"}).out, "a/\n");
  EXPECT_EQ(nsadmin({"list", "a"}).out, "b.kind\n");
  const auto resolved = nsadmin({"resolve", "a/b.kind"});
  EXPECT_EQ(resolved.status, 0);
  EXPECT_EQ(resolved.out.rfind("IOR:", 0), 0u);
  EXPECT_EQ(nsadmin({"resolve", "a/nothing"}).status, 1);
  EXPECT_EQ(nsadmin({"resolve", "a//b"}).status, 1);  // invalid name
  EXPECT_EQ(nsadmin({"destroy", "a"}).status, 1);     // not empty
  EXPECT_EQ(nsadmin({"unbind", "a/b.kind"}).status, 0);
  EXPECT_EQ(nsadmin({"destroy", "a"}).status, 0);
  EXPECT_EQ(nsadmin({"list"}).out, "");
  // A context bound to no name, then bound and replaced; a bad reference is refused.
  const auto fresh = nsadmin({"new_context"});
  ASSERT_EQ(fresh.status, 0);
  const auto fresh_ior = fresh.out.substr(0, fresh.out.find('\n'));
  EXPECT_EQ(nsadmin({"bind_context", "c", fresh_ior}).status, 0);
  EXPECT_EQ(nsadmin({"bind_context", "c", fresh_ior}).status, 1);  // already bound
  EXPECT_EQ(nsadmin({"rebind_context", "c", fresh_ior}).status, 0);
  EXPECT_EQ(nsadmin({"rebind_context", "d", "IOR:00"}).status, 1);
  EXPECT_EQ(nsadmin({"list"}).out, "c/\n");
  EXPECT_EQ(nsadmin({"unbind", "c"}).status, 0);
  EXPECT_EQ(nsadmin({"frobnicate"}).status, 2);
  EXPECT_EQ(run({bin("rtorb-nsadmin"), "list"}).status, 1);  // no NameService reference
}

TEST_F(NamingProcess, NamesAndOldContextReferencesSurviveARestartWithAStore) {
  std::string context_ior;
  std::string object_ior;
  {
    NamingServer server(port, {"--store", store});
    auto root = root_at(server);
    auto a = root->bind_new_context(to_name("a"));
    object_ior = server.ior();
    a->bind(to_name("obj.k"), orb->string_to_object(object_ior));
    context_ior = orb->object_to_string(a);
    EXPECT_EQ(server.stop(), 0);
  }
  // A new client ORB per run: the old one's cached connection died with the server, and
  // its first use reports that (COMM_FAILURE, COMPLETED_MAYBE) rather than reconnecting.
  fresh_client();
  {
    NamingServer server(port, {"--store", store});
    auto old = IDL::traits<NamingContext>::narrow(orb->string_to_object(context_ior));
    ASSERT_TRUE(old);
    EXPECT_EQ(orb->object_to_string(old->resolve(to_name("obj.k"))), object_ior);
    EXPECT_EQ(orb->object_to_string(root_at(server)->resolve_str("a/obj.k")), object_ior);
    root_at(server)->bind(to_name("after.kill"), old);
    server.kill_now();  // acknowledged means on disk: nothing is lost to SIGKILL
  }
  fresh_client();
  NamingServer server(port, {"--store", store});
  EXPECT_TRUE(root_at(server)->resolve_str("after.kill"));
  EXPECT_TRUE(root_at(server)->resolve_str("a/obj.k"));
}

TEST_F(NamingProcess, ACorruptStoreStopsStartUpAndIsLeftAsItWas) {
  {
    NamingServer server(port, {"--store", store});
    auto root = root_at(server);
    for (int i = 0; i < 3; ++i) root->bind(to_name("n" + std::to_string(i)), root);
  }
  std::string bytes;
  {
    std::ifstream in(store, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  bytes[20] = static_cast<char>(bytes[20] ^ 0x40);  // inside the first record
  std::ofstream(store, std::ios::binary | std::ios::trunc) << bytes;
  rtorb::interop::ChildProcess child({bin("rtorb-naming"), "--store", store, "-ORBEndpoint",
                                      "iiop://127.0.0.1:" + std::to_string(port)});
  EXPECT_EQ(child.wait(10s), 1);
  std::ifstream in(store, std::ios::binary);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), bytes);
}

// Binds `count` names in the root from `threads` client threads, then lists and resolves
// them, printing the times.
void hundred_thousand(const ExtRef& root, const CORBA::object_reference<CORBA::Object>& object,
                      const std::string& who, std::size_t count, std::size_t threads = 1) {
  using clock = std::chrono::steady_clock;
  const auto ms = [](clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); };
  auto start = clock::now();
  std::vector<std::thread> binders;
  for (std::size_t t = 0; t < threads; ++t) {
    binders.emplace_back([&, t] {
      CosNaming::Name mine{{"", "obj"}};
      for (std::size_t i = t; i < count; i += threads) {
        mine[0].id("n" + std::to_string(i));
        root->bind(mine, object);
      }
    });
  }
  for (auto& binder : binders) binder.join();
  const auto bind_time = clock::now() - start;
  CosNaming::Name name{{"", "obj"}};

  start = clock::now();
  CosNaming::BindingList list;
  IDL::traits<CosNaming::BindingIterator>::ref_type iterator;
  root->list(1000, list, iterator);
  std::size_t listed = list.size();
  while (iterator && iterator->next_n(1000, list)) listed += list.size();
  if (iterator) iterator->destroy();
  const auto list_time = clock::now() - start;
  EXPECT_EQ(listed, count);

  std::mt19937 random(7);
  constexpr int resolves = 10000;
  start = clock::now();
  for (int i = 0; i < resolves; ++i) {
    name[0].id("n" + std::to_string(random() % count));
    ASSERT_TRUE(root->resolve(name));
  }
  const auto resolve_time = clock::now() - start;
  std::cout << "[naming-scale] " << who << ": " << count << " binds " << ms(bind_time) << " ms ("
            << ms(bind_time) * 1000 / static_cast<double>(count) << " us each, " << threads
            << " client threads); list of all "
            << ms(list_time) << " ms; " << resolves << " resolves " << ms(resolve_time) << " ms ("
            << ms(resolve_time) * 1000 / resolves << " us each)\n";
}

TEST_F(NamingProcess, AHundredThousandBindingsInOneContextListAndResolve) {
  NamingServer server(port);
  auto root = root_at(server);
  hundred_thousand(root, root, "rtorb-naming (memory)", NAMING_SCALE);
}

TEST_F(NamingProcess, AHundredThousandBindingsWithAStoreSurviveARestart) {
  {
    // Each acknowledged bind is synced to the disk; clients binding at the same time share
    // the syncs (group commit), so many client threads bind in parallel.
    NamingServer server(port, {"--store", store, "-ORBServerThreads", "32"});
    auto root = root_at(server);
    hundred_thousand(root, root, "rtorb-naming --store", NAMING_SCALE, 32);
  }
  fresh_client();
  const auto start = std::chrono::steady_clock::now();
  NamingServer server(port, {"--store", store});
  std::cout << "[naming-scale] restart with " << NAMING_SCALE << " bindings in the store: "
            << std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count()
            << " ms\n";
  EXPECT_TRUE(root_at(server)->resolve(CosNaming::Name{{"n" + std::to_string(NAMING_SCALE - 1), "obj"}}));
}

}  // namespace
