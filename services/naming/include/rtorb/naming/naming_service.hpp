// The Naming Service as a library: every naming context (the root and those new_context
// makes) is an object of one PERSISTENT/USER_ID POA, so its reference stays valid across
// restarts on the same endpoint; with a store, so do the names (docs/naming.md).
#pragma once

#include <rtorb/corba/orb.hpp>

#include <functional>
#include <memory>
#include <string>

#include "CosNamingC.h"

namespace rtorb::naming {

class ServiceCore;  // private: the contexts, their bindings and the store

struct ServiceOptions {
  std::string store_path;          // empty: names live in memory only
  std::string poa_name = "NameService";  // the child of the RootPOA serving the contexts
  std::function<void(const std::string&)> warn;  // store recovery notes; default: stderr
};

class NamingService {
 public:
  // Creates the POA under the RootPOA (with the RootPOA's manager, which the caller
  // activates) and loads the store. Raises PERSIST_STORE persist_store_corrupt when the
  // store cannot be read back (the file is left untouched), and what the POA raises.
  NamingService(CORBA::object_reference<CORBA::ORB> orb, ServiceOptions options);
  NamingService(const NamingService&) = delete;
  NamingService& operator=(const NamingService&) = delete;
  ~NamingService();  // destroys the POA (waiting for calls in progress)

  // The root context: object id "NameService" of the POA, the same in every run.
  IDL::traits<CosNaming::NamingContextExt>::ref_type root_context() const;

 private:
  std::shared_ptr<ServiceCore> core_;
};

}  // namespace rtorb::naming
