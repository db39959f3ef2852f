// The code the user guide shows (docs/guide/idl-mapping.md, poa-recipes.md, exceptions.md,
// troubleshooting.md), compiled against the generated code of guide.idl and the examples'
// IDL: when an API the guide uses changes, this stops compiling. Compile-only; nothing here
// runs. Keep it in step with the guide's snippets.
#include <rtorb/corba/ior_table.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <cstdint>
#include <iostream>
#include <string>
#include <thread>
#include <utility>

#include "bankS.h"
#include "counterS.h"
#include "guideS.h"
#include "helloS.h"

namespace guide {

// idl-mapping.md, "Cheat sheet: parameter passing": the servant side of Shop.
class ShopServant final : public CORBA::servant_traits<Store::Shop>::base_type {
 public:
  std::int32_t count(const std::string& item, double& price, Store::Basket& basket) override {
    price = 1.5;
    basket.items().push_back(item);
    return static_cast<std::int32_t>(basket.items().size());
  }
  std::string name() override { return "corner shop"; }
  std::int32_t opening_hour() override { return hour_; }
  void opening_hour(std::int32_t value) override { hour_ = value; }
  void ping() override {}

 private:
  std::int32_t hour_ = 8;
};

// idl-mapping.md, "Writing a servant" and "Exceptions".
class AccountServant final : public CORBA::servant_traits<Bank::Account>::base_type {
 public:
  explicit AccountServant(std::string owner) : owner_(std::move(owner)) {}
  std::string owner() override { return owner_; }
  std::int64_t balance() override { return balance_; }
  std::string nickname() override { return nickname_; }
  void nickname(const std::string& n) override { nickname_ = n; }
  void deposit(const std::string&, std::int64_t cents) override { balance_ += cents; }
  void withdraw(const std::string&, std::int64_t cents) override {
    if (cents > balance_) throw Bank::InsufficientFunds(balance_, cents);
    balance_ -= cents;
  }
  Bank::Statement statement() override { return {}; }
  void note(const std::string&) override {}

 private:
  std::string owner_, nickname_;
  std::int64_t balance_ = 0;
};

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

// poa-recipes.md, "One servant for many objects".
class RowServant final : public CORBA::servant_traits<Db::Row>::base_type {
 public:
  explicit RowServant(IDL::traits<CORBA::ORB>::ref_type orb) : orb_(std::move(orb)) {}
  std::string value() override {
    auto current = IDL::traits<PortableServer::Current>::narrow(
        orb_->resolve_initial_references("POACurrent"));
    return PortableServer::ObjectId_to_string(current->get_object_id());
  }

 private:
  IDL::traits<CORBA::ORB>::ref_type orb_;
};

class MyFeeder final : public Guide::Feeder {
 public:
  void refill(std::int32_t) override {}
};

// poa-recipes.md, "Creating servants on demand".
class AccountActivator final : public PortableServer::ServantActivator {
 public:
  CORBA::servant_reference<PortableServer::Servant> incarnate(
      const PortableServer::ObjectId& id, CORBA::object_reference<PortableServer::POA>) override {
    const std::string name = PortableServer::ObjectId_to_string(id);
    if (name.empty()) throw CORBA::OBJECT_NOT_EXIST();
    return CORBA::make_reference<AccountServant>(name);
  }
  void etherealize(const PortableServer::ObjectId&, CORBA::object_reference<PortableServer::POA>,
                   CORBA::servant_reference<PortableServer::Servant>, bool, bool) override {}
};

class PoolLocator final : public PortableServer::ServantLocator {
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
  CORBA::servant_reference<AccountServant> servant_ = CORBA::make_reference<AccountServant>("pool");
};

// idl-mapping.md: types, structs, unions, any, TypeCodes.
// GCC 12 under -fsanitize=thread reports the union's std::string "may be used
// uninitialized" in ~Value (a false positive of its variant destructor analysis; the
// default and asan builds do not see it).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
void data_types() {
  IDL::fixed<8, 2> money("123.45");
  Shapes::Money same = money;
  Shapes::Point p(3, 4);
  p.x(5);
  const std::int32_t x = p.x();
  p.y() += x;
  Shapes::Polygon poly({p, Shapes::Point(0, 0)}, "triangle");
  poly.outline().push_back(Shapes::Point(1, 1));
  std::string name = "square";
  poly.label(std::move(name));
  const Shapes::Fill fill = Shapes::Fill::solid;

  Shapes::Value v;
  v.number(42);
  v._d(2);
  switch (v._d()) {
    case 0: std::cout << v.text(); break;
    case 1: case 2: std::cout << v.number(); break;
    default: std::cout << v.flag();
  }

  CORBA::Any a;
  a.insert(std::int32_t{42});
  std::int32_t n = 0;
  if (a.extract(n)) std::cout << n;
  a <<= Shapes::Point(1, 2);
  Shapes::Point q;
  if (a >>= q) std::cout << q.x();
  a <<= fill;
  a.insert(Shapes::Path{p}, Shapes::_tc_Path);
  Shapes::Path path;
  if (a.extract(path, *Shapes::_tc_Path)) std::cout << path.size();
  if (a.type()->kind() == rtorb::cdr::TCKind::tk_long) std::cout << "long";

  const CORBA::typecode_reference& tc = IDL::traits<Shapes::Polygon>::type_code();
  std::cout << tc->id() << tc->name() << tc->member_count() << tc->member_name(0)
            << tc->member_type(0)->equivalent(*Shapes::_tc_Path)
            << (tc->kind() == rtorb::cdr::TCKind::tk_struct)
            << rtorb::cdr::TypeCode::basic(rtorb::cdr::TCKind::tk_long)->id().size()
            << (same == money);
}
#pragma GCC diagnostic pop

// idl-mapping.md, "Object references"; exceptions.md; troubleshooting.md.
int client(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    CORBA::object_reference<CORBA::Object> obj = orb->string_to_object("file://bank.ior");
    auto branch = IDL::traits<Bank::Branch>::narrow(obj);
    if (!branch || branch == nullptr) {
      std::cerr << "not a Bank::Branch\n";
      return 1;
    }
    auto account = branch->open_account("Alice");
    IDL::traits<CORBA::Object>::ref_type base = account;
    std::cout << base->_is_equivalent(obj) << base->_non_existent() << base->_repository_id()
              << (base == obj) << orb->object_to_string(account);
    IDL::traits<Bank::Account>::weak_ref_type weak = account;
    if (auto again = weak.lock()) again->deposit("salary", 100);
    for (const Bank::Entry& entry : account->statement()) std::cout << entry.description();
    try {
      account->withdraw("rent", 90000);
    } catch (const Bank::InsufficientFunds& e) {
      std::cerr << e.balance() << e._name() << e._rep_id() << e.what();
    } catch (const CORBA::TRANSIENT& e) {
      std::cerr << e.what();
    } catch (const CORBA::SystemException& e) {
      std::cerr << e._name() << std::hex << e.minor() << e.detail()
                << (e.completed() == CORBA::CompletionStatus::COMPLETED_NO)
                << (e.minor() == rtorb::minor::transient_connect_failed);
    }
    std::thread serve([&orb] { orb->run(); });
    orb->shutdown(false);
    serve.join();
    orb->destroy();
  } catch (const CORBA::Exception& e) {
    std::cerr << e.what();
    return 1;
  }
  return 0;
}

// poa-recipes.md.
void server(int argc, char* argv[]) {
  auto orb = CORBA::ORB_init(argc, argv);
  auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  root->the_POAManager()->activate();

  auto servant = CORBA::make_reference<HelloServant>();
  auto hello = root->servant_to_reference(servant);
  const PortableServer::ObjectId hello_id = root->servant_to_id(servant);
  std::cout << orb->object_to_string(hello) << orb->object_to_string(root->id_to_reference(hello_id));
  IDL::traits<Demo::Hello>::ref_type typed = servant->_this();
  root->deactivate_object(hello_id);

  CORBA::PolicyList policies{
      root->create_lifespan_policy(PortableServer::LifespanPolicyValue::PERSISTENT),
      root->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID)};
  auto poa = root->create_POA("counters", root->the_POAManager(), policies);
  const auto id = PortableServer::string_to_ObjectId("main-counter");
  poa->activate_object_with_id(id, CORBA::make_reference<CounterServant>());
  auto counter = poa->id_to_reference(id);

  auto table = IDL::traits<IORTable::Table>::narrow(orb->resolve_initial_references("IORTable"));
  table->bind("Counter", counter);
  table->rebind("Hello", orb->object_to_string(typed));
  table->unbind("Hello");

  auto accounts = root->create_POA("accounts", root->the_POAManager(),
      {root->create_request_processing_policy(PortableServer::RequestProcessingPolicyValue::USE_SERVANT_MANAGER),
       root->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID)});
  accounts->set_servant_manager(CORBA::make_reference<AccountActivator>());
  auto alice = accounts->create_reference_with_id(PortableServer::string_to_ObjectId("alice"),
                                                  IDL::traits<Bank::Account>::repository_id);

  auto pooled = root->create_POA("pooled", root->the_POAManager(),
      {root->create_request_processing_policy(PortableServer::RequestProcessingPolicyValue::USE_SERVANT_MANAGER),
       root->create_servant_retention_policy(PortableServer::ServantRetentionPolicyValue::NON_RETAIN)});
  pooled->set_servant_manager(CORBA::make_reference<PoolLocator>());

  auto rows = root->create_POA("rows", nullptr,
      {root->create_request_processing_policy(PortableServer::RequestProcessingPolicyValue::USE_DEFAULT_SERVANT),
       root->create_id_uniqueness_policy(PortableServer::IdUniquenessPolicyValue::MULTIPLE_ID),
       root->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID),
       root->create_thread_policy(PortableServer::ThreadPolicyValue::SINGLE_THREAD_MODEL)});
  rows->set_servant(CORBA::make_reference<RowServant>(orb));
  auto row = rows->create_reference_with_id(PortableServer::string_to_ObjectId("42"),
                                            IDL::traits<Db::Row>::repository_id);
  auto shop = root->servant_to_reference(CORBA::make_reference<ShopServant>());
  std::cout << orb->object_to_string(alice) << orb->object_to_string(row) << orb->object_to_string(shop);

  auto manager = rows->the_POAManager();
  manager->hold_requests(false);
  manager->discard_requests(false);
  manager->activate();
  if (manager->get_state() == PortableServer::POAManager::State::ACTIVE) manager->deactivate(true, false);

  auto rt = IDL::traits<RTCORBA::RTORB>::narrow(orb->resolve_initial_references("RTORB"));
  auto pool = rt->create_threadpool_with_lanes(
      0, {RTCORBA::ThreadpoolLane(30000, 1, 0), RTCORBA::ThreadpoolLane(1000, 2, 0)},
      false, false, 0, 0);
  auto high = root->create_POA("high", root->the_POAManager(),
      {rt->create_priority_model_policy(RTCORBA::PriorityModel::SERVER_DECLARED, 30000),
       rt->create_threadpool_policy(pool)});
  IDL::traits<RTCORBA::Current>::narrow(orb->resolve_initial_references("RTCurrent"))->the_priority(30000);
  std::cout << high->the_name();

  auto feeder = CORBA::make_reference<MyFeeder>();
  feeder->refill(5);
  orb->run();
  orb->destroy();
}

}  // namespace guide
