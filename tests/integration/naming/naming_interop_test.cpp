// The Naming Service against omniORB 4.2: omniORB's nameclt and an omniORB client (its
// own CosNaming stubs) against rtorb-naming, and rtorb clients (the API, corbaname:,
// rtorb-nsadmin) against omniNames. Every process runs on 127.0.0.1 and is stopped with a
// time bound.
#include <gtest/gtest.h>

#include <rtorb/naming/name_syntax.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <thread>

#include "CosNamingC.h"
#include "naming_processes.hpp"

namespace {

using namespace naming_test;
using rtorb::naming::to_name;
using CosNaming::NamingContext;

std::string loc(std::uint16_t port) { return "corbaloc::127.0.0.1:" + std::to_string(port) + "/NameService"; }

bool accepts(std::uint16_t port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
  ::close(fd);
  return ok;
}

// omniNames with its data in a temporary directory, on a port of its own; stopped by
// SIGTERM (SIGKILL after 5 s). free_port's port may be taken by another test between its
// check and omniNames' bind; omniNames then exits at once while the other listener answers
// `accepts`, so a start counts only if omniNames is still running a moment later.
class OmniNames {
 public:
  OmniNames() {
    for (int attempt = 0; attempt < 5; ++attempt) {
      port_ = free_port();
      process_ = std::make_unique<rtorb::interop::ChildProcess>(std::vector<std::string>{
          OMNINAMES, "-start", std::to_string(port_), "-always", "-datadir", dir_.path.string(),
          "-ORBendPoint", "giop:tcp:127.0.0.1:" + std::to_string(port_)});
      const auto deadline = std::chrono::steady_clock::now() + 10s;
      while (!accepts(port_) && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(20ms);
      }
      if (!process_->exits_within(200ms)) return;  // still running: the port is its own
    }
  }
  ~OmniNames() {
    process_->terminate();
    (void)process_->wait(5s);
  }
  std::uint16_t port() const { return port_; }
  std::string corbaloc() const { return loc(port_); }

 private:
  TempDir dir_;
  std::uint16_t port_ = 0;
  std::unique_ptr<rtorb::interop::ChildProcess> process_;
};

TEST(NamingInterop, OmniOrbsNamecltWorksAgainstRtorbNaming) {
  const auto port = free_port();
  NamingServer server(port);
  const auto nameclt = [&](std::vector<std::string> args) {
    std::vector<std::string> argv{NAMECLT, "-ORBInitRef", "NameService=" + loc(port)};
    argv.insert(argv.end(), args.begin(), args.end());
    return run(argv);
  };
  EXPECT_EQ(nameclt({"bind_new_context", "x"}).status, 0);
  EXPECT_EQ(nameclt({"bind", "x/obj.k", server.ior()}).status, 0);
  EXPECT_EQ(nameclt({"list"}).out, "x/\n");
  EXPECT_EQ(nameclt({"list", "x"}).out, "obj.k\n");
  const auto resolved = nameclt({"resolve", "x/obj.k"});
  EXPECT_EQ(resolved.status, 0);
  EXPECT_EQ(resolved.out, server.ior() + "\n");
  EXPECT_NE(nameclt({"resolve", "x/missing"}).status, 0);
  EXPECT_EQ(nameclt({"unbind", "x/obj.k"}).status, 0);
  EXPECT_EQ(nameclt({"remove_context", "x"}).status, 0);
  EXPECT_EQ(nameclt({"list"}).out, "");
}

TEST(NamingInterop, AnOmniOrbClientUsesRtorbNamingWithItsOwnStubs) {
  const auto port = free_port();
  NamingServer server(port);
  const auto result = run({bin("omni-naming-client"), "-ORBInitRef", "NameService=" + loc(port)});
  EXPECT_EQ(result.status, 0) << result.out;
  EXPECT_EQ(result.out,
            "bind_new_context ok\n"
            "resolve_str same\n"
            "to_name 2 a/b c\n"
            "to_url corbaname::127.0.0.1:1#x%20y\n"
            "list 6 first 2\n"
            "NotFound 0 1\n");
}

TEST(NamingInterop, RtorbClientsUseOmniNames) {
  OmniNames names;
  const auto port = names.port();
  auto orb = client_orb({"-ORBInitRef", "NameService=" + names.corbaloc()});
  auto root = IDL::traits<CosNaming::NamingContextExt>::narrow(orb->resolve_initial_references("NameService"));
  ASSERT_TRUE(root);
  auto a = root->bind_new_context(to_name("a"));
  a->bind(to_name("self.ref"), root);
  EXPECT_TRUE(root->resolve(to_name("a/self.ref"))->_is_equivalent(root));
  EXPECT_TRUE(root->resolve_str("a/self.ref")->_is_equivalent(root));
  EXPECT_EQ(root->to_string(to_name("a/b\\.c.d")), "a/b\\.c.d");
  EXPECT_TRUE(orb->string_to_object("corbaname::127.0.0.1:" + std::to_string(port) + "#a/self.ref")
                  ->_is_equivalent(root));
  EXPECT_THROW(orb->string_to_object("corbaname::127.0.0.1:" + std::to_string(port) + "#a/none"),
               CORBA::BAD_PARAM);
  try {
    root->resolve(to_name("a/none/x"));
    ADD_FAILURE() << "no exception";
  } catch (const NamingContext::NotFound& e) {
    EXPECT_EQ(e.why(), NamingContext::NotFoundReason::missing_node);
    EXPECT_EQ(e.rest_of_name(), to_name("none/x"));
  }
  for (int i = 0; i < 5; ++i) a->bind(to_name("n" + std::to_string(i)), root);
  CosNaming::BindingList list;
  IDL::traits<CosNaming::BindingIterator>::ref_type iterator;
  a->list(2, list, iterator);
  std::size_t total = list.size();
  ASSERT_TRUE(iterator);
  while (iterator->next_n(2, list)) total += list.size();
  iterator->destroy();
  EXPECT_EQ(total, 6u);
  orb->destroy();

  const auto nsadmin = run({bin("rtorb-nsadmin"), "-ORBDefaultInitRef",
                            "corbaloc::127.0.0.1:" + std::to_string(port), "list"});
  EXPECT_EQ(nsadmin.status, 0);
  EXPECT_EQ(nsadmin.out, "a/\n");
}

// The same workload as naming_process_test's, against omniNames, for the report.
TEST(NamingInterop, OmniNamesWithManyBindingsForComparison) {
  OmniNames names;
  auto orb = client_orb();
  auto root = IDL::traits<NamingContext>::narrow(orb->string_to_object(names.corbaloc()));
  using clock = std::chrono::steady_clock;
  const auto ms = [](clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); };
  constexpr std::size_t count = OMNINAMES_SCALE;
  CosNaming::Name name{{"", "obj"}};
  auto start = clock::now();
  for (std::size_t i = 0; i < count; ++i) {
    name[0].id("n" + std::to_string(i));
    root->bind(name, root);
  }
  const auto bind_time = clock::now() - start;
  start = clock::now();
  CosNaming::BindingList list;
  IDL::traits<CosNaming::BindingIterator>::ref_type iterator;
  root->list(1000, list, iterator);
  std::size_t listed = list.size();
  while (iterator && iterator->next_n(1000, list)) listed += list.size();
  if (iterator) iterator->destroy();
  const auto list_time = clock::now() - start;
  EXPECT_EQ(listed, count);
  start = clock::now();
  for (std::size_t i = 0; i < 10000; ++i) {
    name[0].id("n" + std::to_string((i * 7919) % count));
    ASSERT_TRUE(root->resolve(name));
  }
  const auto resolve_time = clock::now() - start;
  std::cout << "[naming-scale] omniNames: " << count << " binds " << ms(bind_time) << " ms ("
            << ms(bind_time) * 1000 / static_cast<double>(count) << " us each); list of all "
            << ms(list_time) << " ms; 10000 resolves " << ms(resolve_time) << " ms ("
            << ms(resolve_time) / 10 << " us each)\n";
  orb->destroy();
}

}  // namespace
