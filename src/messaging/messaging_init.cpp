#include "messaging/messaging_init.hpp"

#include <rtorb/messaging/exception_holder.hpp>

#include <memory>

#include "core/orb_options.hpp"
#include "core/orb_parts.hpp"
#include "core/seams/seam_registry.hpp"
#include "core/value_factory_table.hpp"
#include "messaging/buffering_policy.hpp"
#include "messaging/call_policy_reader.hpp"
#include "messaging/messaging_policies.hpp"
#include "messaging/request_expiry.hpp"

namespace rtorb::messaging {

namespace {

// Every ORB can read an ExceptionHolder that another ORB's AMI sent to a handler it serves
// (the spec has the ORB register it, as TAO does); a program may replace it.
class ExceptionHolderFactory final : public CORBA::ValueFactoryBase {
 public:
  CORBA::ValueBase::_ref_type create_for_unmarshal() override {
    return ::Messaging::ExceptionHolder::rtorb_create();
  }
};

}  // namespace

std::function<void(orb::OrbContext&)> make_messaging_initializer() {
  return [](orb::OrbContext& core) {
    orb::SeamRegistry& seams = orb::seams_of(core);
    seams.add_policy_factory(make_messaging_policy_factory());
    seams.add_policy_factory(make_buffering_policy_factory());
    seams.set_call_policy_reader(make_call_policy_reader());
    seams.set_request_admission(std::make_shared<RequestExpiry>(orb::logger_of(core)));
    orb::value_factories_of(core).add(IDL::traits<::Messaging::ExceptionHolder>::repository_id,
                                      CORBA::make_reference<ExceptionHolderFactory>());
  };
}

orb::LayerSetup register_messaging_layer(orb::OptionTable&) {
  return [](orb::OrbOptions& options) {
    options.initializers.push_back(make_messaging_initializer());
  };
}

}  // namespace rtorb::messaging

extern "C" const rtorb::orb::LinkedLayer rtorb_messaging_layer{
    "messaging", &rtorb::messaging::register_messaging_layer};
