// Test doubles for the POA tests.
#include "poa_test_support.hpp"

#include <chrono>
#include <rtorb/cdr/byte_order.hpp>
#include <thread>

#include "poa/poa_impl.hpp"

namespace poa_test {

CORBA::object_reference<CORBA::Object> FakeServices::make_reference(
    std::string type_id, std::vector<std::uint8_t> key) {
  return CORBA::make_reference<KeyObject>(std::move(type_id), std::move(key));
}

std::optional<std::vector<std::uint8_t>> FakeServices::key_of(
    const CORBA::object_reference<CORBA::Object>& reference) {
  auto object = std::dynamic_pointer_cast<KeyObject>(reference.shared());
  if (!object) return std::nullopt;
  return object->key();
}

std::shared_ptr<rtorb::poa::PoaSystem> make_system(std::uint64_t instance,
                                                   std::size_t holding_bound) {
  return rtorb::poa::PoaSystem::create(std::make_unique<FakeServices>(instance, holding_bound));
}

CORBA::object_reference<PortableServer::POA> root_of(
    const std::shared_ptr<rtorb::poa::PoaSystem>& s) {
  return CORBA::object_reference<PortableServer::POA>::adopt(s->root());
}

std::vector<std::uint8_t> key_of(const CORBA::object_reference<CORBA::Object>& reference) {
  return std::dynamic_pointer_cast<KeyObject>(reference.shared())->key();
}

TestRequest::TestRequest(std::string operation, std::vector<std::uint8_t> key,
                         std::vector<std::uint8_t> arguments, bool response_expected)
    : RequestStorage{std::move(operation), std::move(key), std::move(arguments)},
      rtorb::orb::ServerRequest(
          RequestStorage::operation, RequestStorage::key, response_expected,
          rtorb::cdr::InputStream(RequestStorage::arguments, rtorb::cdr::native_byte_order)) {}

rtorb::cdr::OutputStream& TestRequest::reply() {
  replied_ = true;
  return reply_;
}

rtorb::cdr::OutputStream& TestRequest::user_exception() {
  replied_ = true;
  return reply_;
}

rtorb::cdr::InputStream TestRequest::reply_stream() {
  reply_bytes_.clear();
  reply_.for_each_segment([&](std::span<const std::uint8_t> s) {
    reply_bytes_.insert(reply_bytes_.end(), s.begin(), s.end());
  });
  return rtorb::cdr::InputStream(reply_bytes_, rtorb::cdr::native_byte_order);
}

std::vector<std::uint8_t> arguments(
    const std::function<void(rtorb::cdr::OutputStream&)>& write) {
  rtorb::cdr::OutputStream os;
  write(os);
  std::vector<std::uint8_t> bytes;
  os.for_each_segment(
      [&](std::span<const std::uint8_t> s) { bytes.insert(bytes.end(), s.begin(), s.end()); });
  return bytes;
}

UpcallGate::UpcallGate(EchoServant& servant) : servant_(servant) {
  servant_.hook = [this] {
    entered_ = true;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!release_ && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
    done_ = true;
  };
}

void UpcallGate::wait_entered() const {
  while (!entered_) std::this_thread::yield();
}

void EchoServant::rtorb_dispatch(rtorb::orb::ServerRequest& request) {
  ++calls;
  if (hook) hook();
  if (request.operation() == "echo") {
    const std::int32_t v = request.arguments().read_long();
    if (request.response_expected()) request.reply().write_long(v);
  } else {
    PortableServer::Servant::rtorb_dispatch(request);
  }
}

std::unique_ptr<TestRequest> call(rtorb::poa::PoaSystem& system,
                                  const CORBA::object_reference<CORBA::Object>& reference,
                                  const std::string& operation, std::int32_t value) {
  auto request = std::make_unique<TestRequest>(
      operation, key_of(reference),
      arguments([&](rtorb::cdr::OutputStream& os) { os.write_long(value); }));
  system.dispatch(*request);
  return request;
}

}  // namespace poa_test
