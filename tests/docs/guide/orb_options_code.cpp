// docs/guide/orb-options.md's snippet, word for word: a program of its own.
#include <rtorb/corba/orb.hpp>

#include <iostream>

int main(int argc, char* argv[]) {
  auto orb = CORBA::ORB_init(argc, argv);  // argv now holds only the program's own arguments
  // ...
  for (int i = 1; i < argc; ++i) std::cout << argv[i] << '\n';
  orb->destroy();
}
