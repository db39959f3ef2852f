// ObjectAdapter over a PoaSystem, with the OrbServices of a real OrbContext.
#include <random>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <variant>

#include "client/object_core.hpp"
#include "core/orb_context.hpp"
#include "orb/references.hpp"
#include "poa/adapter_factory.hpp"
#include "poa/poa_impl.hpp"
#include "poa/poa_system.hpp"

namespace rtorb::poa {
namespace {

std::uint64_t random_instance() {
  std::random_device device;
  std::uint64_t value = 0;
  while (value == 0) value = (std::uint64_t{device()} << 32) | device();
  return value;
}

class OrbCoreServices final : public OrbServices {
 public:
  explicit OrbCoreServices(orb::OrbContext& orb)
      : orb_(orb.weak_from_this()),
        holding_bound_(orb.options().holding_queue_bound),
        instance_(random_instance()) {}

  CORBA::object_reference<CORBA::Object> make_reference(
      std::string type_id, std::vector<std::uint8_t> key) override {
    return orb::ProxyAccess::make<CORBA::Object>(
        live_orb_ref()->references().make_object(std::move(type_id), std::move(key)));
  }

  CORBA::object_reference<CORBA::Object> make_reference(
      std::string type_id, std::vector<std::uint8_t> key,
      const orb::ReferenceLayout& layout) override {
    return orb::ProxyAccess::make<CORBA::Object>(
        live_orb_ref()->references().make_object(std::move(type_id), std::move(key), layout));
  }

  bool handles_policy(CORBA::PolicyType type) const override {
    auto orb = orb_.lock();
    if (!orb) return false;
    for (const auto& handler : orb->seams().server_policy_handlers()) {
      if (handler->handles(type)) return true;
    }
    return false;
  }

  std::shared_ptr<orb::ServerQos> make_qos(const CORBA::PolicyList& policies) override {
    for (const auto& handler : live_orb_ref()->seams().server_policy_handlers()) {
      try {
        if (auto qos = handler->make_qos(policies)) return qos;
      } catch (const CORBA::InvalidPolicies& e) {
        throw PortableServer::POA::InvalidPolicy(e.indices().empty() ? 0 : e.indices().front());
      }
    }
    return nullptr;
  }

  std::optional<std::vector<std::uint8_t>> key_of(
      const CORBA::object_reference<CORBA::Object>& reference) override {
    if (!reference || reference->_is_local()) return std::nullopt;
    const auto& core = orb::core_of(*reference);
    if (!core) return std::nullopt;
    for (const auto& profile : core->reference().profiles) {
      if (const auto* iiop = std::get_if<ior::IiopProfile>(&profile)) return iiop->object_key;
    }
    return std::nullopt;
  }

  CORBA::object_reference<CORBA::Object> published_object(
      std::span<const std::uint8_t> key) const override {
    auto orb = orb_.lock();
    return orb ? orb->references().object_table().find(key) : nullptr;
  }

  std::uint64_t instance() const noexcept override { return instance_; }
  std::size_t holding_bound() const noexcept override { return holding_bound_; }

 private:
  // The ORB, which outlives every call made while it is held here.
  std::shared_ptr<orb::OrbContext> live_orb_ref() const {
    auto orb = orb_.lock();
    if (!orb) {
      raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_poa_destroyed,
                                     "the ORB is destroyed");
    }
    return orb;
  }

  std::weak_ptr<orb::OrbContext> orb_;
  std::size_t holding_bound_;
  std::uint64_t instance_;
};

class PoaAdapter final : public orb::ObjectAdapter {
 public:
  explicit PoaAdapter(std::shared_ptr<PoaSystem> system) : system_(std::move(system)) {}
  ~PoaAdapter() override {
    try {
      system_->shutdown(false);
    } catch (...) {
      // Destruction must not throw; shutdown(false) only raises from user callbacks.
    }
  }

  void dispatch(orb::ServerRequest& request) override { system_->dispatch(request); }
  bool locate(std::span<const std::uint8_t> key) override { return system_->locate(key); }
  bool owns_key(std::span<const std::uint8_t> key) const noexcept override {
    return system_->owns_key(key);
  }
  orb::DirectBinding direct_binding(std::span<const std::uint8_t> key) noexcept override {
    return system_->direct_binding(key);
  }
  bool collocated_upcall(std::span<const std::uint8_t> key,
                         orb::FunctionRef<bool(orb::DirectUpcall*)> call) override {
    return system_->collocated_upcall(key, call);
  }
  CORBA::object_reference<CORBA::Object> root_poa() override {
    return CORBA::object_reference<CORBA::Object>::adopt(system_->root());
  }
  CORBA::object_reference<CORBA::Object> current() override { return system_->current(); }
  void shutdown(bool wait_for_completion) override { system_->shutdown(wait_for_completion); }

 private:
  std::shared_ptr<PoaSystem> system_;
};

}  // namespace

std::unique_ptr<orb::ObjectAdapter> make_adapter(orb::OrbContext& orb) {
  return std::make_unique<PoaAdapter>(
      PoaSystem::create(std::make_unique<OrbCoreServices>(orb)));
}

}  // namespace rtorb::poa
