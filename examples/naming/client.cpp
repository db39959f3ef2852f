// greeter-client PORT: finds the greeter twice, through the Naming Service's API and
// through a corbaname: URL, and calls it each way.
#include <rtorb/corba/orb.hpp>

#include <iostream>
#include <string>

#include "CosNamingC.h"
#include "greeterC.h"

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    if (argc != 2) {
      std::cerr << "usage: greeter-client PORT   (the Naming Service's port on 127.0.0.1)\n";
      return 2;
    }
    const std::string port = argv[1];

    // 1. The Naming Service itself: its root context answers at corbaloc::host:port/NameService.
    auto names = IDL::traits<CosNaming::NamingContextExt>::narrow(
        orb->string_to_object("corbaloc::127.0.0.1:" + port + "/NameService"));
    auto by_name = IDL::traits<Demo::Greeter>::narrow(names->resolve_str("examples/greeter.object"));
    std::cout << by_name->greet("naming") << '\n';

    // 2. A corbaname: URL names the context and, after '#', the name resolved in it.
    auto by_url = IDL::traits<Demo::Greeter>::narrow(
        orb->string_to_object("corbaname::127.0.0.1:" + port + "#examples/greeter.object"));
    std::cout << by_url->greet("corbaname") << '\n';

    // A name nobody bound: NotFound says which part is missing.
    try {
      names->resolve_str("examples/nobody");
    } catch (const CosNaming::NamingContext::NotFound& e) {
      std::cout << "not found: " << names->to_string(e.rest_of_name()) << '\n';
    }
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "greeter-client: " << e.what() << '\n';
    return 1;
  }
}
