// docs/guide/getting-started.md's client, word for word: a program of its own, as a user
// writes it (examples/hello/client.cpp is its unabridged form).
#include <rtorb/corba/orb.hpp>
#include <iostream>
#include "helloC.h"

int main(int argc, char* argv[]) {
  auto orb = CORBA::ORB_init(argc, argv);
  auto hello = IDL::traits<Demo::Hello>::narrow(orb->string_to_object(argv[1]));
  if (!hello) return 1;                  // not a Demo::Hello
  std::cout << hello->greet("world") << std::endl;
  orb->destroy();
}
