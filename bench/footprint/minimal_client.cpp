// footprint-minimal-client: one call on the reference given as argument; measured, not used.
#include <iostream>
#include <rtorb/corba/orb.hpp>

#include "minimalC.h"

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    if (argc < 2) return 2;
    auto target = IDL::traits<Minimal>::narrow(orb->string_to_object(argv[1]));
    std::cout << target->echo(42) << '\n';
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << e.what() << '\n';
    return 1;
  }
}
