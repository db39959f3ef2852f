// omniORB peer for Portable Interceptors: serves rtorb_interop::Echo behind omniORB's own
// interceptors, which read the request's service context 0x52540100 and answer it in the
// reply with the same id: the bytes reversed, then "|omni". Prints "ior IOR:..." and
// "ready", flushed; exits on SIGTERM/SIGINT or the shutdown operation.
//
//   omni_pi_server [-ORBendPoint giop:tcp:127.0.0.1:0]
// echo.hh expects omniORB4/CORBA.h first, and include sorting puts it last.
#include <omniORB4/CORBA.h>
#include <omniORB4/internal/giopStrand.h>
#include <omniORB4/internal/giopStream.h>
#include <omniORB4/internal/GIOP_S.h>
#include <omniORB4/omniInterceptors.h>
#include <test_support/stop_signals.hpp>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "echo.hh"

namespace {

using omni::omniInterceptors;

constexpr CORBA::ULong probe_context = 0x52540100;

// omniORB receives a request and sends its reply on the same thread.
thread_local std::string probe;

CORBA::Boolean read_probe(omniInterceptors::serverReceiveRequest_T::info_T& info) {
  probe.clear();
  const IOP::ServiceContextList& contexts = info.giop_s.service_contexts();
  for (CORBA::ULong i = 0; i < contexts.length(); ++i) {
    if (contexts[i].context_id != probe_context) continue;
    const auto& data = contexts[i].context_data;
    probe.assign(reinterpret_cast<const char*>(data.get_buffer()), data.length());
  }
  return true;
}

CORBA::Boolean answer_probe(omniInterceptors::serverSendReply_T::info_T& info) {
  if (probe.empty()) return true;
  std::string answer(probe.rbegin(), probe.rend());
  answer += "|omni";
  IOP::ServiceContextList& contexts = info.giop_s.service_contexts();
  const CORBA::ULong at = contexts.length();
  contexts.length(at + 1);
  contexts[at].context_id = probe_context;
  contexts[at].context_data.length(static_cast<CORBA::ULong>(answer.size()));
  for (CORBA::ULong i = 0; i < answer.size(); ++i) {
    contexts[at].context_data[i] = static_cast<CORBA::Octet>(answer[i]);
  }
  probe.clear();
  return true;
}

class EchoServant final : public POA_rtorb_interop::Echo {
 public:
  char* echo_string(const char* s) override { return CORBA::string_dup(s); }
  CORBA::Long cube_long(CORBA::Long l) override { return l * l * l; }
  rtorb_interop::LongSeq* echo_seq(const rtorb_interop::LongSeq& s) override {
    return new rtorb_interop::LongSeq(s);
  }
  void ping() override {}
  CORBA::WChar* echo_wstring(const CORBA::WChar* w) override { return CORBA::wstring_dup(w); }
  void shutdown() override { kill(getpid(), SIGTERM); }
};

}  // namespace

int main(int argc, char** argv) {
  const rtorb::test::StopSignals stop;
  try {
    CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
    omniInterceptors* interceptors = omniORB::getInterceptors();
    interceptors->serverReceiveRequest.add(&read_probe);
    interceptors->serverSendReply.add(&answer_probe);
    CORBA::Object_var poa_obj = orb->resolve_initial_references("RootPOA");
    PortableServer::POA_var poa = PortableServer::POA::_narrow(poa_obj);
    EchoServant* servant = new EchoServant;
    PortableServer::ObjectId_var oid = poa->activate_object(servant);
    servant->_remove_ref();
    PortableServer::POAManager_var manager = poa->the_POAManager();
    manager->activate();
    CORBA::Object_var ref = poa->id_to_reference(oid);
    CORBA::String_var ior = orb->object_to_string(ref);
    std::printf("ior %s\nready\n", static_cast<const char*>(ior));
    std::fflush(stdout);
    stop.wait();
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::fprintf(stderr, "omni_pi_server: %s\n", e._name());
  }
  return 1;
}
