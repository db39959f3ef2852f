// CORBA::ORB_init: the orb layer reads argv once against the one option table and builds;
// each layer above it that the program links (the POA, rt, messaging) adds its options and
// setup through its LinkedLayer (docs/footprint.md).
#include <rtorb/corba/orb.hpp>

#include <string>
#include <vector>

#include "core/linked_layer.hpp"
#include "core/orb_options.hpp"
#include "orb/orb_core.hpp"

// Weak: null unless the linker put the layer into the program. A layer's CMake target
// links with --undefined=<its entry point>, so linking the target is what brings it in.
extern "C" {
[[gnu::weak]] extern const rtorb::orb::LinkedLayer rtorb_poa_layer;
[[gnu::weak]] extern const rtorb::orb::LinkedLayer rtorb_rt_layer;
[[gnu::weak]] extern const rtorb::orb::LinkedLayer rtorb_messaging_layer;
[[gnu::weak]] extern const rtorb::orb::LinkedLayer rtorb_interceptors_layer;
}

namespace rtorb::runtime {
namespace {

struct KnownLayer {
  const orb::LinkedLayer* entry;  // null when not linked
  const char* what;               // for the hint on an unknown option
};

// In layer order: a layer's setup may rely on those before it.
std::vector<KnownLayer> known_layers() {
  return {{&rtorb_poa_layer, "the POA: link rtorb::poa"},
          {&rtorb_rt_layer, "Real-time CORBA: link rtorb::rt"},
          {&rtorb_messaging_layer, "CORBA Messaging: link rtorb::messaging"}};
}

// The options of the core and of the linked layers, read from argv once; an unknown one may
// belong to a layer this program does not link, and the message says which to link
// (rtorb::rtorb links them all).
orb::OrbOptions parse_arguments(int& argc, char* argv[]) {
  std::vector<orb::RegisterLayer> linked;
  std::string missing;
  for (const KnownLayer& layer : known_layers()) {
    if (layer.entry != nullptr) {
      linked.push_back(layer.entry->register_options);
    } else {
      missing += std::string(missing.empty() ? "" : "; ") + layer.what;
    }
  }
  // Portable Interceptors add no option: linked or not, no hint names them.
  if (&rtorb_interceptors_layer != nullptr) linked.push_back(rtorb_interceptors_layer.register_options);
  const std::string hint =
      missing.empty() ? std::string() : "or an option of a layer this program does not link: " + missing;
  return orb::parse_orb_arguments(argc, argv, linked, hint);
}

}  // namespace
}  // namespace rtorb::runtime

namespace CORBA {

object_reference<ORB> ORB_init(int& argc, char* argv[], const std::string& orb_id) {
  rtorb::orb::OrbOptions options = rtorb::runtime::parse_arguments(argc, argv);
  if (!orb_id.empty()) options.orb_id = orb_id;
  for (int i = 0; i < argc; ++i) {
    if (argv[i] != nullptr) options.arguments.emplace_back(argv[i]);
  }
  return rtorb::orb::OrbCore::create(std::move(options));
}

}  // namespace CORBA
