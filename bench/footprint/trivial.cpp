// footprint-trivial: a C++ program with iostreams and exceptions built like the minimal
// server, so the difference in size is what the ORB adds.
#include <iostream>
#include <stdexcept>
#include <string>

int main(int argc, char* argv[]) {
  try {
    if (argc > 1) throw std::runtime_error(std::string("unexpected argument ") + argv[1]);
    std::cout << "trivial\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << e.what() << '\n';
    return 1;
  }
}
