// IORTable: objects published under simple object keys, so `corbaloc::host:port/Bank`
// reaches them (TAO's IORTable, omniORB's INS POA; CORBA 3.x, 13.6.10 "corbaloc").
#pragma once

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/object.hpp>
#include <rtorb/corba/object_reference.hpp>

#include <string>

namespace IORTable {

class AlreadyBound : public CORBA::UserException {
 public:
  const char* _name() const noexcept override { return "AlreadyBound"; }
  const char* _rep_id() const noexcept override { return "IDL:IORTable/AlreadyBound:1.0"; }
  const char* what() const noexcept override { return _rep_id(); }
};

class NotFound : public CORBA::UserException {
 public:
  const char* _name() const noexcept override { return "NotFound"; }
  const char* _rep_id() const noexcept override { return "IDL:IORTable/NotFound:1.0"; }
  const char* what() const noexcept override { return _rep_id(); }
};

// The ORB's table, from resolve_initial_references("IORTable"). A Request whose object key
// is a bound key is answered with LOCATION_FORWARD to the bound object, and a LocateRequest
// with OBJECT_FORWARD, so any client (omniORB, TAO, rtorb) follows it to the object and
// keeps talking to the object itself. Keys are any bytes; those the POA made (they begin
// with "RTok") never reach the table. The table is emptied when the ORB is destroyed.
//
// Every operation raises OBJECT_NOT_EXIST object_not_exist_orb_destroyed after destroy().
class Table : public virtual CORBA::LocalObject {
 public:
  // TAO's signatures: the object as any string string_to_object takes ("IOR:...",
  // "corbaloc:...", "file://..."), raising what it raises. An empty key or a nil object is
  // BAD_PARAM bad_param_bad_table_entry. bind raises AlreadyBound for a key in use.
  virtual void bind(const std::string& object_key, const std::string& ior) = 0;
  virtual void rebind(const std::string& object_key, const std::string& ior) = 0;
  // The same with the reference itself; a local object is BAD_PARAM bad_param_bad_table_entry.
  virtual void bind(const std::string& object_key,
                    const CORBA::object_reference<CORBA::Object>& object) = 0;
  virtual void rebind(const std::string& object_key,
                      const CORBA::object_reference<CORBA::Object>& object) = 0;
  // Raises NotFound for a key not bound.
  virtual void unbind(const std::string& object_key) = 0;
  // rtorb: the object bound to `object_key`; raises NotFound.
  virtual CORBA::object_reference<CORBA::Object> find(const std::string& object_key) = 0;

  bool _is_a(const std::string& repository_id) override;
};

}  // namespace IORTable

namespace IDL {

template <>
struct traits<IORTable::Table> {
  using ref_type = CORBA::object_reference<IORTable::Table>;
  using weak_ref_type = CORBA::weak_object_reference<IORTable::Table>;
  static constexpr const char* repository_id = "IDL:IORTable/Table:1.0";
  static ref_type narrow(const traits<CORBA::Object>::ref_type& object) noexcept {
    return ref_type::adopt(std::dynamic_pointer_cast<IORTable::Table>(object.shared()));
  }
};

}  // namespace IDL
