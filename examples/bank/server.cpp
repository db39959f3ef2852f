// bank-server IOR-FILE [-ORB options]: serves a Bank::Branch, whose open_account creates
// Bank::Account objects, and writes the branch's reference to IOR-FILE.
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <utility>

#include "bankS.h"

namespace {

class AccountServant final : public CORBA::servant_traits<Bank::Account>::base_type {
 public:
  explicit AccountServant(std::string owner) : owner_(std::move(owner)) {}

  // Attributes map to a getter (and, unless readonly, a setter) of the same name.
  std::string owner() override { return owner_; }
  std::int64_t balance() override { return balance_; }
  std::string nickname() override { return nickname_; }
  void nickname(const std::string& nickname) override { nickname_ = nickname; }

  void deposit(const std::string& description, std::int64_t cents) override {
    balance_ += cents;
    statement_.emplace_back(description, cents);
  }

  // A user exception travels back to the client as itself, members and all.
  void withdraw(const std::string& description, std::int64_t cents) override {
    if (cents > balance_) throw Bank::InsufficientFunds(balance_, cents);
    balance_ -= cents;
    statement_.emplace_back(description, -cents);
  }

  Bank::Statement statement() override { return statement_; }  // sequence<Entry>: std::vector

  void note(const std::string& text) override { statement_.emplace_back("note: " + text, 0); }

 private:
  // orb->run() serves one request at a time on one thread, so no lock is needed.
  std::string owner_;
  std::string nickname_;
  std::int64_t balance_ = 0;
  Bank::Statement statement_;
};

class BranchServant final : public CORBA::servant_traits<Bank::Branch>::base_type {
 public:
  explicit BranchServant(IDL::traits<PortableServer::POA>::ref_type poa) : poa_(std::move(poa)) {}

  // Each account is an object of its own: activated in the POA, which keeps the servant
  // alive, and returned to the client as a reference.
  IDL::traits<Bank::Account>::ref_type open_account(const std::string& owner) override {
    auto account = CORBA::make_reference<AccountServant>(owner);
    poa_->activate_object(account);
    return account->_this();
  }

 private:
  IDL::traits<PortableServer::POA>::ref_type poa_;
};

}  // namespace

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    if (argc != 2) {
      std::cerr << "usage: bank-server IOR-FILE [-ORB options]\n";
      return 2;
    }
    auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    poa->the_POAManager()->activate();
    auto branch = CORBA::make_reference<BranchServant>(poa);
    poa->activate_object(branch);

    const std::string partial = std::string(argv[1]) + ".partial";
    std::ofstream(partial) << orb->object_to_string(branch->_this()) << '\n';
    std::rename(partial.c_str(), argv[1]);

    orb->run();
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "bank-server: " << e.what() << '\n';
    return 1;
  }
}
