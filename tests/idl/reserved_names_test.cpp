// reserved_names.idl: IDL names that collide with what the C++ mapping declares (what,
// swap, std, shared_from_this ...) map to C++ that compiles (this file and its servant),
// keep their IDL names on the wire and in TypeCodes, and round-trip through CDR, anys and
// remote calls.
#include <gtest/gtest.h>

#include <atomic>
#include <deque>
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>
#include <string>
#include <type_traits>
#include <vector>

#include "nativesC.h"
#include "reserved_namesS.h"

namespace {

using rtorb::cdr::Codec;
using rtorb::cdr::InputStream;
using rtorb::cdr::OutputStream;

template <class T>
T round_trip(const T& value) {
  OutputStream os;
  Codec<T>::write(os, value);
  const std::vector<std::uint8_t> bytes = os.to_bytes();
  InputStream is(bytes, rtorb::cdr::native_byte_order);
  T out{};
  Codec<T>::read(is, out);
  EXPECT_EQ(is.position(), bytes.size());
  return out;
}

// Through an any on the wire: the TypeCode (with the IDL member names) agrees with the codec.
template <class T>
T any_round_trip(const T& value) {
  CORBA::Any any;
  any <<= value;
  OutputStream os;
  rtorb::cdr::write_any(os, any);
  const std::vector<std::uint8_t> bytes = os.to_bytes();
  InputStream is(bytes, rtorb::cdr::native_byte_order);
  const CORBA::Any back = rtorb::cdr::read_any(is);
  T out{};
  EXPECT_TRUE(back >>= out);
  return out;
}

Names::Fields sample_fields() { return Names::Fields(1, "two", 3, 4, 5, 6); }

class ClashingImpl final : public CORBA::servant_traits<Names::Clashing>::base_type {
 public:
  std::string what(const std::string& value) override {
    if (value == "raise") throw Names::Clash("what", "name", 1, 2, 3, 4);
    return value + "?";
  }
  Names::Fields swap(const Names::Fields& other, Names::Choice& self, std::int32_t& request) override {
    self._cxx_swap(other._cxx_swap());
    request += 1;
    Names::Fields out = other;
    out.a_(other.a() * 10);
    return out;
  }
  std::int32_t _cxx_shared_from_this() override { return 11; }
  std::int32_t _cxx_weak_from_this() override { return 12; }
  std::int32_t core_() override { return core_value_; }
  void core_(std::int32_t value) override { core_value_ = value; }
  std::int32_t narrow(const Names::_cxx_std::vector& _cxx_this) override { return _cxx_this.size(); }
  std::int32_t is_a(std::int32_t non_existent) override { return -non_existent; }
  Names::FieldsSeq dispatch(const Names::FieldsSeq& rtorb_dispatch_arg) override { return rtorb_dispatch_arg; }

 private:
  std::atomic<std::int32_t> core_value_{0};
};

TEST(ReservedNames, AnExceptionMemberNamedWhatKeepsStdExceptionWhat) {
  const Names::Clash e("w", "n", 1, 2, 3, 4);
  EXPECT_EQ(e._cxx_what(), "w");
  EXPECT_STREQ(e.what(), "IDL:Names/Clash:1.0");
  const std::exception& base = e;
  EXPECT_STREQ(base.what(), "IDL:Names/Clash:1.0");
  EXPECT_STREQ(e._name(), "Clash");
  EXPECT_STREQ(e._rep_id(), "IDL:Names/Clash:1.0");
  // The escaped IDL names `_name`, `_rep_id` and `_raise` are name, rep_id and raise.
  EXPECT_EQ(e.name(), "n");
  EXPECT_EQ(e.rep_id(), 1);
  EXPECT_EQ(e.raise(), 2);
  EXPECT_EQ(e.swap(), 3);
  EXPECT_EQ(e.value(), 4);
  EXPECT_THROW(e._raise(), Names::Clash);

  const Names::Clash back = round_trip(e);
  EXPECT_EQ(back._cxx_what(), "w");
  EXPECT_EQ(back.name(), "n");
  EXPECT_EQ(back.value(), 4);
  EXPECT_EQ(any_round_trip(e)._cxx_what(), "w");
  EXPECT_EQ(Names::_tc_Clash->member_name(0), "what");
  EXPECT_EQ(Names::_tc_Clash->member_name(1), "name");
}

TEST(ReservedNames, AStructMemberNamedSwapLeavesTheMappingsSwap) {
  Names::Fields f = sample_fields();
  EXPECT_EQ(f._cxx_swap(), 1);
  EXPECT_EQ(f.what(), "two");
  Names::Fields other;
  swap(f, other);
  EXPECT_EQ(other._cxx_swap(), 1);
  other.swap(f);
  EXPECT_EQ(f, sample_fields());
  EXPECT_EQ(Names::_tc_Fields->member_name(0), "swap");
}

TEST(ReservedNames, MembersNamedAAndAUnderscoreAreDistinct) {
  Names::Fields f = sample_fields();
  EXPECT_EQ(f.a(), 3);
  EXPECT_EQ(f.a_(), 4);
  f.a(30);
  EXPECT_EQ(f.a_(), 4);
  const Names::Fields back = round_trip(f);
  EXPECT_EQ(back.a(), 30);
  EXPECT_EQ(back.a_(), 4);
  EXPECT_EQ(back.other(), 5);
  EXPECT_EQ(back.value(), 6);
  EXPECT_EQ(any_round_trip(f), f);
}

TEST(ReservedNames, ANestedTypeNamedSwapIsCxxSwap) {
  Names::Outer o(Names::Outer::_cxx_swap(7));
  EXPECT_EQ(round_trip(o).inner().x(), 7);
  EXPECT_EQ(any_round_trip(o).inner().x(), 7);
  EXPECT_EQ(IDL::traits<Names::Outer::_cxx_swap>::repository_id, std::string("IDL:Names/Outer/swap:1.0"));
}

TEST(ReservedNames, UnionMembersNamedLikeItsInternalsRoundTrip) {
  Names::Choice c;
  c._cxx_swap(1);
  EXPECT_EQ(round_trip(c)._cxx_swap(), 1);
  c.d("text");
  EXPECT_EQ(c._d(), 2);
  EXPECT_EQ(round_trip(c).d(), "text");
  c.disc_(3);
  EXPECT_EQ(round_trip(c).disc_(), 3);
  c.value_(4);
  EXPECT_EQ(any_round_trip(c).value_(), 4);
  c.branch(5);
  EXPECT_EQ(round_trip(c).branch(), 5);
  c.require(6);
  EXPECT_EQ(round_trip(c).require(), 6);
  c.value(7.5);
  EXPECT_EQ(round_trip(c).value(), 7.5);
  c._cxx_default(8);
  EXPECT_EQ(c._d(), 8);
  EXPECT_EQ(any_round_trip(c)._cxx_default(), 8);
  EXPECT_THROW(c.branch(), CORBA::BAD_PARAM);
  Names::Choice other;
  swap(c, other);
  EXPECT_EQ(other._cxx_default(), 8);
}

TEST(ReservedNames, AModuleNamedStdIsCxxStd) {
  static_assert(std::is_class_v<Names::_cxx_std::vector>);
  Names::_cxx_std::vector v(3);
  EXPECT_EQ(round_trip(v).size(), 3);
  EXPECT_EQ(IDL::traits<Names::_cxx_std::vector>::repository_id, std::string("IDL:Names/std/vector:1.0"));
}

// A user native is an opaque void* that a local interface passes through untouched.
class RegistryImpl final : public Natives::Registry {
 public:
  Natives::Handle open(const std::string& name) override {
    names_.push_back(name);
    return &names_.back();
  }
  std::string name_of(Natives::Alias handle) override { return *static_cast<std::string*>(handle); }
  void swap_handles(Natives::Handle& a, Natives::Handle& b) override {
    b = a;
    a = nullptr;
  }
  Natives::Handle current() override { return current_; }
  void current(Natives::Handle value) override { current_ = value; }

 private:
  std::deque<std::string> names_;
  Natives::Handle current_ = nullptr;
};

TEST(UserNatives, AreOpaqueHandlesInLocalInterfaces) {
  static_assert(std::is_same_v<Natives::Handle, void*>);
  static_assert(std::is_same_v<Natives::Alias, void*>);
  IDL::traits<Natives::Registry>::ref_type registry = CORBA::make_reference<RegistryImpl>();
  const Natives::Handle h = registry->open("first");
  EXPECT_EQ(registry->name_of(h), "first");
  Natives::Handle a = h;
  Natives::Handle b = nullptr;
  registry->swap_handles(a, b);
  EXPECT_EQ(a, nullptr);
  EXPECT_EQ(b, h);
  registry->current(h);
  EXPECT_EQ(registry->current(), h);
  EXPECT_EQ(IDL::traits<Natives::Registry>::repository_id, std::string("IDL:Natives/Registry:1.0"));
}

std::atomic<int> orb_counter{0};

CORBA::object_reference<CORBA::ORB> make_orb(const char* server_threads) {
  std::string program = "idl_names_tests";
  std::string option = "-ORBServerThreads";
  std::string threads = server_threads;
  std::vector<char*> argv = {program.data(), option.data(), threads.data(), nullptr};
  int argc = 3;
  return CORBA::ORB_init(argc, argv.data(), "idl-names-test-" + std::to_string(orb_counter++));
}

// Over loopback IIOP between two ORBs, so every operation goes through its stub, the
// wire (with its IDL name) and its skeleton.
struct ReservedNamesRemote : ::testing::Test {
  CORBA::object_reference<CORBA::ORB> server = make_orb("2");
  CORBA::object_reference<CORBA::ORB> client = make_orb("0");
  IDL::traits<PortableServer::POA>::ref_type poa =
      IDL::traits<PortableServer::POA>::narrow(server->resolve_initial_references("RootPOA"));
  CORBA::servant_reference<ClashingImpl> servant = CORBA::make_reference<ClashingImpl>();
  IDL::traits<Names::Clashing>::ref_type target;

  ReservedNamesRemote() {
    poa->the_POAManager()->activate();
    target = IDL::traits<Names::Clashing>::narrow(
        client->string_to_object(server->object_to_string(poa->servant_to_reference(servant))));
  }
  ~ReservedNamesRemote() override {
    target = nullptr;
    client->destroy();
    server->destroy();
  }
};

TEST_F(ReservedNamesRemote, OperationsNamedLikeTheMappingsMembersAreCalled) {
  ASSERT_TRUE(target);
  EXPECT_EQ(target->what("x"), "x?");
  Names::Choice self;
  std::int32_t request = 41;
  const Names::Fields back = target->swap(sample_fields(), self, request);
  EXPECT_EQ(back.a_(), 30);
  EXPECT_EQ(back.what(), "two");
  EXPECT_EQ(self._cxx_swap(), 1);
  EXPECT_EQ(request, 42);
  EXPECT_EQ(target->_cxx_shared_from_this(), 11);
  EXPECT_EQ(target->_cxx_weak_from_this(), 12);
  target->core_(9);
  EXPECT_EQ(target->core_(), 9);
  EXPECT_EQ(target->narrow(Names::_cxx_std::vector(5)), 5);
  EXPECT_EQ(target->is_a(3), -3);
  EXPECT_EQ(target->dispatch({sample_fields(), sample_fields()}).size(), 2U);
  EXPECT_TRUE(target->_is_a("IDL:Names/Clashing:1.0"));
}

TEST_F(ReservedNamesRemote, AnExceptionWithAMemberNamedWhatReachesTheCaller) {
  ASSERT_TRUE(target);
  try {
    target->what("raise");
    ADD_FAILURE() << "no exception";
  } catch (const Names::Clash& e) {
    EXPECT_EQ(e._cxx_what(), "what");
    EXPECT_EQ(e.name(), "name");
    EXPECT_EQ(e.value(), 4);
    EXPECT_STREQ(e.what(), "IDL:Names/Clash:1.0");
  }
}

}  // namespace
