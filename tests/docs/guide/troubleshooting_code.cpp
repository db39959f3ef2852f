// docs/guide/troubleshooting.md's snippet, word for word, compiled against the generated
// code of examples/hello/hello.idl.
#include <rtorb/corba/orb.hpp>

#include <iostream>

#include "helloC.h"

namespace guide::troubleshooting {

// "INV_OBJREF: an operation on a nil reference".
int client(int argc, char* argv[]) {
  auto orb = CORBA::ORB_init(argc, argv);
  auto hello = IDL::traits<Demo::Hello>::narrow(orb->string_to_object(argv[1]));
  if (!hello) { std::cerr << "not a Demo::Hello\n"; return 1; }
  std::cout << hello->greet("world") << '\n';
  orb->destroy();
  return 0;
}

}  // namespace guide::troubleshooting
