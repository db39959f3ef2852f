// counter-client REFERENCE [CALLS] [-ORB options]: calls next() CALLS times (default 2) on
// the Persistent::Counter that REFERENCE names and prints each count.
#include <rtorb/corba/orb.hpp>

#include <cstdlib>
#include <iostream>

#include "counterC.h"

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    if (argc != 2 && argc != 3) {
      std::cerr << "usage: counter-client REFERENCE [CALLS] [-ORB options]\n";
      return 2;
    }
    auto counter = IDL::traits<Persistent::Counter>::narrow(orb->string_to_object(argv[1]));
    if (!counter) {
      std::cerr << "counter-client: " << argv[1] << " is not a Persistent::Counter\n";
      return 1;
    }
    const int calls = argc == 3 ? std::atoi(argv[2]) : 2;
    for (int i = 0; i < calls; ++i) std::cout << "count " << counter->next() << '\n';
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {  // TRANSIENT or COMM_FAILURE while no server runs
    std::cerr << "counter-client: " << e.what() << '\n';
    return 1;
  }
}
