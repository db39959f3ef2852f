// pi-server --ior-file F [ORB options]: serves one PiTest::Probe behind a server request
// interceptor that answers the client's probe context with a reply context (the bytes
// reversed, then '|' and the operation), says which exception it sends, and raises
// NO_PERMISSION at the point the client's control context names.
#include <rtorb/corba/orb.hpp>
#include <rtorb/interceptors/portable_interceptor.hpp>
#include <rtorb/poa/poa.hpp>

#include <atomic>
#include <cstring>
#include <iostream>
#include <string>

#include "interceptorsC.h"
#include "interceptorsS.h"
#include "pi_test_ids.hpp"
#include "test_support/ior_file.hpp"

namespace {

namespace PI = PortableInterceptor;

char control_of(PI::ServerRequestInfo& ri) {
  try {
    const auto c = ri.get_request_service_context(pi_test::control_context);
    return c.context_data().empty() ? '\0' : static_cast<char>(c.context_data().back());
  } catch (const CORBA::BAD_PARAM&) {
    return '\0';
  }
}

class EchoInterceptor final : public PI::ServerRequestInterceptor {
 public:
  std::string name() override { return "echo"; }
  void receive_request_service_contexts(Info ri) override {
    if (control_of(*ri) == 'r') throw CORBA::NO_PERMISSION(pi_test::minor_at_contexts, CORBA::CompletionStatus::COMPLETED_NO, "");
  }
  void receive_request(Info ri) override {
    if (control_of(*ri) == 'q') throw CORBA::NO_PERMISSION(pi_test::minor_at_request, CORBA::CompletionStatus::COMPLETED_NO, "");
  }
  void send_reply(Info ri) override {
    answer_probe(*ri);
    if (control_of(*ri) == 's') throw CORBA::NO_PERMISSION(pi_test::minor_at_reply, CORBA::CompletionStatus::COMPLETED_YES, "");
  }
  void send_exception(Info ri) override {
    answer_probe(*ri);
    const std::string id = ri->sending_exception_id();
    ri->add_reply_service_context({pi_test::exception_context, {id.begin(), id.end()}}, true);
  }
  void send_other(Info) override {}

 private:
  static void answer_probe(PI::ServerRequestInfo& ri) {
    try {
      auto data = ri.get_request_service_context(pi_test::probe_context).context_data();
      std::vector<std::uint8_t> answer(data.rbegin(), data.rend());
      answer.push_back('|');
      const std::string op = ri.operation();
      answer.insert(answer.end(), op.begin(), op.end());
      ri.add_reply_service_context({pi_test::probe_context, answer}, true);
    } catch (const CORBA::BAD_PARAM&) {
      // no probe: nothing to answer
    }
  }
};

class Initializer final : public PI::ORBInitializer {
 public:
  void pre_init(CORBA::object_reference<PI::ORBInitInfo>) override {}
  void post_init(CORBA::object_reference<PI::ORBInitInfo> info) override {
    info->add_server_request_interceptor(CORBA::make_reference<EchoInterceptor>());
  }
};

class ProbeServant final : public CORBA::servant_traits<PiTest::Probe>::base_type {
 public:
  explicit ProbeServant(IDL::traits<CORBA::ORB>::ref_type orb) : orb_(std::move(orb)) {}
  std::int32_t echo(std::int32_t v) override { return v; }
  void refuse(std::int32_t code) override { throw PiTest::Refused(code); }
  void note(std::int32_t) override { ++notes_; }
  std::int32_t notes() override { return notes_; }
  void shutdown() override { orb_->shutdown(false); }

 private:
  IDL::traits<CORBA::ORB>::ref_type orb_;
  std::atomic<std::int32_t> notes_{0};
};

}  // namespace

int main(int argc, char* argv[]) {
  try {
    PI::register_orb_initializer(CORBA::make_reference<Initializer>());
    auto orb = CORBA::ORB_init(argc, argv);
    if (argc != 3 || std::strcmp(argv[1], "--ior-file") != 0) {
      std::cerr << "usage: pi-server --ior-file F [ORB options]\n";
      return 2;
    }
    auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    root->the_POAManager()->activate();
    auto servant = CORBA::make_reference<ProbeServant>(orb);
    rtorb::test::write_ior_file(argv[2], orb->object_to_string(root->servant_to_reference(servant)));
    orb->run();
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "pi-server: " << e.what() << '\n';
    return 1;
  }
}
