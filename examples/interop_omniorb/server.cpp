// store-server IOR-FILE [-ORB options]: an rtorb server of Inventory::Store (apples and
// bread in stock) that writes its reference to IOR-FILE. Nothing in it is specific to
// omniORB clients: any ORB that speaks GIOP can call it.
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <string>

#include "storeS.h"

namespace {

class StoreServant final : public CORBA::servant_traits<Inventory::Store>::base_type {
 public:
  Inventory::Items list() override {
    Inventory::Items items;
    for (const auto& [name, quantity] : stock_) items.emplace_back(name, quantity);
    return items;
  }

  std::uint32_t take(const std::string& name, std::uint32_t quantity) override {
    const auto item = stock_.find(name);
    if (item == stock_.end()) throw Inventory::Unknown(name);
    item->second -= std::min(item->second, quantity);
    return item->second;
  }

 private:
  std::map<std::string, std::uint32_t> stock_{{"apples", 12}, {"bread", 4}};
};

}  // namespace

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    if (argc != 2) {
      std::cerr << "usage: store-server IOR-FILE [-ORB options]\n";
      return 2;
    }
    auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    poa->the_POAManager()->activate();
    auto store = poa->servant_to_reference(CORBA::make_reference<StoreServant>());

    const std::string partial = std::string(argv[1]) + ".partial";
    std::ofstream(partial) << orb->object_to_string(store) << '\n';
    std::rename(partial.c_str(), argv[1]);

    orb->run();
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "store-server: " << e.what() << '\n';
    return 1;
  }
}
