// Short object keys: an object published in the IORTable is reached through
// corbaloc::127.0.0.1:port/Key from another ORB over real sockets, Requests are answered
// with LOCATION_FORWARD and LocateRequests with OBJECT_FORWARD.
#include <gtest/gtest.h>

#include <rtorb/cdr/object_reference.hpp>
#include <rtorb/corba/ior_table.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <string>
#include <vector>

#include "bankS.h"
#include "client/object_core.hpp"
#include "giop/message_codec.hpp"
#include "ior/corbaloc.hpp"
#include "ior/iiop_profile.hpp"
#include "ior/ior_string.hpp"
#include "orb/orb_core.hpp"
#include "transport/connection.hpp"
#include "transport/connector.hpp"

namespace {

using namespace std::chrono_literals;
using namespace rtorb;

class BankImpl final : public CORBA::servant_traits<Teller::Bank>::base_type {
 public:
  explicit BankImpl(std::int32_t balance) : balance_(balance) {}
  std::int32_t balance() override { return balance_; }

 private:
  std::int32_t balance_;
};

std::atomic<int> orb_counter{0};

CORBA::object_reference<CORBA::ORB> make_orb(std::vector<std::string> options) {
  std::vector<std::string> args{"ior_table_test"};
  args.insert(args.end(), options.begin(), options.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  return CORBA::ORB_init(argc, argv.data(), "ior-table-test-" + std::to_string(orb_counter++));
}

struct ShortKeys : ::testing::Test {
  CORBA::object_reference<CORBA::ORB> server =
      make_orb({"-ORBServerThreads", "2", "-ORBEndpoint", "iiop://127.0.0.1:0"});
  CORBA::object_reference<CORBA::ORB> client = make_orb({});
  IDL::traits<PortableServer::POA>::ref_type poa =
      IDL::traits<PortableServer::POA>::narrow(server->resolve_initial_references("RootPOA"));
  IDL::traits<IORTable::Table>::ref_type table =
      IDL::traits<IORTable::Table>::narrow(server->resolve_initial_references("IORTable"));
  CORBA::object_reference<CORBA::Object> bank =
      poa->servant_to_reference(CORBA::make_reference<BankImpl>(42));

  ShortKeys() { poa->the_POAManager()->activate(); }
  ~ShortKeys() override {
    client->destroy();
    server->destroy();
  }

  transport::Endpoint endpoint() {
    return CORBA::rtorb_core(*server).server().published_endpoints().at(0);
  }
  std::string corbaloc(const std::string& key) {
    return "corbaloc::127.0.0.1:" + std::to_string(endpoint().port) + "/" + key;
  }
  IDL::traits<Teller::Bank>::ref_type bank_at(const std::string& key) {
    return IDL::traits<Teller::Bank>::narrow(client->string_to_object(corbaloc(key)));
  }
};

TEST_F(ShortKeys, CorbalocWithABoundKeyReachesTheObject) {
  ASSERT_TRUE(table);
  table->bind("Bank", bank);
  auto remote = bank_at("Bank");  // narrow asks _is_a through the forward
  ASSERT_TRUE(remote);
  EXPECT_EQ(remote->balance(), 42);
  EXPECT_EQ(remote->balance(), 42);
  EXPECT_FALSE(remote->_non_existent());
}

TEST_F(ShortKeys, PercentEncodedKeysAreTheBytesTheyEncode) {
  table->bind("My Bank/\x01", bank);
  EXPECT_EQ(bank_at("My%20Bank%2f%01")->balance(), 42);
}

TEST_F(ShortKeys, AnIorStringCanBeBoundAndRebindReplacesTheObject) {
  table->bind("Bank", server->object_to_string(bank));
  EXPECT_EQ(bank_at("Bank")->balance(), 42);
  auto other = poa->servant_to_reference(CORBA::make_reference<BankImpl>(7));
  EXPECT_THROW(table->bind("Bank", other), IORTable::AlreadyBound);
  table->rebind("Bank", other);
  EXPECT_EQ(bank_at("Bank")->balance(), 7);
  EXPECT_TRUE(table->find("Bank")->_is_equivalent(other));
}

TEST_F(ShortKeys, UnknownAndUnboundKeysRaiseObjectNotExist) {
  auto nobody = client->string_to_object(corbaloc("Nobody"));
  try {
    (void)nobody->_is_a("IDL:Teller/Bank:1.0");
    ADD_FAILURE() << "no exception";
  } catch (const CORBA::OBJECT_NOT_EXIST& e) {
    EXPECT_EQ(e.minor(), minor::object_not_exist_bad_key);
  }
  EXPECT_TRUE(nobody->_non_existent());

  table->bind("Bank", bank);
  EXPECT_FALSE(client->string_to_object(corbaloc("Bank"))->_non_existent());
  table->unbind("Bank");
  EXPECT_TRUE(client->string_to_object(corbaloc("Bank"))->_non_existent());
  EXPECT_THROW(table->unbind("Bank"), IORTable::NotFound);
  EXPECT_THROW(table->find("Bank"), IORTable::NotFound);
}

TEST_F(ShortKeys, BadEntriesAreRefusedWithBadParam) {
  const auto refused = [](auto bind) {
    try {
      bind();
      ADD_FAILURE() << "no exception";
    } catch (const CORBA::BAD_PARAM& e) {
      EXPECT_EQ(e.minor(), minor::bad_param_bad_table_entry);
    }
  };
  refused([&] { table->bind("", bank); });
  refused([&] { table->bind("Nil", CORBA::object_reference<CORBA::Object>()); });
  refused([&] { table->rebind("Local", poa); });
  refused([&] { table->bind("NilIor", server->object_to_string(nullptr)); });
}

// What rtorb-catior --corbaloc prints for a POA reference: its long binary key, escaped.
TEST_F(ShortKeys, ThePoaKeyOfAReferenceAsACorbalocUrlAlsoReachesIt) {
  const auto url = ior::format_corbaloc(
      ior::reference_to_corbaloc(ior::reference_from_ior_string(server->object_to_string(bank))));
  EXPECT_EQ(url.find("corbaloc:iiop:1.2@127.0.0.1:"), 0u) << url;
  EXPECT_EQ(IDL::traits<Teller::Bank>::narrow(client->string_to_object(url))->balance(), 42);
}

TEST_F(ShortKeys, TheTableIsAnInitialService) {
  const auto names = server->list_initial_services();
  EXPECT_NE(std::find(names.begin(), names.end(), "IORTable"), names.end());
  EXPECT_TRUE(table->_is_a("IDL:IORTable/Table:1.0"));
}

// A LocateRequest, as omniORB and TAO clients send before their first call.
class RawLocate {
 public:
  explicit RawLocate(const transport::Endpoint& endpoint) : connection_(transport::connect(endpoint)) {}

  struct Answer {
    giop::LocateStatus status;
    std::string forward;  // the IOR an OBJECT_FORWARD carries, as a string
  };
  Answer locate(std::string_view key, giop::Version version) {
    const std::vector<std::uint8_t> bytes(key.begin(), key.end());
    cdr::OutputStream os;
    const auto start = giop::encode_locate_request(os, version, {++id_, giop::KeyAddr{bytes}});
    giop::end_message(os, start);
    connection_->send(os);
    const auto m = giop::decode_message(connection_->receive_message(5s));
    const auto* header = m.get<giop::LocateReplyHeader>();
    EXPECT_NE(header, nullptr);
    if (header == nullptr) return {giop::LocateStatus::unknown_object, {}};
    EXPECT_EQ(header->request_id, id_);
    Answer answer{header->locate_status, {}};
    if (answer.status == giop::LocateStatus::object_forward) {
      auto body = giop::body_stream(m);
      answer.forward = ior::to_ior_string(cdr::read_ior(body));
    }
    return answer;
  }

 private:
  std::unique_ptr<transport::Connection> connection_;
  std::uint32_t id_ = 0;
};

TEST_F(ShortKeys, LocateRequestsForABoundKeyAreForwardedInEveryGiopVersion) {
  table->bind("Bank", bank);
  RawLocate raw(endpoint());
  for (const auto version : {giop::giop_1_0, giop::giop_1_1, giop::giop_1_2}) {
    const auto answer = raw.locate("Bank", version);
    EXPECT_EQ(answer.status, giop::LocateStatus::object_forward);
    EXPECT_EQ(answer.forward, server->object_to_string(bank));
    EXPECT_EQ(raw.locate("Nobody", version).status, giop::LocateStatus::unknown_object);
  }
  // The POA's own keys are answered by the POA, as before.
  const auto& profile = std::get<ior::IiopProfile>(orb::core_of(*bank)->reference().profiles.at(0));
  const std::string poa_key(profile.object_key.begin(), profile.object_key.end());
  EXPECT_EQ(raw.locate(poa_key, giop::giop_1_2).status, giop::LocateStatus::object_here);
}

}  // namespace
