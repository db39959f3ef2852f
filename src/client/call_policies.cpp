// effective_call_policies: the three levels of client policy overrides, each read once
// when it changes (docs/messaging.md, "Reading the effective policies").
#include "client/call_policies.hpp"

#include "client/object_core.hpp"
#include "core/orb_context.hpp"
#include "core/policy_manager.hpp"

namespace rtorb::orb {
namespace {

// The calling thread's list as last read, with the reader and generation it was read with
// (a thread may call through ORBs with different readers).
struct ThreadReading {
  const CallPolicyReader* reader = nullptr;
  std::uint64_t generation = 0;
  CallPolicies policies;
};
thread_local ThreadReading thread_reading;

const CallPolicies& thread_call_policies(const CallPolicyReader& reader) noexcept {
  ThreadReading& r = thread_reading;
  const std::uint64_t generation = thread_policy_generation();
  if (r.reader != &reader || r.generation != generation) {
    r.policies = reader.read(thread_policy_overrides());
    r.reader = &reader;
    r.generation = generation;
  }
  return r.policies;
}

}  // namespace

bool effective_call_policies(const ObjectCore& core, CallPolicies& out) noexcept {
  const OrbContext& orb = *core.orb();
  const bool object_level = core.call_policies() != nullptr;
  const bool thread_level = !thread_policy_overrides().empty();
  const bool orb_level = orb.seams().orb_policies().has_call_policies();
  if (!object_level && !thread_level && !orb_level) return false;
  const CallPolicyReader* reader = orb.seams().call_policy_reader();
  if (reader == nullptr) return false;
  CallPolicies result;
  if (orb_level) result.overlay(orb.seams().orb_policies().call_policies());
  if (thread_level) result.overlay(thread_call_policies(*reader));
  if (object_level) result.overlay(*core.call_policies());
  out = result;
  return true;
}

}  // namespace rtorb::orb
