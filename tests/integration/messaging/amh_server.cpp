// amh-server --ior-file F [ORB options]: serves one AmhTest::Deferred, an AMH servant, in
// the RootPOA.
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>


#include "amh_servant.hpp"
#include "test_support/serve_one_object.hpp"

int main(int argc, char* argv[]) {
  return rtorb::test::serve_one_object(
      argc, argv, "amh-server", [] { return CORBA::make_reference<amh_test::DeferredServant>(); });
}
