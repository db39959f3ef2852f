// amh-coro-server --ior-file F [ORB options]: serves one AmhTest::Relay, a coroutine
// servant, in the RootPOA; its coroutines' calls to other servers are answered through
// this ORB's own event loop (ORB::run).
#include "coro_servant.hpp"
#include "test_support/serve_one_object.hpp"

int main(int argc, char* argv[]) {
  return rtorb::test::serve_one_object(
      argc, argv, "amh-coro-server", [] { return CORBA::make_reference<amh_test::RelayServant>(); });
}
