// rtorb-pi-cost [--calls N] [--only plain|intercepted]: the cost of Portable Interceptors per call. One process, three
// ORBs: a server with a pool of threads on loopback, a client made before any initializer
// is registered (no interception: the seam is empty) and, after register_orb_initializer,
// a server and a client each with one empty request interceptor. Prints the mean time of
// a cube_long for plain client to plain server and intercepted client to intercepted
// server, in alternating batches so both see the same machine. --only makes just one kind
// of call (for instruction counts under callgrind: the difference of two lengths).
#include <rtorb/corba/orb.hpp>
#include <rtorb/interceptors/portable_interceptor.hpp>
#include <rtorb/poa/poa.hpp>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cubitC.h"
#include "cubit_servant.hpp"

namespace {

namespace PI = PortableInterceptor;

class EmptyClient final : public PI::ClientRequestInterceptor {
 public:
  std::string name() override { return "empty"; }
  void send_request(Info) override {}
  void send_poll(Info) override {}
  void receive_reply(Info) override {}
  void receive_exception(Info) override {}
  void receive_other(Info) override {}
};

class EmptyServer final : public PI::ServerRequestInterceptor {
 public:
  std::string name() override { return "empty"; }
  void receive_request_service_contexts(Info) override {}
  void receive_request(Info) override {}
  void send_reply(Info) override {}
  void send_exception(Info) override {}
  void send_other(Info) override {}
};

class AddEmpty final : public PI::ORBInitializer {
 public:
  void pre_init(CORBA::object_reference<PI::ORBInitInfo>) override {}
  void post_init(CORBA::object_reference<PI::ORBInitInfo> info) override {
    info->add_client_request_interceptor(CORBA::make_reference<EmptyClient>());
    info->add_server_request_interceptor(CORBA::make_reference<EmptyServer>());
  }
};

CORBA::object_reference<CORBA::ORB> make_orb(const std::string& id, bool serves) {
  std::vector<std::string> args{"rtorb-pi-cost"};
  if (serves) args.insert(args.end(), {"-ORBEndpoint", "iiop://127.0.0.1:0", "-ORBServerThreads", "1"});
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  int argc = static_cast<int>(argv.size());
  argv.push_back(nullptr);
  return CORBA::ORB_init(argc, argv.data(), id);
}

IDL::traits<Cubit>::ref_type serve(const CORBA::object_reference<CORBA::ORB>& server,
                                   const CORBA::object_reference<CORBA::ORB>& client) {
  auto root = IDL::traits<PortableServer::POA>::narrow(server->resolve_initial_references("RootPOA"));
  root->the_POAManager()->activate();
  auto ref = root->servant_to_reference(CORBA::make_reference<cubit::CubitServant>(server));
  return IDL::traits<Cubit>::narrow(client->string_to_object(server->object_to_string(ref)));
}

double mean_ns(const IDL::traits<Cubit>::ref_type& cubit, int calls) {
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < calls; ++i) cubit->cube_long(i);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  return std::chrono::duration<double, std::nano>(elapsed).count() / calls;
}

}  // namespace

int main(int argc, char* argv[]) {
  int calls = 20000;
  std::string only;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--calls") == 0) calls = std::stoi(argv[i + 1]);
    if (std::strcmp(argv[i], "--only") == 0) only = argv[i + 1];
  }
  auto plain_server = make_orb("plain-server", true);
  auto plain_client = make_orb("plain-client", false);
  PI::register_orb_initializer(CORBA::make_reference<AddEmpty>());
  auto pi_server = make_orb("pi-server", true);
  auto pi_client = make_orb("pi-client", false);
  auto plain = serve(plain_server, plain_client);
  auto intercepted = serve(pi_server, pi_client);
  if (!only.empty()) {
    const double ns = mean_ns(only == "plain" ? plain : intercepted, calls);
    std::printf("%s: %.0f ns/call\n", only.c_str(), ns);
    for (auto* orb : {&pi_client, &plain_client, &pi_server, &plain_server}) (*orb)->destroy();
    return 0;
  }
  mean_ns(plain, 1000);
  mean_ns(intercepted, 1000);
  double plain_sum = 0;
  double pi_sum = 0;
  constexpr int rounds = 10;
  for (int r = 0; r < rounds; ++r) {
    plain_sum += mean_ns(plain, calls / rounds);
    pi_sum += mean_ns(intercepted, calls / rounds);
  }
  std::printf("cube_long, loopback, %d calls each\n", calls);
  std::printf("no interceptor:                 %8.0f ns/call\n", plain_sum / rounds);
  std::printf("one empty client + server each: %8.0f ns/call (+%.0f ns)\n", pi_sum / rounds,
              (pi_sum - plain_sum) / rounds);
  for (auto* orb : {&pi_client, &plain_client, &pi_server, &plain_server}) (*orb)->destroy();
  return 0;
}
