// bank-client REFERENCE [-ORB options]: opens an account at the Bank::Branch that
// REFERENCE names, moves money, is refused a withdrawal, and prints the statement.
#include <rtorb/corba/orb.hpp>

#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>

#include "bankC.h"

namespace {

std::string money(std::int64_t cents) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", static_cast<double>(cents) / 100);
  return text;
}

void use(Bank::Branch& branch) {
  auto account = branch.open_account("Alice");  // a reference to a new object
  account->nickname("savings");                 // attribute setter
  std::cout << "account of " << account->owner() << " (" << account->nickname() << ")\n";

  account->deposit("salary", 250000);
  account->withdraw("rent", 90000);
  account->note("rent paid on time");  // oneway: returns at once
  try {
    account->withdraw("car", 2000000);
  } catch (const Bank::InsufficientFunds& e) {  // the exception's members, as the server set them
    std::cout << "refused: " << money(e.requested()) << " is more than the balance " << money(e.balance())
              << '\n';
  }

  // Requests on one connection are served in order, so the note is in the statement.
  std::cout << "statement:\n";
  for (const Bank::Entry& entry : account->statement()) {
    std::cout << "  " << entry.description() << (entry.cents() != 0 ? " " + money(entry.cents()) : "") << '\n';
  }
  std::cout << "balance " << money(account->balance()) << '\n';
}

}  // namespace

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    if (argc != 2) {
      std::cerr << "usage: bank-client REFERENCE [-ORB options]\n";
      return 2;
    }
    auto branch = IDL::traits<Bank::Branch>::narrow(orb->string_to_object(argv[1]));
    if (!branch) {
      std::cerr << "bank-client: " << argv[1] << " is not a Bank::Branch\n";
      return 1;
    }
    use(*branch);
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "bank-client: " << e.what() << '\n';
    return 1;
  }
}
