// RTPortableServer::POA over the POA layer's PoaImpl: every PortableServer::POA operation
// goes to the POA itself; the four *_with_priority ones to its generic object priorities,
// which the POA's RT QoS (rt_server_qos.cpp) checks and applies.
#include <rtorb/rt/rt_portable_server.hpp>

#include "poa/poa_impl.hpp"

namespace rtorb::rt {
namespace {

using PS = PortableServer::POA;

class RtPoa final : public RTPortableServer::POA {
 public:
  explicit RtPoa(std::shared_ptr<poa::PoaImpl> poa) noexcept : poa_(std::move(poa)) {}

  ObjectRef create_reference_with_priority(const std::string& intf,
                                           RTCORBA::Priority priority) override {
    return poa_->create_reference_with_priority(intf, priority);
  }
  ObjectRef create_reference_with_id_and_priority(const PortableServer::ObjectId& oid,
                                                  const std::string& intf,
                                                  RTCORBA::Priority priority) override {
    return poa_->create_reference_with_id_and_priority(oid, intf, priority);
  }
  PortableServer::ObjectId activate_object_with_priority(ServantRef p_servant,
                                                         RTCORBA::Priority priority) override {
    return poa_->activate_object_with_priority(std::move(p_servant), priority);
  }
  void activate_object_with_id_and_priority(const PortableServer::ObjectId& oid,
                                            ServantRef p_servant,
                                            RTCORBA::Priority priority) override {
    poa_->activate_object_with_id_and_priority(oid, std::move(p_servant), priority);
  }

  ref_type create_POA(const std::string& name,
                      CORBA::object_reference<PortableServer::POAManager> manager,
                      const CORBA::PolicyList& policies) override {
    return poa_->create_POA(name, std::move(manager), policies);
  }
  ref_type find_POA(const std::string& name, bool activate_it) override {
    return poa_->find_POA(name, activate_it);
  }
  void destroy(bool etherealize_objects, bool wait_for_completion) override {
    poa_->destroy(etherealize_objects, wait_for_completion);
  }
  CORBA::object_reference<PortableServer::ThreadPolicy> create_thread_policy(
      PortableServer::ThreadPolicyValue v) override {
    return poa_->create_thread_policy(v);
  }
  CORBA::object_reference<PortableServer::LifespanPolicy> create_lifespan_policy(
      PortableServer::LifespanPolicyValue v) override {
    return poa_->create_lifespan_policy(v);
  }
  CORBA::object_reference<PortableServer::IdUniquenessPolicy> create_id_uniqueness_policy(
      PortableServer::IdUniquenessPolicyValue v) override {
    return poa_->create_id_uniqueness_policy(v);
  }
  CORBA::object_reference<PortableServer::IdAssignmentPolicy> create_id_assignment_policy(
      PortableServer::IdAssignmentPolicyValue v) override {
    return poa_->create_id_assignment_policy(v);
  }
  CORBA::object_reference<PortableServer::ImplicitActivationPolicy>
  create_implicit_activation_policy(PortableServer::ImplicitActivationPolicyValue v) override {
    return poa_->create_implicit_activation_policy(v);
  }
  CORBA::object_reference<PortableServer::ServantRetentionPolicy> create_servant_retention_policy(
      PortableServer::ServantRetentionPolicyValue v) override {
    return poa_->create_servant_retention_policy(v);
  }
  CORBA::object_reference<PortableServer::RequestProcessingPolicy>
  create_request_processing_policy(PortableServer::RequestProcessingPolicyValue v) override {
    return poa_->create_request_processing_policy(v);
  }
  std::string the_name() override { return poa_->the_name(); }
  ref_type the_parent() override { return poa_->the_parent(); }
  POAList the_children() override { return poa_->the_children(); }
  CORBA::object_reference<PortableServer::POAManager> the_POAManager() override {
    return poa_->the_POAManager();
  }
  CORBA::object_reference<PortableServer::AdapterActivator> the_activator() override {
    return poa_->the_activator();
  }
  void the_activator(CORBA::object_reference<PortableServer::AdapterActivator> a) override {
    poa_->the_activator(std::move(a));
  }
  std::vector<std::uint8_t> id() override { return poa_->id(); }
  CORBA::object_reference<PortableServer::ServantManager> get_servant_manager() override {
    return poa_->get_servant_manager();
  }
  void set_servant_manager(CORBA::object_reference<PortableServer::ServantManager> m) override {
    poa_->set_servant_manager(std::move(m));
  }
  ServantRef get_servant() override { return poa_->get_servant(); }
  void set_servant(ServantRef s) override { poa_->set_servant(std::move(s)); }
  PortableServer::ObjectId activate_object(ServantRef s) override {
    return poa_->activate_object(std::move(s));
  }
  void activate_object_with_id(const PortableServer::ObjectId& id, ServantRef s) override {
    poa_->activate_object_with_id(id, std::move(s));
  }
  void deactivate_object(const PortableServer::ObjectId& oid) override {
    poa_->deactivate_object(oid);
  }
  ObjectRef create_reference(const std::string& intf) override {
    return poa_->create_reference(intf);
  }
  ObjectRef create_reference_with_id(const PortableServer::ObjectId& oid,
                                     const std::string& intf) override {
    return poa_->create_reference_with_id(oid, intf);
  }
  PortableServer::ObjectId servant_to_id(ServantRef s) override {
    return poa_->servant_to_id(std::move(s));
  }
  ObjectRef servant_to_reference(ServantRef s) override {
    return poa_->servant_to_reference(std::move(s));
  }
  ServantRef reference_to_servant(ObjectRef r) override {
    return poa_->reference_to_servant(std::move(r));
  }
  PortableServer::ObjectId reference_to_id(ObjectRef r) override {
    return poa_->reference_to_id(std::move(r));
  }
  ServantRef id_to_servant(const PortableServer::ObjectId& oid) override {
    return poa_->id_to_servant(oid);
  }
  ObjectRef id_to_reference(const PortableServer::ObjectId& oid) override {
    return poa_->id_to_reference(oid);
  }

  bool _is_a(const std::string& repository_id) override {
    return repository_id == IDL::traits<RTPortableServer::POA>::repository_id ||
           poa_->_is_a(repository_id);
  }
  bool _is_equivalent(const CORBA::object_reference<CORBA::Object>& other) override {
    if (auto rt = std::dynamic_pointer_cast<RtPoa>(other.shared())) return rt->poa_ == poa_;
    return other.shared() == poa_;
  }

 private:
  std::shared_ptr<poa::PoaImpl> poa_;
};

}  // namespace

CORBA::object_reference<RTPortableServer::POA> narrow_rt_poa(
    const CORBA::object_reference<CORBA::Object>& object) noexcept {
  using Ref = CORBA::object_reference<RTPortableServer::POA>;
  if (auto rt = std::dynamic_pointer_cast<RTPortableServer::POA>(object.shared())) {
    return Ref::adopt(std::move(rt));
  }
  auto poa = std::dynamic_pointer_cast<poa::PoaImpl>(object.shared());
  if (!poa) return nullptr;
  try {
    return CORBA::make_reference<RtPoa>(std::move(poa));
  } catch (...) {
    return nullptr;  // out of memory: narrow never raises
  }
}

}  // namespace rtorb::rt
