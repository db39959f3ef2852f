// Service contexts added by interceptors and found in what the ORB received.
#include "interceptors/request_contexts.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/raise.hpp>

#include <string>

namespace rtorb::interceptors {

void AddedContexts::add(const IOP::ServiceContext& context, bool replace) {
  if (context.context_data().size() > max_size_) {
    raise<CORBA::IMP_LIMIT>(minor::imp_limit_message_too_large,
                            "service context of " + std::to_string(context.context_data().size()) +
                                " bytes exceeds -ORBMaxMessageSize");
  }
  bool replaced = false;
  for (IOP::ServiceContext& c : owned_) {
    if (c.context_id() != context.context_id()) continue;
    if (!replace) {
      raise<CORBA::BAD_INV_ORDER>(bad_inv_order_context_exists,
                                  "service context " + std::to_string(context.context_id()) +
                                      " added already");
    }
    c = context;
    replaced = true;
  }
  if (!replaced) owned_.push_back(context);
  // The vector may have moved its elements: the view is made again.
  view_.clear();
  for (const IOP::ServiceContext& c : owned_) view_.push_back({c.context_id(), c.context_data()});
}

const IOP::ServiceContext* AddedContexts::find(IOP::ServiceId id) const noexcept {
  for (const IOP::ServiceContext& c : owned_) {
    if (c.context_id() == id) return &c;
  }
  return nullptr;
}

void AddedContexts::clear() noexcept {
  owned_.clear();
  view_.clear();
}

IOP::ServiceContext find_received(const giop::ServiceContextList* received,
                                  const AddedContexts* added, IOP::ServiceId id) {
  if (received != nullptr) {
    for (const giop::ServiceContext& c : *received) {
      if (c.context_id == id) {
        return {id, std::vector<std::uint8_t>(c.context_data.begin(), c.context_data.end())};
      }
    }
  }
  if (added != nullptr) {
    if (const IOP::ServiceContext* c = added->find(id)) return *c;
  }
  raise<CORBA::BAD_PARAM>(bad_param_no_context, "no service context " + std::to_string(id));
}

void not_at_this_point(const char* what) {
  raise<CORBA::BAD_INV_ORDER>(bad_inv_order_not_at_this_point,
                              std::string(what) + " is not available at this interception point");
}

void needs_typecodes(const char* what) {
  raise<CORBA::NO_RESOURCES>(no_resources_no_typecodes,
                             std::string(what) + " needs typecodes, which compiled stubs lack");
}

}  // namespace rtorb::interceptors
