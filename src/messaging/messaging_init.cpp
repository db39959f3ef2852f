#include "messaging/messaging_init.hpp"

#include <rtorb/messaging/exception_holder.hpp>

#include <memory>

#include "messaging/buffering_policy.hpp"
#include "messaging/call_policy_reader.hpp"
#include "messaging/messaging_policies.hpp"
#include "messaging/request_expiry.hpp"
#include "orb/orb_options.hpp"

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

std::function<void(orb::OrbCore&)> make_messaging_initializer() {
  return [](orb::OrbCore& core) {
    core.add_policy_factory(make_messaging_policy_factory());
    core.add_policy_factory(make_buffering_policy_factory());
    core.set_call_policy_reader(make_call_policy_reader());
    core.set_request_admission(std::make_shared<RequestExpiry>(core));
    core.value_factories().add(IDL::traits<::Messaging::ExceptionHolder>::repository_id,
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
