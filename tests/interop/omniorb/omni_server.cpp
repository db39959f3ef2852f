// omniORB peer: serves rtorb_interop::Echo under the fixed key "Echo" and prints its reference.
//
//   omni_server [-ORBendPoint giop:tcp:127.0.0.1:0] [other -ORB options]
//
// Prints to stdout, one per line and flushed: "ior IOR:...", "corbaloc corbaloc:...",
// "host H", "port P", then "ready". Exits 0 on SIGTERM/SIGINT or the shutdown operation.
// echo.hh expects omniORB4/CORBA.h first, and include sorting puts it last.
#include <omniORB4/CORBA.h>
#include <omniORB4/IIOP.h>
#include <omniORB4/omniIOR.h>
#include <test_support/stop_signals.hpp>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "echo.hh"

namespace {

class EchoServant final : public POA_rtorb_interop::Echo {
 public:
  char* echo_string(const char* s) override { return CORBA::string_dup(s); }
  CORBA::Long cube_long(CORBA::Long l) override { return l * l * l; }
  rtorb_interop::LongSeq* echo_seq(const rtorb_interop::LongSeq& s) override {
    return new rtorb_interop::LongSeq(s);
  }
  void ping() override {}
  CORBA::WChar* echo_wstring(const CORBA::WChar* w) override { return CORBA::wstring_dup(w); }
  // The main thread waits for a signal, so shutdown sends one to the process (raise()
  // would target this thread, which blocks it).
  void shutdown() override { kill(getpid(), SIGTERM); }
};

// The first IIOP profile's address, read with omniORB's own decoder so the tests have an
// oracle that does not depend on rtorb's.
IIOP::Address first_iiop_address(CORBA::Object_ptr obj) {
  omniIOR* ior = obj->_PR_getobj()->_getIOR();
  IIOP::Address address;
  address.port = 0;
  const IOP::TaggedProfileList& profiles = ior->iopProfiles();
  for (CORBA::ULong i = 0; i < profiles.length(); ++i) {
    if (profiles[i].tag != IOP::TAG_INTERNET_IOP) continue;
    IIOP::ProfileBody body;
    IIOP::unmarshalProfile(profiles[i], body);
    address.host = body.address.host;
    address.port = body.address.port;
    break;
  }
  ior->release();
  return address;
}

std::string corbaloc_for(const IIOP::Address& address) {
  std::string host = static_cast<const char*>(address.host);
  if (host.find(':') != std::string::npos) host = "[" + host + "]";
  return "corbaloc:iiop:1.2@" + host + ":" + std::to_string(address.port) + "/Echo";
}

int serve(CORBA::ORB_ptr orb, const rtorb::test::StopSignals& stop) {
  CORBA::Object_var poa_obj = orb->resolve_initial_references("omniINSPOA");
  PortableServer::POA_var poa = PortableServer::POA::_narrow(poa_obj);
  // Owned by the POA from here on: orb->destroy() etherealises it once the last call on it
  // has completed, which a servant on this stack could not wait for.
  EchoServant* servant = new EchoServant;
  PortableServer::ObjectId_var oid = PortableServer::string_to_ObjectId("Echo");
  poa->activate_object_with_id(oid, servant);
  servant->_remove_ref();
  PortableServer::POAManager_var manager = poa->the_POAManager();
  manager->activate();

  CORBA::Object_var ref = poa->id_to_reference(oid);
  CORBA::String_var ior = orb->object_to_string(ref);
  const IIOP::Address address = first_iiop_address(ref);
  std::printf("ior %s\ncorbaloc %s\nhost %s\nport %u\nready\n", static_cast<const char*>(ior),
              corbaloc_for(address).c_str(), static_cast<const char*>(address.host),
              static_cast<unsigned>(address.port));
  std::fflush(stdout);
  stop.wait();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const rtorb::test::StopSignals stop;
  try {
    CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
    const int status = serve(orb, stop);
    orb->destroy();
    return status;
  } catch (const CORBA::SystemException& e) {
    std::fprintf(stderr, "omni_server: %s minor 0x%lx\n", e._name(),
                 static_cast<unsigned long>(e.minor()));
  } catch (const CORBA::Exception& e) {
    std::fprintf(stderr, "omni_server: %s\n", e._name());
  }
  return 1;
}
