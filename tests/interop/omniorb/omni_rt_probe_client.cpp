// omniORB peer for the Real-time CORBA interop test: calls PriorityProbe::upcall_scheduling
// on the reference given (omniORB knows nothing of RT-CORBA: no RTCorbaPriority context, no
// lanes; it connects to the profile it finds) and prints
// "scheduling POLICY NATIVE CORBA". A CORBA exception prints "exception NAME" and exits 1.
#include <cstdio>

#include "priority_probe.hh"

int main(int argc, char* argv[]) {
  CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
  if (argc != 2) {
    std::fprintf(stderr, "usage: omni_rt_probe_client [-ORB options] <reference>\n");
    return 2;
  }
  int status = 0;
  try {
    CORBA::Object_var object = orb->string_to_object(argv[1]);
    PriorityProbe_var probe = PriorityProbe::_narrow(object);
    const PriorityProbe::Scheduling s = probe->upcall_scheduling();
    std::printf("scheduling %ld %ld %d\n", static_cast<long>(s.policy),
                static_cast<long>(s.native_priority), static_cast<int>(s.corba_priority));
  } catch (const CORBA::Exception& e) {
    std::printf("exception %s\n", e._name());
    status = 1;
  }
  orb->destroy();
  return status;
}
