// A hand-written object adapter for the orb layer's tests: a few operations switched on by
// name, standing in for the POA and generated skeletons.
#pragma once

#include <rtorb/cdr/codec.hpp>
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/orb/object_codec.hpp>
#include <rtorb/orb/server_request.hpp>

#include <atomic>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "client/object_core.hpp"
#include "core/object_adapter.hpp"
#include "orb/orb_core.hpp"

namespace rtorb::orb::test {

inline std::vector<std::uint8_t> key(std::string_view text) {
  return {text.begin(), text.end()};
}

inline constexpr const char* oops_id = "IDL:Test/Oops:1.0";

struct Oops : CORBA::UserException {
  std::int32_t code = 0;
  const char* _name() const noexcept override { return "Oops"; }
  const char* _rep_id() const noexcept override { return oops_id; }
};

class TestAdapter final : public ObjectAdapter {
 public:
  explicit TestAdapter(OrbContext& orb) : orb_(orb) {}

  // Keys: "obj" (the object), "fwd" (forwards to "obj"), "fwdperm", anything else unknown.
  void dispatch(ServerRequest& r) override {
    const std::string key(r.object_key().begin(), r.object_key().end());
    if (key == "fwd" || key == "fwdperm") {
      throw LocationForward{reference("obj"), key == "fwdperm"};
    }
    if (key != "obj") throw CORBA::OBJECT_NOT_EXIST(1, CORBA::CompletionStatus::COMPLETED_NO);
    ++calls;
    auto& in = r.arguments();
    const auto op = r.operation();
    if (op == "add") {
      const auto a = in.read_long();
      const auto b = in.read_long();
      r.reply().write_long(a + b);
    } else if (op == "echo_string") {
      const auto s = in.read_string();
      r.reply().write_string(s);
    } else if (op == "echo_wstring") {
      const auto s = in.read_wstring();
      r.reply().write_wstring(s);
    } else if (op == "make_octets") {
      const auto n = in.read_ulong();
      auto& os = r.reply();
      os.write_ulong(n);
      for (std::uint32_t i = 0; i < n; ++i) os.write_octet(static_cast<std::uint8_t>(i % 251));
    } else if (op == "echo_longs") {
      // As a generated skeleton does: the result is kept so the reply can borrow it.
      auto& values = r.keep<std::vector<std::int32_t>>([&] {
        std::vector<std::int32_t> v;
        cdr::read_sequence(in, v);
        for (auto& e : v) e = -e;
        return v;
      });
      cdr::write_sequence(r.reply_borrowing(), values);
    } else if (op == "echo_object") {
      CORBA::object_reference<CORBA::Object> o;
      cdr::Codec<CORBA::object_reference<CORBA::Object>>::read(in, o);
      cdr::Codec<CORBA::object_reference<CORBA::Object>>::write(r.reply(), o);
    } else if (op == "oneway_set") {
      last_oneway = in.read_long();
    } else if (op == "last_oneway") {
      r.reply().write_long(last_oneway);
    } else if (op == "raise_oops") {
      auto& os = r.user_exception();
      os.write_string(oops_id);
      os.write_long(in.read_long());
    } else if (op == "raise_bad_param") {
      throw CORBA::BAD_PARAM(in.read_ulong(), CORBA::CompletionStatus::COMPLETED_NO);
    } else if (op == "raise_no_permission") {
      throw CORBA::NO_PERMISSION(0, CORBA::CompletionStatus::COMPLETED_YES);
    } else if (op == "raise_undeclared") {
      throw Oops{};
    } else if (op == "raise_std") {
      throw std::runtime_error("boom");
    } else if (op == "shutdown") {
      shutdown_caller = std::this_thread::get_id();
      orb_.orb()->shutdown(false);
    } else if (op == "shutdown_and_wait") {
      orb_.orb()->shutdown(true);  // BAD_INV_ORDER: from inside an upcall
    } else if (op == "_is_a") {
      r.reply().write_boolean(in.read_string() == "IDL:Test/Thing:1.0");
    } else if (op == "_non_existent") {
      r.reply().write_boolean(false);
    } else {
      throw CORBA::BAD_OPERATION(0, CORBA::CompletionStatus::COMPLETED_NO);
    }
  }
  bool locate(std::span<const std::uint8_t> k) override {
    const std::string s(k.begin(), k.end());
    if (s == "fwd") throw LocationForward{reference("obj"), false};
    return s == "obj";
  }
  bool owns_key(std::span<const std::uint8_t> k) const noexcept override {
    const std::string s(k.begin(), k.end());
    return s == "obj" || s == "fwd" || s == "fwdperm";
  }
  CORBA::object_reference<CORBA::Object> root_poa() override { return nullptr; }
  CORBA::object_reference<CORBA::Object> current() override { return nullptr; }
  void shutdown(bool) override { shut = true; }

  CORBA::object_reference<CORBA::Object> reference(std::string_view k) {
    return ProxyAccess::make<CORBA::Object>(
        orb_.references().make_object("IDL:Test/Thing:1.0", key(k)));
  }

  std::atomic<int> calls{0};
  std::atomic<std::int32_t> last_oneway{0};
  std::atomic<bool> shut{false};
  std::atomic<std::thread::id> shutdown_caller{};  // the thread of the "shutdown" upcall

 private:
  OrbContext& orb_;
};

inline AdapterFactory test_adapter_factory() {
  return [](OrbContext& orb) -> std::unique_ptr<ObjectAdapter> {
    return std::make_unique<TestAdapter>(orb);
  };
}

inline TestAdapter& test_adapter(CORBA::ORB& orb) {
  return static_cast<TestAdapter&>(CORBA::rtorb_core(orb).adapter());
}

}  // namespace rtorb::orb::test
