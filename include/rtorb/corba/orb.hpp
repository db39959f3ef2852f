// CORBA::ORB and CORBA::ORB_init (IDL to C++11 mapping 6.21; CORBA 3.x, 8.2 and 8.5).
#pragma once

#include <rtorb/cdr/any.hpp>
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/object.hpp>
#include <rtorb/corba/object_reference.hpp>
#include <rtorb/corba/policy.hpp>
#include <rtorb/corba/value_base.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace rtorb::orb {
class OrbCore;
}

namespace CORBA {

using Any = rtorb::cdr::Any;

class ORB {
 public:
  using ObjectId = std::string;
  using ObjectIdList = std::vector<ObjectId>;

  class InvalidName : public UserException {
   public:
    const char* _name() const noexcept override { return "InvalidName"; }
    const char* _rep_id() const noexcept override { return "IDL:omg.org/CORBA/ORB/InvalidName:1.0"; }
    const char* what() const noexcept override { return _rep_id(); }
  };

  explicit ORB(std::shared_ptr<rtorb::orb::OrbCore> core) noexcept : core_(std::move(core)) {}
  ORB(const ORB&) = delete;
  ORB& operator=(const ORB&) = delete;
  ~ORB();

  std::string id() const;

  // "RootPOA", "POACurrent", "ORBPolicyManager", "PolicyCurrent", "IORTable" (the short
  // object keys of corbaloc URLs, <rtorb/corba/ior_table.hpp>), and every name given
  // with -ORBInitRef (or found through -ORBDefaultInitRef). Raises InvalidName otherwise.
  ObjectIdList list_initial_services();
  object_reference<Object> resolve_initial_references(const ObjectId& identifier);

  // "IOR:...", "corbaloc:iiop:...", "corbaloc:rir:/Name", "corbaname:...", "file://path".
  // Raises BAD_PARAM with the OMG minor codes 7 (scheme), 8 (address), 9 (syntax) or one
  // of rtorb's; a nil IOR gives a nil reference.
  object_reference<Object> string_to_object(const std::string& str);
  // "IOR:..." of `object`; nil gives the nil IOR. Local objects raise MARSHAL.
  std::string object_to_string(const object_reference<Object>& object);

  // A policy of `type` with the value `value` holds (CORBA 3.x, 8.3.8), for every type a
  // layer of this ORB registered (Messaging: RebindPolicy, SyncScopePolicy, the relative
  // timeouts; docs/messaging.md). Raises PolicyError: BAD_POLICY for a type nobody knows,
  // UNSUPPORTED_POLICY for a known type this ORB does not implement, BAD_POLICY_TYPE when
  // the any holds another type, BAD_POLICY_VALUE for a value out of range.
  object_reference<Policy> create_policy(PolicyType type, const Any& value);

  // Value factories (CORBA 3.x, 8.2 and 9.4.2), used when values are unmarshaled in this ORB.
  // register_value_factory returns the factory it replaces (null if none); a null factory
  // raises BAD_PARAM bad_param_nil_value_factory. unregister_value_factory raises BAD_PARAM
  // bad_param_no_value_factory when none is registered. lookup_value_factory gives null
  // when none is.
  IDL::traits<ValueFactoryBase>::ref_type register_value_factory(
      const std::string& repository_id, IDL::traits<ValueFactoryBase>::ref_type factory);
  void unregister_value_factory(const std::string& repository_id);
  IDL::traits<ValueFactoryBase>::ref_type lookup_value_factory(const std::string& repository_id);

  // Serves requests on this thread until shutdown (or for at most `timeout`), and calls
  // the reply handlers of AMI requests (sendc_) as their replies come. With
  // -ORBServerThreads n > 0 and open endpoints the pool's threads do both and run() only
  // waits. perform_work does one round of the same (up to 10 ms).
  void run();
  void run(std::chrono::milliseconds timeout);
  bool work_pending();
  void perform_work();
  // Stops run() everywhere; with wait_for_completion, also waits for requests in progress
  // (BAD_INV_ORDER if called from inside a request with true). POAs are destroyed.
  void shutdown(bool wait_for_completion);
  // shutdown(true) if not done, then releases every resource; later calls on this ORB
  // raise OBJECT_NOT_EXIST.
  void destroy();

 private:
  friend rtorb::orb::OrbCore& rtorb_core(ORB& orb);
  std::shared_ptr<rtorb::orb::OrbCore> core_;
};

// Consumes the -ORB... options it knows from argv (and adjusts argc); leaves the others.
// An unknown -ORB option or a bad value raises BAD_PARAM with a message naming it. Returns
// the ORB already created with `orb_id` if there is one (and it has not been destroyed).
object_reference<ORB> ORB_init(int& argc, char* argv[], const std::string& orb_id = {});

inline rtorb::orb::OrbCore& rtorb_core(ORB& orb) { return *orb.core_; }

}  // namespace CORBA

namespace IDL {

template <>
struct traits<CORBA::ORB> {
  using ref_type = CORBA::object_reference<CORBA::ORB>;
  using weak_ref_type = CORBA::weak_object_reference<CORBA::ORB>;
};

}  // namespace IDL
