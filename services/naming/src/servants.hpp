// The servants: a NamingContextExt per context, forwarding to ServiceCore with its id, and
// a BindingIterator over a snapshot of a list() call.
#pragma once

#include <mutex>
#include <string>

#include "CosNamingS.h"
#include "service_core.hpp"

namespace rtorb::naming {

class ContextServant final : public CORBA::servant_traits<CosNaming::NamingContextExt>::base_type {
 public:
  ContextServant(std::shared_ptr<ServiceCore> core, std::string id)
      : core_(std::move(core)), id_(std::move(id)) {}

  void bind(const CosNaming::Name& n, const ObjectRef& obj) override;
  void rebind(const CosNaming::Name& n, const ObjectRef& obj) override;
  void bind_context(const CosNaming::Name& n, const ContextRef& nc) override;
  void rebind_context(const CosNaming::Name& n, const ContextRef& nc) override;
  ObjectRef resolve(const CosNaming::Name& n) override;
  void unbind(const CosNaming::Name& n) override;
  ContextRef new_context() override;
  ContextRef bind_new_context(const CosNaming::Name& n) override;
  void destroy() override;
  void list(std::uint32_t how_many, CosNaming::BindingList& bl, IteratorRef& bi) override;

  std::string to_string(const CosNaming::Name& n) override;
  CosNaming::Name to_name(const std::string& sn) override;
  std::string to_url(const std::string& addr, const std::string& sn) override;
  ObjectRef resolve_str(const std::string& sn) override;

 private:
  std::shared_ptr<ServiceCore> core_;
  std::string id_;
};

class IteratorServant final : public CORBA::servant_traits<CosNaming::BindingIterator>::base_type {
 public:
  IteratorServant(std::shared_ptr<ServiceCore> core, CosNaming::BindingList rest)
      : core_(std::move(core)), rest_(std::move(rest)) {}

  bool next_one(CosNaming::Binding& b) override;
  bool next_n(std::uint32_t how_many, CosNaming::BindingList& bl) override;
  void destroy() override;

  // Set once, right after activation, before the reference is handed out.
  void object_id(PortableServer::ObjectId id) { id_ = std::move(id); }

 private:
  std::shared_ptr<ServiceCore> core_;
  PortableServer::ObjectId id_;
  std::mutex mutex_;
  CosNaming::BindingList rest_;  // guarded by mutex_
  std::size_t next_ = 0;         // guarded by mutex_
};

}  // namespace rtorb::naming
