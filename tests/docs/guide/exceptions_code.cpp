// docs/guide/exceptions.md's snippet, word for word, and the rest of the API the page
// names, compiled against the generated code of examples/bank/bank.idl.
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <iostream>

#include "bankC.h"

namespace guide::exceptions {

void catch_them(const IDL::traits<Bank::Account>::ref_type& account) {
  try {
    account->withdraw("rent", 90000);
  } catch (const Bank::InsufficientFunds& e) {   // declared in the IDL: raises (InsufficientFunds)
    std::cerr << "balance is only " << e.balance() << '\n';
  } catch (const CORBA::TRANSIENT& e) {          // the server could not be reached: safe to retry
    std::cerr << e.what() << '\n';
  } catch (const CORBA::SystemException& e) {    // anything else the ORB says
    std::cerr << e._name() << " minor " << std::hex << e.minor() << '\n';
  }
}

// What a system exception carries, and how a servant raises one.
void inspect(const CORBA::SystemException& e) {
  std::cerr << (e.minor() == rtorb::minor::transient_connect_failed)
            << (e.completed() == CORBA::CompletionStatus::COMPLETED_NO) << e.detail() << e.what();
}

void raise_from_a_servant() {
  throw CORBA::BAD_PARAM(0, CORBA::CompletionStatus::COMPLETED_NO);
}

}  // namespace guide::exceptions
