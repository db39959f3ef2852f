// PortableServer::ObjectId and ForwardRequest (CORBA 3.x, 15.3.1): used by the POA, its
// servant managers and Current.
#pragma once

#include <cstdint>
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/object.hpp>
#include <string>
#include <vector>

namespace PortableServer {

using ObjectId = std::vector<std::uint8_t>;

// Raised by servant managers (and AdapterActivators' callers) to redirect a request: the
// ORB answers LOCATION_FORWARD with forward_reference.
class ForwardRequest : public CORBA::UserException {
 public:
  ForwardRequest() = default;
  explicit ForwardRequest(CORBA::object_reference<CORBA::Object> forward_reference)
      : forward_reference_(std::move(forward_reference)) {}
  const CORBA::object_reference<CORBA::Object>& forward_reference() const noexcept {
    return forward_reference_;
  }
  void forward_reference(CORBA::object_reference<CORBA::Object> r) {
    forward_reference_ = std::move(r);
  }
  const char* _name() const noexcept override { return "ForwardRequest"; }
  const char* _rep_id() const noexcept override {
    return "IDL:omg.org/PortableServer/ForwardRequest:1.0";
  }
  const char* what() const noexcept override { return _rep_id(); }

 private:
  CORBA::object_reference<CORBA::Object> forward_reference_;
};

// ObjectId <-> string helpers of the mapping (bytes copied as they are).
inline ObjectId string_to_ObjectId(const std::string& s) {
  return ObjectId(s.begin(), s.end());
}
inline std::string ObjectId_to_string(const ObjectId& id) {
  return std::string(id.begin(), id.end());
}

}  // namespace PortableServer
