// rtorb-cubit-client <ref> [--op NAME]... [--calls N] [--seq-len L] [--json] [--shutdown]
//                    [--sync-scope none|transport|server|target] [--timeout-ms N]
//                    [ORB options]
// Warms up, then times each call of one Cubit operation (or of all of them) and prints
// count, p50, p90, p99, p99.9 and max latency in microseconds and calls per second. A
// result that is not the cube of the argument is an error (exit 1). --sync-scope and
// --timeout-ms set a Messaging SyncScope and RelativeRoundtripTimeout on the reference; a
// call that times out prints "rtorb-cubit-client: TIMEOUT (minor ...)" and exits 1.
#include <rtorb/corba/orb.hpp>
#include <rtorb/messaging/messaging.hpp>

#include <iostream>
#include <memory>

#include "client_driver.hpp"
#include "cubitC.h"

namespace {

using cubit::cube;
using cubit::require;

std::function<void(std::size_t)> make_call(const IDL::traits<Cubit>::ref_type& target,
                                           const std::string& operation, std::size_t seq_len) {
  if (operation == "cube_void") return [=](std::size_t) { target->cube_void(); };
  if (operation == "cube_octet") {
    return [=](std::size_t i) {
      const auto o = static_cast<std::uint8_t>(i);
      require(target->cube_octet(o) == cube(o), operation);
    };
  }
  if (operation == "cube_long") {
    return [=](std::size_t i) {
      const auto l = static_cast<std::int32_t>(i);
      require(target->cube_long(l) == cube(l), operation);
    };
  }
  if (operation == "cube_struct") {
    return [=](std::size_t i) {
      const Cubit::Many m(static_cast<std::uint8_t>(i), static_cast<std::int32_t>(i),
                          static_cast<std::int16_t>(i));
      const Cubit::Many r = target->cube_struct(m);
      require(r.o() == cube(m.o()) && r.l() == cube(m.l()) && r.s() == cube(m.s()), operation);
    };
  }
  if (operation == "cube_long_sequence") {
    // Filled once: only the first element changes per call, so the timed call is the
    // ORB's work and not the making of test data (which the raw baseline does not do).
    auto input = std::make_shared<Cubit::LongSeq>(seq_len);
    for (std::size_t k = 0; k < input->size(); ++k) (*input)[k] = static_cast<std::int32_t>(k + 1);
    return [=](std::size_t i) {
      if (!input->empty()) input->front() = static_cast<std::int32_t>(i);
      const Cubit::LongSeq r = target->cube_long_sequence(*input);
      require(r.size() == input->size() &&
                  (r.empty() || (r.front() == cube(input->front()) && r.back() == cube(input->back()))),
              operation);
    };
  }
  if (operation == "ping_oneway") return [=](std::size_t) { target->ping_oneway(); };
  return [=](std::size_t i) { target->cube_oneway(static_cast<std::int32_t>(i)); };
}

// The reference with the Messaging policies the options ask for.
IDL::traits<Cubit>::ref_type with_policies(CORBA::ORB& orb, IDL::traits<Cubit>::ref_type target,
                                           const cubit::ClientOptions& options) {
  CORBA::PolicyList policies;
  if (!options.sync_scope.empty()) {
    const Messaging::SyncScope scope = options.sync_scope == "none"        ? Messaging::SYNC_NONE
                                       : options.sync_scope == "transport" ? Messaging::SYNC_WITH_TRANSPORT
                                       : options.sync_scope == "server"    ? Messaging::SYNC_WITH_SERVER
                                                                           : Messaging::SYNC_WITH_TARGET;
    CORBA::Any value;
    value.insert(scope);
    policies.push_back(orb.create_policy(Messaging::SYNC_SCOPE_POLICY_TYPE, value));
  }
  if (options.timeout_ms > 0) {
    CORBA::Any value;
    value.insert(static_cast<TimeBase::TimeT>(options.timeout_ms) * 10'000);  // 100 ns units
    policies.push_back(orb.create_policy(Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, value));
  }
  if (policies.empty()) return target;
  return IDL::traits<Cubit>::narrow(
      target->_set_policy_overrides(policies, CORBA::SetOverrideType::ADD_OVERRIDE));
}

}  // namespace

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    const auto options = cubit::parse_client_options(argc, argv, "rtorb-cubit-client");
    auto target = IDL::traits<Cubit>::narrow(orb->string_to_object(options.reference));
    if (!target) {
      std::cerr << "rtorb-cubit-client: the reference is not a Cubit\n";
      return 1;
    }
    target = with_policies(*orb, target, options);
    auto call_of = [&](const std::string& op) {
      return make_call(target, op, options.seq_len);
    };
    cubit::run_operations(options, call_of, [&] { target->cube_void(); });
    if (options.shutdown) target->shutdown();
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "rtorb-cubit-client: " << e.what() << '\n';
  } catch (const std::exception& e) {
    std::cerr << "rtorb-cubit-client: " << e.what() << '\n';
  }
  return 1;
}
