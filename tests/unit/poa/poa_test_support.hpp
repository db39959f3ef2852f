// Test doubles for the POA tests: OrbServices without an ORB, references that carry only
// a key, a ServerRequest over bytes written by the test, and small servants.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>
#include <rtorb/orb/server_request.hpp>
#include <rtorb/poa/poa.hpp>
#include <string>
#include <vector>

#include "poa/orb_services.hpp"
#include "poa/poa_system.hpp"

namespace poa_test {

// A reference that is just a type id and an object key.
class KeyObject : public CORBA::Object {
 public:
  KeyObject(std::string type_id, std::vector<std::uint8_t> key)
      : type_id_(std::move(type_id)), key_(std::move(key)) {}
  std::string _repository_id() override { return type_id_; }
  const std::vector<std::uint8_t>& key() const { return key_; }

 private:
  std::string type_id_;
  std::vector<std::uint8_t> key_;
};

class FakeServices : public rtorb::poa::OrbServices {
 public:
  explicit FakeServices(std::uint64_t instance = 0x1122334455667788ULL, std::size_t bound = 4)
      : instance_(instance), bound_(bound) {}
  CORBA::object_reference<CORBA::Object> make_reference(std::string type_id,
                                                        std::vector<std::uint8_t> key) override;
  std::optional<std::vector<std::uint8_t>> key_of(
      const CORBA::object_reference<CORBA::Object>& reference) override;
  std::uint64_t instance() const noexcept override { return instance_; }
  std::size_t holding_bound() const noexcept override { return bound_; }

 private:
  std::uint64_t instance_;
  std::size_t bound_;
};

std::shared_ptr<rtorb::poa::PoaSystem> make_system(
    std::uint64_t instance = 0x1122334455667788ULL, std::size_t holding_bound = 4);
CORBA::object_reference<PortableServer::POA> root_of(
    const std::shared_ptr<rtorb::poa::PoaSystem>& s);
std::vector<std::uint8_t> key_of(const CORBA::object_reference<CORBA::Object>& reference);

struct RequestStorage {
  std::string operation;
  std::vector<std::uint8_t> key;
  std::vector<std::uint8_t> arguments;
};

// A request whose arguments the test wrote; the reply is kept for reading back.
class TestRequest : private RequestStorage, public rtorb::orb::ServerRequest {
 public:
  TestRequest(std::string operation, std::vector<std::uint8_t> key,
              std::vector<std::uint8_t> arguments, bool response_expected = true);
  rtorb::cdr::OutputStream& reply() override;
  rtorb::cdr::OutputStream& user_exception() override;
  // The reply bytes, as a stream to read results from (valid while this lives).
  rtorb::cdr::InputStream reply_stream();
  bool replied() const { return replied_; }

 private:
  std::vector<std::uint8_t> reply_bytes_;
  rtorb::cdr::OutputStream reply_;
  bool replied_ = false;
};

// Encodes arguments with `write` (native byte order).
std::vector<std::uint8_t> arguments(
    const std::function<void(rtorb::cdr::OutputStream&)>& write);

// "IDL:Test/Echo:1.0": echo(long) -> long, and "where" -> the POA Current's view as a
// string "poa-name/oid-size"; `hook` runs inside every upcall.
class EchoServant : public PortableServer::Servant {
 public:
  const char* rtorb_repository_id() const override { return "IDL:Test/Echo:1.0"; }
  void rtorb_dispatch(rtorb::orb::ServerRequest& request) override;
  std::function<void()> hook;
  CORBA::object_reference<CORBA::Object> this_reference() { return rtorb_this(); }
  std::atomic<int> calls{0};
};

// Holds every upcall on `servant` (through its hook) until release(), at most 30 s.
class UpcallGate {
 public:
  explicit UpcallGate(EchoServant& servant);
  ~UpcallGate() { servant_.hook = nullptr; }
  UpcallGate(const UpcallGate&) = delete;
  UpcallGate& operator=(const UpcallGate&) = delete;
  void wait_entered() const;  // until an upcall is inside
  void release() { release_ = true; }
  bool upcall_done() const { return done_; }

 private:
  EchoServant& servant_;
  std::atomic<bool> entered_{false};
  std::atomic<bool> release_{false};
  std::atomic<bool> done_{false};
};

// Runs `operation` on the object `reference` through the system's dispatch and returns the
// request for inspection.
std::unique_ptr<TestRequest> call(rtorb::poa::PoaSystem& system,
                                  const CORBA::object_reference<CORBA::Object>& reference,
                                  const std::string& operation, std::int32_t value = 0);

}  // namespace poa_test
