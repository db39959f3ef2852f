// docs/guide/poa-recipes.md's snippets, word for word, and the rest of the API the page
// names, compiled against the generated code of guide.idl and the examples' IDL.
#include <rtorb/corba/ior_table.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <cstdint>
#include <iostream>
#include <string>
#include <utility>

#include "bankS.h"
#include "counterS.h"
#include "guideS.h"
#include "helloS.h"

namespace guide::poa_recipes {

class HelloServant final : public CORBA::servant_traits<Demo::Hello>::base_type {
 public:
  std::string greet(const std::string& name) override { return "Hello, " + name + "!"; }
};

class CounterServant final : public CORBA::servant_traits<Persistent::Counter>::base_type {
 public:
  std::uint32_t next() override { return ++count_; }

 private:
  std::uint32_t count_ = 0;
};

class AccountServant final : public CORBA::servant_traits<Bank::Account>::base_type {
 public:
  explicit AccountServant(std::int64_t balance) : balance_(balance) {}
  std::string owner() override { return {}; }
  std::int64_t balance() override { return balance_; }
  std::string nickname() override { return {}; }
  void nickname(const std::string&) override {}
  void deposit(const std::string&, std::int64_t cents) override { balance_ += cents; }
  void withdraw(const std::string&, std::int64_t cents) override { balance_ -= cents; }
  Bank::Statement statement() override { return {}; }
  void note(const std::string&) override {}

 private:
  std::int64_t balance_;
};

// "The RootPOA: activate and publish".
void root_poa(int argc, char* argv[]) {
  auto orb = CORBA::ORB_init(argc, argv);
  auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  root->the_POAManager()->activate();                          // start serving

  auto servant = CORBA::make_reference<HelloServant>();
  auto hello = root->servant_to_reference(servant);            // activates it; a CORBA::Object reference
  // or: PortableServer::ObjectId id = root->activate_object(servant);
  //     auto hello = root->id_to_reference(id);      or   servant->_this()   (typed)
  std::cout << orb->object_to_string(hello) << '\n';           // "IOR:...": give it to clients
  orb->run();                                                   // serve until orb->shutdown()

  auto other = CORBA::make_reference<HelloServant>();
  PortableServer::ObjectId id = root->activate_object(other);
  std::cout << orb->object_to_string(root->id_to_reference(id));
  IDL::traits<Demo::Hello>::ref_type typed = other->_this();
  std::cout << typed->greet("world");
  root->deactivate_object(root->servant_to_id(servant));
  orb->destroy();
}

// "References that survive a restart".
void persistent(const IDL::traits<CORBA::ORB>::ref_type& orb) {
  // run as: counter-server -ORBEndpoint iiop://:5000    (a fixed port, on every IPv4 address)
  auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  CORBA::PolicyList policies{
      root->create_lifespan_policy(PortableServer::LifespanPolicyValue::PERSISTENT),
      root->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID)};
  auto poa = root->create_POA("counters", root->the_POAManager(), policies);  // same name every run

  const auto id = PortableServer::string_to_ObjectId("main-counter");        // same id every run
  poa->activate_object_with_id(id, CORBA::make_reference<CounterServant>());
  root->the_POAManager()->activate();
  auto counter = poa->id_to_reference(id);   // valid in this run and every later one
  std::cout << orb->object_to_string(counter);
}

// "Short object keys (corbaloc URLs)".
void short_keys(const IDL::traits<CORBA::ORB>::ref_type& orb, const IDL::traits<CORBA::Object>::ref_type& bank) {
  auto table = IDL::traits<IORTable::Table>::narrow(orb->resolve_initial_references("IORTable"));
  table->bind("Bank", bank);                 // or rebind; unbind("Bank") removes it
  // a client, rtorb or any other ORB:
  //   orb->string_to_object("corbaloc::host:5000/Bank")      (also corbaloc:iiop:1.2@host:5000/Bank)
  table->rebind("Bank", orb->object_to_string(bank));
  table->unbind("Bank");
}

// Stand-ins for the application's own storage, which the activator recipe calls.
bool known(const std::string& name) { return !name.empty(); }
std::int64_t load(const std::string&) { return 0; }
void save(const std::string&, const CORBA::servant_reference<PortableServer::Servant>&) {}

// "Creating servants on demand: ServantActivator".
class AccountActivator final : public PortableServer::ServantActivator {
 public:
  CORBA::servant_reference<PortableServer::Servant> incarnate(
      const PortableServer::ObjectId& id, CORBA::object_reference<PortableServer::POA>) override {
    const std::string name = PortableServer::ObjectId_to_string(id);
    if (!known(name)) throw CORBA::OBJECT_NOT_EXIST();   // no such account
    return CORBA::make_reference<AccountServant>(load(name));
  }
  void etherealize(const PortableServer::ObjectId& id, CORBA::object_reference<PortableServer::POA>,
                   CORBA::servant_reference<PortableServer::Servant> servant,
                   bool /*cleanup_in_progress*/, bool /*remaining_activations*/) override {
    save(PortableServer::ObjectId_to_string(id), servant);  // deactivated, or the POA destroyed
  }
};

void activator(const IDL::traits<PortableServer::POA>::ref_type& root) {
  auto poa = root->create_POA("accounts", root->the_POAManager(),
      {root->create_request_processing_policy(PortableServer::RequestProcessingPolicyValue::USE_SERVANT_MANAGER),
       root->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID)});
  poa->set_servant_manager(CORBA::make_reference<AccountActivator>());
  // references without servants yet:
  auto alice = poa->create_reference_with_id(PortableServer::string_to_ObjectId("alice"),
                                             IDL::traits<Bank::Account>::repository_id);
  alice->_non_existent();
}

// "A servant per call: ServantLocator".
class MyLocator final : public PortableServer::ServantLocator {
 public:
  CORBA::servant_reference<PortableServer::Servant> preinvoke(
      const PortableServer::ObjectId&, CORBA::object_reference<PortableServer::POA>,
      const std::string&, Cookie& cookie) override {
    cookie = nullptr;
    return servant_;
  }
  void postinvoke(const PortableServer::ObjectId&, CORBA::object_reference<PortableServer::POA>,
                  const std::string&, Cookie, CORBA::servant_reference<PortableServer::Servant>) override {}

 private:
  CORBA::servant_reference<AccountServant> servant_ = CORBA::make_reference<AccountServant>(0);
};

void locator(const IDL::traits<PortableServer::POA>::ref_type& root) {
  auto poa = root->create_POA("pooled", root->the_POAManager(),
      {root->create_request_processing_policy(PortableServer::RequestProcessingPolicyValue::USE_SERVANT_MANAGER),
       root->create_servant_retention_policy(PortableServer::ServantRetentionPolicyValue::NON_RETAIN)});
  poa->set_servant_manager(CORBA::make_reference<MyLocator>());  // derives from PortableServer::ServantLocator
}

// "One servant for many objects: the default servant".
class RowServant final : public CORBA::servant_traits<Db::Row>::base_type {
 public:
  explicit RowServant(IDL::traits<CORBA::ORB>::ref_type orb) : orb_(std::move(orb)) {}
  std::string value() override {
    // inside RowServant's operations:
    auto current = IDL::traits<PortableServer::Current>::narrow(
        orb_->resolve_initial_references("POACurrent"));
    std::string key = PortableServer::ObjectId_to_string(current->get_object_id());
    return key;
  }

 private:
  IDL::traits<CORBA::ORB>::ref_type orb_;
};

void default_servant(const IDL::traits<CORBA::ORB>::ref_type& orb,
                     const IDL::traits<PortableServer::POA>::ref_type& root) {
  auto poa = root->create_POA("rows", root->the_POAManager(),
      {root->create_request_processing_policy(PortableServer::RequestProcessingPolicyValue::USE_DEFAULT_SERVANT),
       root->create_id_uniqueness_policy(PortableServer::IdUniquenessPolicyValue::MULTIPLE_ID),
       root->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID)});
  poa->set_servant(CORBA::make_reference<RowServant>(orb));
  auto row = poa->create_reference_with_id(PortableServer::string_to_ObjectId("42"),
                                           IDL::traits<Db::Row>::repository_id);
  std::cout << orb->object_to_string(row);
}

// "POA manager states", "Stopping a server", "Serving on several threads".
void manager_states(const IDL::traits<CORBA::ORB>::ref_type& orb,
                    const IDL::traits<PortableServer::POA>::ref_type& root) {
  auto single = root->create_POA("single", nullptr,
      {root->create_thread_policy(PortableServer::ThreadPolicyValue::SINGLE_THREAD_MODEL)});
  auto manager = single->the_POAManager();
  manager->hold_requests(false);
  manager->discard_requests(false);
  manager->activate();
  if (manager->get_state() == PortableServer::POAManager::State::ACTIVE) manager->deactivate(true, false);
  orb->shutdown(false);
  orb->destroy();
}

// "Real-time thread pools with lanes".
void lanes(const IDL::traits<CORBA::ORB>::ref_type& orb,
           const IDL::traits<PortableServer::POA>::ref_type& root) {
  auto rt = IDL::traits<RTCORBA::RTORB>::narrow(orb->resolve_initial_references("RTORB"));
  // Two lanes: one thread at CORBA priority 30000, two at 1000.
  auto pool = rt->create_threadpool_with_lanes(
      0, {RTCORBA::ThreadpoolLane(30000, 1, 0), RTCORBA::ThreadpoolLane(1000, 2, 0)},
      false, false, 0, 0);
  auto high = root->create_POA("high", root->the_POAManager(),
      {rt->create_priority_model_policy(RTCORBA::PriorityModel::SERVER_DECLARED, 30000),
       rt->create_threadpool_policy(pool)});
  // objects of `high` run at 30000 on the high lane, whoever calls them
  IDL::traits<RTCORBA::Current>::narrow(orb->resolve_initial_references("RTCurrent"))->the_priority(30000);
  std::cout << high->the_name();
}

}  // namespace guide::poa_recipes
