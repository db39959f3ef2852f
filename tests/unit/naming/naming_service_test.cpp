// rtorb::naming::NamingService in a server ORB, called from a client ORB over loopback
// sockets: bindings, compound names, list and iterators, destroy, a federated context in
// another server, the store across a restart, and the ORB's corbaname: and NameService.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <rtorb/corba/ior_table.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/naming/name_syntax.hpp>
#include <rtorb/naming/naming_service.hpp>
#include <rtorb/poa/poa.hpp>

#include <atomic>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "orb/orb_core.hpp"

namespace {

using rtorb::naming::to_name;
using CosNaming::NamingContext;
using ContextRef = IDL::traits<NamingContext>::ref_type;
using ExtRef = IDL::traits<CosNaming::NamingContextExt>::ref_type;
namespace fs = std::filesystem;

std::atomic<int> orb_counter{0};

CORBA::object_reference<CORBA::ORB> make_orb(std::vector<std::string> options) {
  std::vector<std::string> args{"naming_service_test"};
  args.insert(args.end(), options.begin(), options.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  return CORBA::ORB_init(argc, argv.data(), "naming-test-" + std::to_string(orb_counter++));
}

// A naming server in this process: its own ORB on a loopback port.
struct Server {
  explicit Server(const std::string& store = {}, const std::string& endpoint = "iiop://127.0.0.1:0")
      : orb(make_orb({"-ORBServerThreads", "2", "-ORBEndpoint", endpoint})) {
    service.emplace(orb, rtorb::naming::ServiceOptions{store, "NameService", [](const std::string&) {}});
    IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"))
        ->the_POAManager()->activate();
    IDL::traits<IORTable::Table>::narrow(orb->resolve_initial_references("IORTable"))
        ->rebind("NameService", service->root_context());
  }
  ~Server() {
    service.reset();
    orb->destroy();
  }
  std::string root_ior() { return orb->object_to_string(service->root_context()); }

  CORBA::object_reference<CORBA::ORB> orb;
  std::optional<rtorb::naming::NamingService> service;
};

struct Naming : ::testing::Test {
  Server server;
  CORBA::object_reference<CORBA::ORB> client = make_orb({});
  ExtRef root = IDL::traits<CosNaming::NamingContextExt>::narrow(client->string_to_object(server.root_ior()));
  CORBA::object_reference<CORBA::Object> thing = client->string_to_object(server.root_ior());

  ~Naming() override { client->destroy(); }
};

TEST_F(Naming, ABoundObjectResolvesAndListsUnderItsName) {
  root->bind(to_name("thing.kind"), thing);
  EXPECT_TRUE(root->resolve(to_name("thing.kind"))->_is_equivalent(thing));
  EXPECT_THROW(root->resolve(to_name("thing")), NamingContext::NotFound);  // the kind counts
  CosNaming::BindingList list;
  IDL::traits<CosNaming::BindingIterator>::ref_type iterator;
  root->list(10, list, iterator);
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0].binding_name(), to_name("thing.kind"));
  EXPECT_EQ(list[0].binding_type(), CosNaming::BindingType::nobject);
  EXPECT_FALSE(iterator);
}

TEST_F(Naming, BindRefusesATakenNameAndRebindReplacesIt) {
  root->bind(to_name("x"), thing);
  EXPECT_THROW(root->bind(to_name("x"), thing), NamingContext::AlreadyBound);
  auto context = root->new_context();
  root->rebind(to_name("x"), context);
  EXPECT_TRUE(root->resolve(to_name("x"))->_is_equivalent(context));
  // rebind_context may not turn an object binding into a context binding.
  try {
    root->rebind_context(to_name("x"), context);
    ADD_FAILURE() << "no exception";
  } catch (const NamingContext::NotFound& e) {
    EXPECT_EQ(e.why(), NamingContext::NotFoundReason::not_context);
  }
  root->unbind(to_name("x"));
  EXPECT_THROW(root->unbind(to_name("x")), NamingContext::NotFound);
}

TEST_F(Naming, CompoundNamesAreResolvedThroughContexts) {
  auto a = root->bind_new_context(to_name("a"));
  a->bind_new_context(to_name("b.dir"));
  root->bind(to_name("a/b.dir/obj"), thing);
  EXPECT_TRUE(root->resolve_str("a/b.dir/obj")->_is_equivalent(thing));
  auto b = IDL::traits<NamingContext>::narrow(a->resolve(to_name("b.dir")));
  EXPECT_TRUE(b->resolve(to_name("obj"))->_is_equivalent(thing));
  try {
    root->resolve(to_name("a/missing/obj"));
    ADD_FAILURE() << "no exception";
  } catch (const NamingContext::NotFound& e) {
    EXPECT_EQ(e.why(), NamingContext::NotFoundReason::missing_node);
    EXPECT_EQ(e.rest_of_name(), to_name("missing/obj"));
  }
  try {
    root->resolve(to_name("a/b.dir/obj/deeper"));
    ADD_FAILURE() << "no exception";
  } catch (const NamingContext::NotFound& e) {
    EXPECT_EQ(e.why(), NamingContext::NotFoundReason::not_context);
    EXPECT_EQ(e.rest_of_name(), to_name("obj/deeper"));
  }
  EXPECT_THROW(root->resolve({}), NamingContext::InvalidName);
}

TEST_F(Naming, ListGivesAtMostHowManyAndAnIteratorForTheRest) {
  for (int i = 0; i < 25; ++i) root->bind(to_name("n" + std::to_string(i)), thing);
  CosNaming::BindingList list;
  IDL::traits<CosNaming::BindingIterator>::ref_type iterator;
  root->list(10, list, iterator);
  ASSERT_EQ(list.size(), 10u);
  ASSERT_TRUE(iterator);
  std::set<std::string> seen;
  for (const auto& b : list) seen.insert(b.binding_name()[0].id());
  CosNaming::Binding one;
  ASSERT_TRUE(iterator->next_one(one));
  seen.insert(one.binding_name()[0].id());
  while (iterator->next_n(4, list)) {
    EXPECT_LE(list.size(), 4u);
    for (const auto& b : list) seen.insert(b.binding_name()[0].id());
  }
  EXPECT_EQ(seen.size(), 25u);
  EXPECT_FALSE(iterator->next_one(one));
  iterator->destroy();
  EXPECT_THROW(iterator->next_one(one), CORBA::OBJECT_NOT_EXIST);
}

TEST_F(Naming, OnlyAnEmptyContextCanBeDestroyedAndNeverTheRoot) {
  auto a = root->bind_new_context(to_name("a"));
  a->bind(to_name("x"), thing);
  EXPECT_THROW(a->destroy(), NamingContext::NotEmpty);
  a->unbind(to_name("x"));
  a->destroy();
  EXPECT_THROW(a->resolve(to_name("x")), CORBA::OBJECT_NOT_EXIST);
  try {
    root->destroy();
    ADD_FAILURE() << "no exception";
  } catch (const CORBA::NO_PERMISSION& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::no_permission_destroy_root);
  }
}

TEST_F(Naming, TheExtOperationsSpeakTheStringSyntax) {
  EXPECT_EQ(root->to_string(to_name("a/b.c")), "a/b.c");
  EXPECT_EQ(root->to_name("a\\/b"), (CosNaming::Name{{"a/b", ""}}));
  EXPECT_EQ(root->to_url(":127.0.0.1:2809", "a b"), "corbaname::127.0.0.1:2809#a%20b");
  EXPECT_THROW(root->to_url("", "a"), CosNaming::NamingContextExt::InvalidAddress);
  EXPECT_THROW(root->resolve_str("a//b"), NamingContext::InvalidName);
}

TEST_F(Naming, AContextOfAnotherServerIsCalledThroughItsReference) {
  Server other;  // same POA name and object ids: only its address tells it apart
  auto far = IDL::traits<NamingContext>::narrow(client->string_to_object(other.root_ior()));
  far->bind_new_context(to_name("sub"));
  root->bind_context(to_name("far"), far);
  root->bind(to_name("far/sub/obj"), thing);  // made in the other server
  EXPECT_TRUE(far->resolve(to_name("sub/obj"))->_is_equivalent(thing));
  EXPECT_TRUE(root->resolve(to_name("far/sub/obj"))->_is_equivalent(thing));
  EXPECT_THROW(root->resolve(to_name("far/local")), NamingContext::NotFound);
  EXPECT_THROW(root->resolve(to_name("local")), NamingContext::NotFound);
}

TEST_F(Naming, CorbanameUrlsAndTheNameServiceInitialReference) {
  auto a = root->bind_new_context(to_name("a"));
  a->bind(to_name("obj.k"), thing);
  auto& core = CORBA::rtorb_core(*server.orb);
  const auto port = std::to_string(core.server().published_endpoints().at(0).port);
  const auto corbaname = [&](const std::string& rest) {
    return client->string_to_object("corbaname::127.0.0.1:" + port + rest);
  };
  EXPECT_TRUE(corbaname("#a/obj.k")->_is_equivalent(thing));
  EXPECT_TRUE(corbaname("/NameService#a/obj%2Ek")->_is_equivalent(thing));  // escapes decoded
  EXPECT_TRUE(IDL::traits<NamingContext>::narrow(corbaname(""))->resolve(to_name("a/obj.k")));
  try {
    corbaname("#a/nothing");
    ADD_FAILURE() << "no exception";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::bad_param_corbaname_not_found);
    EXPECT_NE(e.detail().find("missing_node"), std::string::npos) << e.detail();
  }
  try {
    corbaname("#a//b");
    ADD_FAILURE() << "no exception";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::bad_param_corbaname_invalid_name);
  }
  // CORBA 3.x, 8.5.3: the default reference plus "/NameService".
  auto other = make_orb({"-ORBDefaultInitRef", "corbaloc::127.0.0.1:" + port});
  auto ns = IDL::traits<CosNaming::NamingContextExt>::narrow(other->resolve_initial_references("NameService"));
  ASSERT_TRUE(ns);
  EXPECT_TRUE(ns->resolve_str("a/obj.k")->_is_equivalent(thing));
  other->destroy();
  auto third = make_orb({"-ORBInitRef", "NameService=corbaloc::127.0.0.1:" + port + "/NameService"});
  EXPECT_TRUE(IDL::traits<NamingContext>::narrow(third->resolve_initial_references("NameService"))
                  ->resolve(to_name("a/obj.k"))->_is_equivalent(thing));
  third->destroy();
}

// A port free now, for a server that must come back on the same endpoint.
std::uint16_t free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size);
  ::close(fd);
  return ntohs(address.sin_port);
}

TEST(NamingStore, NamesAndContextsSurviveARestart) {
  const std::string endpoint = "iiop://127.0.0.1:" + std::to_string(free_port());
  const fs::path dir = fs::temp_directory_path() / ("rtorb-naming-store-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string store = (dir / "names.db").string();
  std::string context_ior;
  {
    Server server(store, endpoint);
    auto root = server.service->root_context();
    auto a = root->bind_new_context(to_name("a"));
    a->bind(to_name("obj.k"), server.service->root_context());
    root->bind(to_name("gone"), a);
    root->unbind(to_name("gone"));
    context_ior = server.orb->object_to_string(a);
  }
  {
    Server server(store, endpoint);
    auto root = server.service->root_context();
    // The root bound in the first run is reached through its old reference.
    auto bound = IDL::traits<NamingContext>::narrow(root->resolve_str("a/obj.k"));
    ASSERT_TRUE(bound);
    EXPECT_TRUE(bound->resolve(to_name("a/obj.k")));
    EXPECT_THROW(root->resolve_str("gone"), NamingContext::NotFound);
    CosNaming::BindingList list;
    IDL::traits<CosNaming::BindingIterator>::ref_type iterator;
    root->list(10, list, iterator);
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].binding_type(), CosNaming::BindingType::ncontext);
    // The context keeps its object id: the same key in the new run.
    auto old = server.orb->string_to_object(context_ior);
    EXPECT_TRUE(IDL::traits<NamingContext>::narrow(old)->resolve(to_name("obj.k")));
    // Bound again, the old reference is known for one of ours: resolved without a call.
    root->bind_context(to_name("again"), IDL::traits<NamingContext>::narrow(old));
    EXPECT_TRUE(root->resolve_str("again/obj.k"));
  }
  fs::remove_all(dir);
}

}  // namespace
