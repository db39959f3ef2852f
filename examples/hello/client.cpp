// hello-client REFERENCE [NAME] [-ORB options]: calls greet(NAME) on the Demo::Hello that
// REFERENCE names ("IOR:...", "corbaloc:..." or "file://hello.ior") and prints the answer.
#include <rtorb/corba/orb.hpp>

#include <iostream>

#include "helloC.h"  // generated: Demo::Hello, the proxy a client calls

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    if (argc != 2 && argc != 3) {
      std::cerr << "usage: hello-client REFERENCE [NAME] [-ORB options]\n";
      return 2;
    }
    // narrow asks the object whether it is a Demo::Hello: nil if it is not.
    auto hello = IDL::traits<Demo::Hello>::narrow(orb->string_to_object(argv[1]));
    if (!hello) {
      std::cerr << "hello-client: " << argv[1] << " is not a Demo::Hello\n";
      return 1;
    }
    std::cout << hello->greet(argc == 3 ? argv[2] : "world") << std::endl;
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {  // a system exception if the server is unreachable
    std::cerr << "hello-client: " << e.what() << '\n';
    return 1;
  }
}
