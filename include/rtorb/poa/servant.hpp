// PortableServer::Servant and CORBA::servant_traits (IDL to C++11 mapping 6.25): the base
// of every servant. Generated skeletons override rtorb_dispatch with their operation table.
#pragma once

#include <rtorb/corba/object.hpp>
#include <rtorb/corba/object_reference.hpp>

#include <memory>
#include <string>

namespace rtorb::orb {
class ServerRequest;
}

namespace PortableServer {

class POA;

class Servant : public std::enable_shared_from_this<Servant> {
 public:
  virtual ~Servant() = default;
  Servant(const Servant&) = delete;
  Servant& operator=(const Servant&) = delete;

  // The POA _this() activates in: the RootPOA of the ORB this servant was last activated
  // with. Override to choose another.
  virtual CORBA::object_reference<POA> _default_POA();
  // The most derived interface's repository id and those of its bases; generated.
  virtual bool _is_a(const std::string& repository_id);
  virtual bool _non_existent() { return false; }

  // rtorb: the repository id of the most derived interface (generated).
  virtual const char* rtorb_repository_id() const = 0;
  // rtorb: runs the operation `request` names. Generated skeletons look their operations up
  // in constant time and fall back to this, which serves _is_a, _non_existent,
  // _not_existent, _interface, _component and _repository_id and raises BAD_OPERATION
  // for anything else.
  virtual void rtorb_dispatch(rtorb::orb::ServerRequest& request);

 protected:
  Servant() = default;
  // Implicit activation for _this(): the reference of this servant in _default_POA()
  // (or, inside an upcall for this servant, the reference it was invoked through).
  // Raises WrongPolicy-derived OBJ_ADAPTER / BAD_INV_ORDER per the POA rules.
  CORBA::object_reference<CORBA::Object> rtorb_this();

 private:
  friend class ServantAccess;  // the poa layer's view of the fields below
  std::weak_ptr<void> default_poa_;  // set by the poa layer when activated
};

}  // namespace PortableServer

namespace CORBA {

// Specialised by generated code: base_type is the skeleton a servant derives from.
template <class T>
struct servant_traits {
  using base_type = T;
  using ref_type = servant_reference<T>;
};

}  // namespace CORBA
