// The registry of seams: what the layers above registered, copied out under its lock and
// called outside it.
#include "core/seams/seam_registry.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/raise.hpp>

#include "core/seams/call_policies.hpp"
#include "core/seams/client_policy.hpp"
#include "core/seams/policy_factory.hpp"
#include "core/seams/request_admission.hpp"
#include "core/seams/request_interception.hpp"
#include "core/seams/server_qos.hpp"

namespace rtorb::orb {

void SeamRegistry::register_initial_reference(std::string name,
                                              InitialReferenceFactory factory) {
  std::lock_guard lock(mutex_);
  initial_references_[std::move(name)] = std::move(factory);
}

std::optional<InitialReferenceFactory> SeamRegistry::initial_reference(
    const std::string& name) const {
  std::lock_guard lock(mutex_);
  if (auto it = initial_references_.find(name); it != initial_references_.end()) {
    return it->second;
  }
  return std::nullopt;
}

std::vector<std::string> SeamRegistry::initial_reference_names() const {
  std::vector<std::string> names;
  std::lock_guard lock(mutex_);
  for (const auto& [name, factory] : initial_references_) names.push_back(name);
  return names;
}

void SeamRegistry::add_server_policy_handler(std::shared_ptr<ServerPolicyHandler> handler) {
  std::lock_guard lock(mutex_);
  server_policy_handlers_.push_back(std::move(handler));
}

std::vector<std::shared_ptr<ServerPolicyHandler>> SeamRegistry::server_policy_handlers() const {
  std::lock_guard lock(mutex_);
  return server_policy_handlers_;
}

void SeamRegistry::add_client_policy_handler(
    std::shared_ptr<const ClientPolicyHandler> handler) {
  std::uint64_t types = 0;
  for (const CORBA::PolicyType type : handler->shaped_types()) {
    if (type >= 64) {
      raise<CORBA::INTERNAL>(minor::internal_policy_type_range,
                             "a client policy handler shapes by a policy type above 63");
    }
    types |= std::uint64_t{1} << type;
  }
  std::lock_guard lock(mutex_);
  client_policy_handlers_.push_back(std::move(handler));
  client_shaping_types_.fetch_or(types, std::memory_order_acq_rel);
}

std::vector<std::shared_ptr<const ClientPolicyHandler>> SeamRegistry::client_policy_handlers()
    const {
  std::lock_guard lock(mutex_);
  return client_policy_handlers_;
}

void SeamRegistry::add_policy_factory(std::shared_ptr<const PolicyFactory> factory) {
  std::lock_guard lock(mutex_);
  policy_factories_.push_back(std::move(factory));
}

CORBA::object_reference<CORBA::Policy> SeamRegistry::create_policy(
    CORBA::PolicyType type, const cdr::Any& value) const {
  std::vector<std::shared_ptr<const PolicyFactory>> factories;
  {
    std::lock_guard lock(mutex_);
    factories = policy_factories_;
  }
  for (const auto& factory : factories) {
    if (factory->handles(type)) return factory->create(type, value);
  }
  throw CORBA::PolicyError(CORBA::BAD_POLICY);
}

void SeamRegistry::set_call_policy_reader(std::shared_ptr<const CallPolicyReader> reader) {
  std::lock_guard lock(mutex_);
  call_policy_reader_.store(reader.get(), std::memory_order_release);
  call_policy_reader_owner_ = std::move(reader);
}

void SeamRegistry::set_request_admission(std::shared_ptr<const RequestAdmission> admission) {
  std::lock_guard lock(mutex_);
  request_admission_.store(admission.get(), std::memory_order_release);
  request_admission_owner_ = std::move(admission);
}

void SeamRegistry::set_request_interception(
    std::shared_ptr<const RequestInterception> interception) {
  std::lock_guard lock(mutex_);
  request_interception_.store(interception.get(), std::memory_order_release);
  request_interception_owner_ = std::move(interception);
}

}  // namespace rtorb::orb
