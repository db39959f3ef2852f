// CORBA::ORB: each member checks the ORB is alive and hands over to its OrbCore, or to the
// part of it that does the work.
#include <rtorb/corba/orb.hpp>

#include "orb/orb_core.hpp"

namespace CORBA {

ORB::~ORB() = default;

std::string ORB::id() const { return std::string(core_->id()); }

ORB::ObjectIdList ORB::list_initial_services() {
  return core_->references().list_initial_services();
}

object_reference<Object> ORB::resolve_initial_references(const ObjectId& identifier) {
  return core_->references().resolve_initial_references(identifier);
}

object_reference<Object> ORB::string_to_object(const std::string& str) {
  return core_->references().string_to_object(str);
}

std::string ORB::object_to_string(const object_reference<Object>& object) {
  return core_->references().object_to_string(object);
}

object_reference<Policy> ORB::create_policy(PolicyType type, const Any& value) {
  core_->check_alive();
  return core_->seams().create_policy(type, value);
}

void ORB::run() { core_->run(); }
void ORB::run(std::chrono::milliseconds timeout) { core_->run(timeout); }
bool ORB::work_pending() { return core_->work_pending(); }
void ORB::perform_work() { core_->perform_work(); }
void ORB::shutdown(bool wait_for_completion) { core_->shutdown(wait_for_completion); }
void ORB::destroy() { core_->destroy(); }

}  // namespace CORBA
