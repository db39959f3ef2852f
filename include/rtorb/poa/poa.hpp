// PortableServer::POA (CORBA 3.x, 15.3.8; IDL to C++11 mapping): the object adapter's
// public interface. Include this one header for everything in PortableServer.
#pragma once

#include <cstdint>
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/object.hpp>
#include <rtorb/corba/policy.hpp>
#include <rtorb/poa/current.hpp>
#include <rtorb/poa/local_traits.hpp>
#include <rtorb/poa/poa_manager.hpp>
#include <rtorb/poa/poa_types.hpp>
#include <rtorb/poa/policies.hpp>
#include <rtorb/poa/servant.hpp>
#include <rtorb/poa/servant_managers.hpp>
#include <string>
#include <vector>

namespace PortableServer {

#define RTORB_POA_EXCEPTION(NAME)                                    \
  class NAME : public CORBA::UserException {                         \
   public:                                                           \
    const char* _name() const noexcept override { return #NAME; }    \
    const char* _rep_id() const noexcept override {                  \
      return "IDL:omg.org/PortableServer/POA/" #NAME ":1.0";         \
    }                                                                \
    const char* what() const noexcept override { return _rep_id(); } \
  };

class POA : public virtual CORBA::LocalObject {
 public:
  RTORB_POA_EXCEPTION(AdapterAlreadyExists)
  RTORB_POA_EXCEPTION(AdapterNonExistent)
  RTORB_POA_EXCEPTION(NoServant)
  RTORB_POA_EXCEPTION(ObjectAlreadyActive)
  RTORB_POA_EXCEPTION(ObjectNotActive)
  RTORB_POA_EXCEPTION(ServantAlreadyActive)
  RTORB_POA_EXCEPTION(ServantNotActive)
  RTORB_POA_EXCEPTION(WrongAdapter)
  RTORB_POA_EXCEPTION(WrongPolicy)
  class InvalidPolicy : public CORBA::UserException {
   public:
    InvalidPolicy() = default;
    explicit InvalidPolicy(std::uint16_t index) : index_(index) {}
    std::uint16_t index() const noexcept { return index_; }
    const char* _name() const noexcept override { return "InvalidPolicy"; }
    const char* _rep_id() const noexcept override {
      return "IDL:omg.org/PortableServer/POA/InvalidPolicy:1.0";
    }
    const char* what() const noexcept override { return _rep_id(); }

   private:
    std::uint16_t index_ = 0;
  };

  using ref_type = CORBA::object_reference<POA>;
  using POAList = std::vector<ref_type>;
  using ServantRef = CORBA::servant_reference<Servant>;
  using ObjectRef = CORBA::object_reference<CORBA::Object>;

  // --- the POA tree ----------------------------------------------------------------------
  // A nil manager makes a new one (HOLDING). Raises AdapterAlreadyExists, InvalidPolicy
  // (the index of the first policy that is unknown or conflicts), BAD_PARAM for a manager
  // of another ORB, OBJECT_NOT_EXIST after destroy.
  virtual ref_type create_POA(const std::string& adapter_name,
                              CORBA::object_reference<POAManager> a_POAManager,
                              const CORBA::PolicyList& policies) = 0;
  // Asks the AdapterActivator when activate_it and the child is unknown. Raises
  // AdapterNonExistent.
  virtual ref_type find_POA(const std::string& adapter_name, bool activate_it) = 0;
  // Destroys the children first, then this POA; etherealizes servants when asked (RETAIN +
  // USE_SERVANT_MANAGER). With wait_for_completion, returns after requests in progress
  // finish (BAD_INV_ORDER OMG minor 3 from inside an upcall of the same ORB).
  virtual void destroy(bool etherealize_objects, bool wait_for_completion) = 0;

  // --- policy factories ------------------------------------------------------------------
  virtual CORBA::object_reference<ThreadPolicy> create_thread_policy(
      ThreadPolicyValue value) = 0;
  virtual CORBA::object_reference<LifespanPolicy> create_lifespan_policy(
      LifespanPolicyValue value) = 0;
  virtual CORBA::object_reference<IdUniquenessPolicy> create_id_uniqueness_policy(
      IdUniquenessPolicyValue value) = 0;
  virtual CORBA::object_reference<IdAssignmentPolicy> create_id_assignment_policy(
      IdAssignmentPolicyValue value) = 0;
  virtual CORBA::object_reference<ImplicitActivationPolicy> create_implicit_activation_policy(
      ImplicitActivationPolicyValue value) = 0;
  virtual CORBA::object_reference<ServantRetentionPolicy> create_servant_retention_policy(
      ServantRetentionPolicyValue value) = 0;
  virtual CORBA::object_reference<RequestProcessingPolicy> create_request_processing_policy(
      RequestProcessingPolicyValue value) = 0;

  // --- attributes ------------------------------------------------------------------------
  virtual std::string the_name() = 0;
  virtual ref_type the_parent() = 0;  // nil for the RootPOA
  virtual POAList the_children() = 0;
  virtual CORBA::object_reference<POAManager> the_POAManager() = 0;
  virtual CORBA::object_reference<AdapterActivator> the_activator() = 0;
  virtual void the_activator(CORBA::object_reference<AdapterActivator> activator) = 0;
  // A unique id for this POA within the ORB (CORBA 3 POA::id).
  virtual std::vector<std::uint8_t> id() = 0;

  // --- servant managers and default servant (WrongPolicy without the matching policy) ---
  // Every operation below raises OBJECT_NOT_EXIST once the POA is destroyed.
  virtual CORBA::object_reference<ServantManager> get_servant_manager() = 0;
  // Raises BAD_INV_ORDER (OMG minor 6) if one is set already, OBJ_ADAPTER (OMG minor 4) if
  // it is not a ServantActivator (RETAIN) or ServantLocator (NON_RETAIN).
  virtual void set_servant_manager(CORBA::object_reference<ServantManager> imgr) = 0;
  virtual ServantRef get_servant() = 0;  // NoServant if none
  virtual void set_servant(ServantRef p_servant) = 0;

  // --- activation ------------------------------------------------------------------------
  // SYSTEM_ID + RETAIN. Raises ServantAlreadyActive (UNIQUE_ID), WrongPolicy.
  virtual ObjectId activate_object(ServantRef p_servant) = 0;
  // RETAIN. Raises ObjectAlreadyActive, ServantAlreadyActive, WrongPolicy; BAD_PARAM for a
  // SYSTEM_ID id this POA did not make.
  virtual void activate_object_with_id(const ObjectId& id, ServantRef p_servant) = 0;
  // RETAIN. Removes the id now; the servant is etherealized (USE_SERVANT_MANAGER) after
  // the requests in progress on it finish. Raises ObjectNotActive, WrongPolicy.
  virtual void deactivate_object(const ObjectId& oid) = 0;

  // --- references and ids ----------------------------------------------------------------
  virtual ObjectRef create_reference(const std::string& intf) = 0;  // SYSTEM_ID
  virtual ObjectRef create_reference_with_id(const ObjectId& oid, const std::string& intf) = 0;
  virtual ObjectId servant_to_id(ServantRef p_servant) = 0;
  virtual ObjectRef servant_to_reference(ServantRef p_servant) = 0;
  // Raises ObjectNotActive, WrongAdapter (not a reference of this POA), WrongPolicy.
  virtual ServantRef reference_to_servant(ObjectRef reference) = 0;
  virtual ObjectId reference_to_id(ObjectRef reference) = 0;
  virtual ServantRef id_to_servant(const ObjectId& oid) = 0;
  virtual ObjectRef id_to_reference(const ObjectId& oid) = 0;
};

#undef RTORB_POA_EXCEPTION

}  // namespace PortableServer

RTORB_POA_LOCAL_TRAITS(PortableServer::POA, "IDL:omg.org/PortableServer/POA:2.3")
