// docs/guide/idl-mapping.md's snippets, word for word, and the rest of the API the page
// names, compiled against the generated code of guide.idl and examples/bank/bank.idl.
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>
#include "bankS.h"

#include <cstdint>
#include <iostream>
#include <string>
#include <type_traits>
#include <utility>

#include "guideS.h"

namespace guide::idl_mapping {

// What a snippet passes to the reader's own code.
template <typename T>
void use(const T&) {}

// "Cheat sheet: parameter passing": a servant declaring Shop's operations as the page shows
// them overrides every pure virtual (make_reference in parameter_passing would not compile
// on an abstract class).
using Store::Basket;

class ShopServant final : public CORBA::servant_traits<Store::Shop>::base_type {
 public:
  std::int32_t count(const std::string& item, double& price, Basket& basket);
  std::string name();                        // attribute: a getter of the same name
  std::int32_t opening_hour();
  void opening_hour(std::int32_t value);     // and a setter unless readonly
  void ping();                               // oneway: returns without waiting for the server

 private:
  std::int32_t hour_ = 8;
};

std::int32_t ShopServant::count(const std::string& item, double& price, Basket& basket) {
  price = 1.5;
  basket.items().push_back(item);
  return static_cast<std::int32_t>(basket.items().size());
}
std::string ShopServant::name() { return "corner shop"; }
std::int32_t ShopServant::opening_hour() { return hour_; }
void ShopServant::opening_hour(std::int32_t value) { hour_ = value; }
void ShopServant::ping() {}

// The proxy's member functions have the same signatures.
using Shop = Store::Shop;
static_assert(std::is_same_v<decltype(&Shop::count),
                             std::int32_t (Shop::*)(const std::string&, double&, Basket&)>);
static_assert(std::is_same_v<decltype(&Shop::name), std::string (Shop::*)()>);
static_assert(std::is_same_v<decltype(&Shop::ping), void (Shop::*)()>);
[[maybe_unused]] constexpr auto get_hour = static_cast<std::int32_t (Shop::*)()>(&Shop::opening_hour);
[[maybe_unused]] constexpr auto set_hour = static_cast<void (Shop::*)(std::int32_t)>(&Shop::opening_hour);

void parameter_passing(const IDL::traits<Store::Shop>::ref_type& shop) {
  double price = 0;
  Basket basket;
  const std::int32_t items = shop->count("apple", price, basket);
  const std::string name = shop->name();
  shop->opening_hour(shop->opening_hour() + 1);
  shop->ping();
  use(items);
  use(name);
  use(CORBA::make_reference<ShopServant>());
}

// "Structs".
void structs() {
  using Shapes::Point;
  using Shapes::Polygon;
  std::string name = "square";
  Point p(3, 4);                 // all members, in IDL order
  p.x(5);                        // set
  std::int32_t x = p.x();        // get (by value for numbers and enums)
  p.y() += 1;                    // modify in place through the non-const getter
  Polygon poly({p, Point(0, 0)}, "triangle");
  poly.outline().push_back(Point(1, 1));   // const T& / T& getters for the other members
  poly.label(std::move(name));             // setters take const T& and T&&
  use(x);

  // "Cheat sheet: types", "Enums".
  IDL::fixed<8, 2> money("123.45");
  Shapes::Money same = money;
  const Shapes::Fill fill = Shapes::Fill::solid;
  use(same == money);
  use(fill);
  use(poly == Polygon());
}

// "Unions".
// GCC 12 under -fsanitize=thread reports the union's std::string "may be used
// uninitialized" in ~Value (a false positive of its variant destructor analysis; the
// default and asan builds do not see it).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
void unions() {
  using Shapes::Value;
  Value v;                      // the default constructor selects the first case: text, ""
  v.number(42);                 // setting a member selects it; _d() becomes its first label, 1
  v._d(2);                      // allowed: 2 selects the same member
  switch (v._d()) {
    case 0: use(v.text()); break;
    case 1: case 2: use(v.number()); break;
    default: use(v.flag());     // the default member's setter picks a value no label names
  }
  v.text();                     // not the active member: BAD_PARAM bad_param_wrong_union_member
  v._d(0);                      // selects another member: BAD_PARAM bad_param_bad_discriminator
}
#pragma GCC diagnostic pop

// "Writing a servant", with "Exceptions"' withdraw among "every other operation".
class AccountServant final : public CORBA::servant_traits<Bank::Account>::base_type {
 public:
  std::string owner() override { return owner_; }                 // readonly attribute
  std::string nickname() override { return nickname_; }           // attribute getter
  void nickname(const std::string& n) override { nickname_ = n; } // attribute setter
  void deposit(const std::string&, std::int64_t cents) override { balance_ += cents; }
  // ... every other operation
  std::int64_t balance() override { return balance_; }
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

void exceptions(const IDL::traits<Bank::Account>::ref_type& account) {
  try {
    account->withdraw("rent", 100);
  } catch (const Bank::InsufficientFunds& e) {
    std::cerr << e.balance() << ' ' << e._name() << ' ' << e._rep_id() << '\n';
  }
}

// "Sequences and arrays".
void sequences(const IDL::traits<Bank::Account>::ref_type& account) {
  Bank::Statement statement = account->statement();   // sequence<Entry>: std::vector<Entry>
  for (const Bank::Entry& entry : statement) std::cout << entry.description() << '\n';
}

// "Object references: calling, narrow, nil".
int references(const IDL::traits<CORBA::ORB>::ref_type& orb) {
  CORBA::object_reference<CORBA::Object> obj = orb->string_to_object("file://bank.ior");
  auto branch = IDL::traits<Bank::Branch>::narrow(obj);   // Object -> Bank::Branch
  if (!branch) {                                         // nil: not a Branch (or obj was nil)
    std::cerr << "not a Bank::Branch\n";
    return 1;
  }
  auto account = branch->open_account("Alice");           // a remote call
  IDL::traits<CORBA::Object>::ref_type base = account;    // widening needs no narrow

  use(branch == nullptr);
  use(base == obj);
  use(base->_is_equivalent(obj));
  use(base->_is_a(IDL::traits<Bank::Account>::repository_id));
  use(base->_non_existent());
  use(base->_repository_id());
  use(orb->object_to_string(account));
  IDL::traits<Bank::Account>::weak_ref_type weak = account;
  if (auto again = weak.lock()) again->deposit("salary", 100);
  use(CORBA::make_reference<AccountServant>());
  return 0;
}

// A local interface: a class derived from the generated abstract class.
class MyFeeder final : public Guide::Feeder {
 public:
  void refill(std::int32_t) override {}
};

void local_interface() {
  auto feeder = CORBA::make_reference<MyFeeder>();
  feeder->refill(5);
}

// "any".
void any() {
  CORBA::Any a;
  a.insert(std::int32_t{42});                  // numbers, bool, char, wchar_t, strings, any, TypeCode
  std::int32_t n;
  if (a.extract(n)) use(n);                    // false if the any holds another type

  a <<= Shapes::Point(1, 2);                   // enums, structs, unions, exceptions and interface
  Shapes::Point p;                             // references have generated <<= and >>=
  if (a >>= p) use(p);

  a.insert(Shapes::Path{p}, Shapes::_tc_Path);      // a typedef'd sequence or array: give the
  Shapes::Path path;                                // TypeCode, since Path is std::vector<Point>
  if (a.extract(path, *Shapes::_tc_Path)) use(path);

  if (a.type()->kind() == rtorb::cdr::TCKind::tk_long) use(a);   // what is inside
  a <<= Shapes::Fill::solid;
}

// "TypeCodes".
void type_codes() {
  const CORBA::typecode_reference& other = Shapes::_tc_Path;
  const CORBA::typecode_reference& tc = IDL::traits<Shapes::Polygon>::type_code();
  tc->kind();             // rtorb::cdr::TCKind::tk_struct
  tc->id();               // "IDL:Shapes/Polygon:1.0"
  tc->name();             // "Polygon"
  tc->member_count();     // 3
  tc->member_name(0);     // "outline"
  tc->member_type(0);     // the TypeCode of Path
  tc->equivalent(*other); // same shape, aliases and names ignored
  use(rtorb::cdr::TypeCode::basic(rtorb::cdr::TCKind::tk_long));
}

}  // namespace guide::idl_mapping
