// rtorb-event-service [--ior-file F] [--cos-ior-file G] [--naming] [--dispatching M]
// [--queue-size N] [--full-policy P] [--push-timeout MS] [--state-file S] [ORB options]: the real-time
// Event Service (docs/events.md). Writes the channel's IOR once it answers, binds it as
// EventService with --naming, serves until SIGINT or SIGTERM.
#include <rtorb/corba/ior_table.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/cosevent/event_channel.hpp>
#include <rtorb/events/event_channel.hpp>
#include <rtorb/poa/poa.hpp>

#include <iostream>
#include <memory>
#include <string>

#include "CosNamingC.h"
#include "service_arguments.hpp"
#include "service_program.hpp"

namespace {

using rtorb::events::tool::ServiceArguments;
using OrbRef = CORBA::object_reference<CORBA::ORB>;

// The CosEvent face (services/cosevent, docs/cosevent.md): a CosEventChannelAdmin channel
// beside the real-time one in this process, with --cos-ior-file. It answers at
// corbaloc::host:port/CosEventService and, with --naming, is bound as CosEventService
// (TAO's name). Its IOR is written first, so that once F exists both channels answer.
std::shared_ptr<void> start_cos_event_channel(const OrbRef& orb, const std::string& ior_file, bool naming) {
  if (ior_file.empty()) return nullptr;
  rtorb::cosevent::ChannelOptions options;
  options.corbaloc_key = "CosEventService";
  options.naming_name = "CosEventService";
  auto channel = std::make_shared<rtorb::cosevent::EventChannel>(orb, options);
  if (naming) {
    channel->bind_in_naming(
        IDL::traits<CosNaming::NamingContext>::narrow(orb->resolve_initial_references("NameService")));
  }
  rtorb::services::publish_ior(ior_file, orb->object_to_string(channel->reference()));
  return channel;
}

void bind_in_naming(const OrbRef& orb, const IDL::traits<CORBA::Object>::ref_type& channel) {
  auto root = IDL::traits<CosNaming::NamingContextExt>::narrow(orb->resolve_initial_references("NameService"));
  if (!root) throw std::runtime_error("--naming: NameService is not a NamingContextExt");
  root->rebind(root->to_name("EventService"), channel);
}

// With --state-file the channel's objects keep their ids across restarts: a PERSISTENT,
// USER_ID child POA of the same name in every run (docs/guide/poa-recipes.md).
IDL::traits<PortableServer::POA>::ref_type channel_poa(const IDL::traits<PortableServer::POA>::ref_type& root,
                                                       const ServiceArguments& args) {
  if (args.state_file.empty()) return root;
  CORBA::PolicyList policies{
      root->create_lifespan_policy(PortableServer::LifespanPolicyValue::PERSISTENT),
      root->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID)};
  return root->create_POA("EventService", root->the_POAManager(), policies);
}

// Serves until a stop signal or until the channel is destroyed through its IDL.
int run_service(OrbRef orb, const ServiceArguments& args, const rtorb::services::StopSignals& stop) {
  auto root_poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  rtorb::events::ChannelOptions options;
  options.dispatching = args.dispatching;
  options.push_timeout = args.push_timeout;
  options.state_file = args.state_file;
  auto channel = std::make_unique<rtorb::events::EventChannel>(orb, channel_poa(root_poa, args), options);
  channel->on_destroyed([orb] { orb->shutdown(false); });
  root_poa->the_POAManager()->activate();
  auto table = IDL::traits<IORTable::Table>::narrow(orb->resolve_initial_references("IORTable"));
  table->rebind("EventService", channel->reference());
  auto cos = start_cos_event_channel(orb, args.cos_ior_file, args.naming);
  if (args.naming) bind_in_naming(orb, channel->reference());
  rtorb::services::publish_ior(args.ior_file, orb->object_to_string(channel->reference()));
  stop.serve(orb);
  channel.reset();
  cos.reset();
  orb->destroy();
  return 0;
}

}  // namespace

int main(int argc, char* argv[]) {
  if (rtorb::services::asks_for_help(argc, argv)) {
    std::cout << rtorb::events::tool::usage;
    return 0;
  }
  const rtorb::services::StopSignals stop;
  try {
    rtorb::services::ArgumentsWithServerThreads arguments(argc, argv, 4);
    auto orb = CORBA::ORB_init(arguments.argc(), arguments.argv());
    const auto args = rtorb::events::tool::parse_arguments(arguments.argc(), arguments.argv());
    if (!args) return 2;
    return run_service(orb, *args, stop);
  } catch (const CORBA::Exception& e) {
    std::cerr << "rtorb-event-service: " << e.what() << '\n';
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "rtorb-event-service: " << e.what() << '\n';
    return 1;
  }
}
