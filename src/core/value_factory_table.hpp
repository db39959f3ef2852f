// The value factories registered with one ORB (ORB::register_value_factory), by repository id.
#pragma once

#include <rtorb/corba/value_base.hpp>

#include <map>
#include <mutex>
#include <string>

namespace rtorb::orb {

class ValueFactoryTable {
 public:
  using FactoryRef = IDL::traits<CORBA::ValueFactoryBase>::ref_type;

  // Returns the factory `factory` replaces (null if none).
  FactoryRef add(const std::string& repository_id, FactoryRef factory);
  // False if none was registered under `repository_id`.
  bool remove(const std::string& repository_id);
  FactoryRef find(const std::string& repository_id) const;
  void clear();

 private:
  mutable std::mutex mutex_;  // guards factories_
  std::map<std::string, FactoryRef, std::less<>> factories_;
};

}  // namespace rtorb::orb
