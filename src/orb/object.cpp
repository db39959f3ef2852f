// CORBA::Object's pseudo-operations, CORBA::LocalObject and the policy interfaces' _is_a.
#include <rtorb/corba/object.hpp>

#include <rtorb/corba/orb.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/policy.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/orb/invocation.hpp>

#include <cstring>

#include "client/object_core.hpp"
#include "core/policy_manager.hpp"
#include "orb/orb_core.hpp"

namespace CORBA {
namespace {

constexpr const char* object_id = "IDL:omg.org/CORBA/Object:1.0";
constexpr const char* local_object_id = "IDL:omg.org/CORBA/LocalObject:1.0";

std::uint32_t fnv1a(std::uint32_t h, std::span<const std::uint8_t> bytes) noexcept {
  for (const std::uint8_t b : bytes) h = (h ^ b) * 16777619u;
  return h;
}

[[noreturn]] void no_local_policy_overrides() {
  rtorb::raise<NO_IMPLEMENT>(rtorb::minor::no_implement_local_policies,
                             "a local object has no policy overrides");
}

std::uint32_t bounded(std::uint32_t h, std::uint32_t maximum) noexcept {
  return maximum == UINT32_MAX ? h : h % (maximum + 1);
}

}  // namespace

bool Object::_is_a(const std::string& repository_id) {
  if (repository_id == object_id || rtorb_is_a_known(repository_id)) return true;
  if (core_ && repository_id == core_->reference().type_id) return true;
  rtorb::orb::Invocation call(*this, "_is_a");
  auto& reply =
      call.invoke([&](rtorb::cdr::OutputStream& os) { os.write_string(repository_id); });
  return reply.read_boolean();
}

bool Object::_non_existent() {
  try {
    rtorb::orb::Invocation call(*this, "_non_existent");
    return call.invoke([](rtorb::cdr::OutputStream&) {}).read_boolean();
  } catch (const OBJECT_NOT_EXIST&) {
    return true;
  }
}

bool Object::_validate_connection(std::vector<object_reference<Policy>>& inconsistent_policies) {
  inconsistent_policies.clear();
  if (_is_local()) return true;
  if (!core_) {
    rtorb::raise<INV_OBJREF>(rtorb::minor::inv_objref_no_profile, "a reference without a profile");
  }
  core_->open_connections();
  return true;
}

bool Object::_is_equivalent(const object_reference<Object>& other) {
  if (!other) return false;
  if (other.shared().get() == this) return true;
  const auto& theirs = rtorb::orb::core_of(*other);
  if (!core_ || !theirs) return false;
  return core_ == theirs || core_->ior_data().profiles == theirs->ior_data().profiles;
}

std::uint32_t Object::_hash(std::uint32_t maximum) {
  std::uint32_t h = 2166136261u;
  if (core_) {
    for (const auto& p : core_->ior_data().profiles) h = fnv1a(h, p.profile_data);
  }
  return bounded(h, maximum);
}

std::string Object::_repository_id() {
  return core_ ? core_->reference().type_id : std::string();
}

object_reference<ORB> Object::_get_orb() {
  if (!core_) return nullptr;
  return core_->orb()->orb();
}

object_reference<Object> Object::_set_policy_overrides(const PolicyList& policies,
                                                       SetOverrideType set_add) {
  for (const auto& policy : policies) {
    if (!policy) rtorb::raise<BAD_PARAM>(rtorb::minor::bad_param_nil_policy, "a nil policy");
  }
  if (!core_) {
    rtorb::raise<INV_OBJREF>(rtorb::minor::inv_objref_no_profile, "a reference without a profile");
  }
  PolicyList overrides = core_->policy_overrides();
  rtorb::orb::merge_policies(overrides, policies, set_add);
  auto core = std::make_shared<rtorb::orb::ObjectCore>(core_->orb(), core_->reference(),
                                                       core_->ior_data(), std::move(overrides));
  return rtorb::orb::ProxyAccess::make<Object>(std::move(core));
}

PolicyList Object::_get_policy_overrides(const PolicyTypeSeq& types) {
  return core_ ? rtorb::orb::select_policies(core_->policy_overrides(), types) : PolicyList{};
}

object_reference<Policy> Object::_get_client_policy(PolicyType type) {
  const PolicyTypeSeq types{type};
  if (auto mine = _get_policy_overrides(types); !mine.empty()) return mine.front();
  if (auto thread = rtorb::orb::select_policies(rtorb::orb::thread_policy_overrides(), types);
      !thread.empty()) {
    return thread.front();
  }
  if (core_) {
    const auto orb = core_->orb()->seams().orb_policies().overrides(types);
    if (!orb.empty()) return orb.front();
  }
  return nullptr;
}

bool LocalObject::_is_a(const std::string& repository_id) {
  return repository_id == object_id || repository_id == local_object_id;
}

bool LocalObject::_is_equivalent(const object_reference<Object>& other) {
  return other.shared().get() == static_cast<Object*>(this);
}

std::uint32_t LocalObject::_hash(std::uint32_t maximum) {
  const auto address = reinterpret_cast<std::uintptr_t>(static_cast<Object*>(this));
  return bounded(static_cast<std::uint32_t>(address ^ (address >> 32)), maximum);
}

object_reference<Object> LocalObject::_set_policy_overrides(const PolicyList&, SetOverrideType) {
  no_local_policy_overrides();
}

PolicyList LocalObject::_get_policy_overrides(const PolicyTypeSeq&) {
  no_local_policy_overrides();
}

object_reference<Policy> LocalObject::_get_client_policy(PolicyType) {
  no_local_policy_overrides();
}

bool PolicyManager::_is_a(const std::string& repository_id) {
  return repository_id == IDL::traits<PolicyManager>::repository_id ||
         LocalObject::_is_a(repository_id);
}

bool PolicyCurrent::_is_a(const std::string& repository_id) {
  return repository_id == IDL::traits<PolicyCurrent>::repository_id ||
         PolicyManager::_is_a(repository_id);
}

}  // namespace CORBA
