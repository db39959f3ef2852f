// register_orb_initializer and what ORB_init does with the initializers: an ORBInitInfo
// for the new ORB, every pre_init, every post_init, then the interceptors they added made
// the ORB's InterceptionChain, fixed from then on. The list of initializers is the one
// process-wide table the chapter asks for (they apply to every ORB made later).
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/interceptors/portable_interceptor.hpp>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/linked_layer.hpp"
#include "core/orb_context.hpp"
#include "core/orb_options.hpp"
#include "core/seams/seam_registry.hpp"
#include "interceptors/interception_chain.hpp"
#include "interceptors/request_contexts.hpp"

namespace rtorb::interceptors {
namespace {

namespace PI = PortableInterceptor;

struct InitializerTable {
  std::mutex mutex;
  std::vector<CORBA::object_reference<PI::ORBInitializer>> initializers;  // (mutex)
};

InitializerTable& initializer_table() {
  static InitializerTable table;
  return table;
}

std::vector<CORBA::object_reference<PI::ORBInitializer>> registered_initializers() {
  InitializerTable& table = initializer_table();
  std::lock_guard lock(table.mutex);
  return table.initializers;
}

// Two interceptors of one kind may not share a name; anonymous ones (empty) may.
template <class List>
void check_unique_name(const List& list, const std::string& name) {
  if (name.empty()) return;
  for (const auto& interceptor : list) {
    if (interceptor->name() == name) throw PI::ORBInitInfo::DuplicateName(name);
  }
}

// Used by one thread, inside ORB_init; afterwards every operation raises OBJECT_NOT_EXIST
// (OMG minor 6), as the chapter says.
class OrbInitInfo final : public PI::ORBInitInfo {
 public:
  explicit OrbInitInfo(orb::OrbContext& orb) : orb_(orb) {}

  std::vector<std::string> arguments() override { return live().options().arguments; }
  std::string orb_id() override { return std::string(live().id()); }
  void register_initial_reference(const ObjectId& id,
                                  CORBA::object_reference<CORBA::Object> obj) override {
    orb::OrbContext& orb = live();
    if (id.empty() || orb.seams().initial_reference(id)) throw InvalidName();
    if (!obj) {
      raise<CORBA::BAD_PARAM>(minor::omg_vmcid | 27, "register_initial_reference: nil object");
    }
    orb.seams().register_initial_reference(id, [obj] { return obj; });
  }
  CORBA::object_reference<CORBA::Object> resolve_initial_references(const ObjectId& id) override {
    orb::OrbContext& orb = live();
    if (pre_init_) {
      if (auto factory = orb.seams().initial_reference(id)) return (*factory)();
      throw InvalidName();
    }
    try {
      return orb.orb()->resolve_initial_references(id);
    } catch (const CORBA::ORB::InvalidName&) {
      throw InvalidName();
    }
  }
  void add_client_request_interceptor(
      CORBA::object_reference<PI::ClientRequestInterceptor> interceptor) override {
    live();
    check_unique_name(client_, interceptor->name());
    client_.push_back(std::move(interceptor));
  }
  void add_server_request_interceptor(
      CORBA::object_reference<PI::ServerRequestInterceptor> interceptor) override {
    live();
    check_unique_name(server_, interceptor->name());
    server_.push_back(std::move(interceptor));
  }
  PI::SlotId allocate_slot_id() override {
    live();
    return slots_++;
  }

  void post_init_begins() noexcept { pre_init_ = false; }
  // The chain the initializers made; null when they added no interceptor. Ends this info.
  std::shared_ptr<InterceptionChain> finish() {
    done_ = true;
    if (client_.empty() && server_.empty()) return nullptr;
    ChainFacts facts{std::string(orb_.id()), orb_.options().max_message_size, slots_};
    return std::make_shared<InterceptionChain>(std::move(facts), std::move(client_),
                                               std::move(server_));
  }

 private:
  orb::OrbContext& live() {
    if (done_) {
      raise<CORBA::OBJECT_NOT_EXIST>(minor::omg_vmcid | 6, "ORBInitInfo used after ORB_init");
    }
    return orb_;
  }

  orb::OrbContext& orb_;
  bool pre_init_ = true;
  bool done_ = false;
  ClientInterceptors client_;
  ServerInterceptors server_;
  PI::SlotId slots_ = 0;
};

// The ORB's initializer (OrbOptions::initializers): nothing at all when no ORBInitializer
// is registered, so an ORB without interceptors keeps the seam empty.
void run_orb_initializers(orb::OrbContext& orb) {
  const auto initializers = registered_initializers();
  if (initializers.empty()) return;
  auto info = CORBA::make_reference<OrbInitInfo>(orb);
  for (const auto& initializer : initializers) initializer->pre_init(info);
  info->post_init_begins();
  for (const auto& initializer : initializers) initializer->post_init(info);
  if (auto chain = info->finish()) orb.seams().set_request_interception(std::move(chain));
}

orb::LayerSetup register_interceptors_layer(orb::OptionTable&) {
  return [](orb::OrbOptions& options) { options.initializers.push_back(&run_orb_initializers); };
}

}  // namespace
}  // namespace rtorb::interceptors

namespace PortableInterceptor {

void register_orb_initializer(CORBA::object_reference<ORBInitializer> init) {
  if (!init) {
    rtorb::raise<CORBA::BAD_PARAM>(rtorb::minor::bad_param_nil_initializer,
                                   "register_orb_initializer: nil initializer");
  }
  auto& table = rtorb::interceptors::initializer_table();
  std::lock_guard lock(table.mutex);
  table.initializers.push_back(std::move(init));
}

}  // namespace PortableInterceptor

extern "C" const rtorb::orb::LinkedLayer rtorb_interceptors_layer{
    "interceptors", &rtorb::interceptors::register_interceptors_layer};
