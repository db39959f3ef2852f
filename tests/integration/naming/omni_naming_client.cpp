// omniORB peer of the naming tests: drives a Naming Service with omniORB's own CosNaming
// stubs and prints one line per step; any exception prints "exception <name>" and exits 1.
//
//   omni-naming-client -ORBInitRef NameService=corbaloc::127.0.0.1:PORT/NameService
//
// Steps: bind_new_context omni, bind omni/self.ref (the root itself), resolve it, list the
// root (with an iterator), resolve_str and to_name/to_url through NamingContextExt, NotFound.
#include <omniORB4/CORBA.h>
#include <omniORB4/Naming.hh>

#include <cstdio>

namespace {

CosNaming::Name name_of(const char* id, const char* kind) {
  CosNaming::Name n;
  n.length(1);
  n[0].id = id;
  n[0].kind = kind;
  return n;
}

void run(CORBA::ORB_ptr orb) {
  CORBA::Object_var object = orb->resolve_initial_references("NameService");
  CosNaming::NamingContextExt_var root = CosNaming::NamingContextExt::_narrow(object);
  if (CORBA::is_nil(root)) {
    std::printf("not a NamingContextExt\n");
    return;
  }
  CosNaming::NamingContext_var omni = root->bind_new_context(name_of("omni", ""));
  std::printf("bind_new_context ok\n");
  omni->bind(name_of("self", "ref"), root);
  // What comes back is the root (bound as omniORB holds it: the corbaloc reference or
  // where it was forwarded), so it answers as the root.
  CORBA::Object_var back = root->resolve_str("omni/self.ref");
  CosNaming::NamingContextExt_var again = CosNaming::NamingContextExt::_narrow(back);
  CORBA::Object_var omni_again = again->resolve_str("omni");
  std::printf("resolve_str %s\n", omni_again->_is_equivalent(omni) ? "same" : "different");
  CosNaming::Name_var parsed = root->to_name("a\\/b.c/d");
  std::printf("to_name %u %s %s\n", static_cast<unsigned>(parsed->length()),
              static_cast<const char*>(parsed[0].id), static_cast<const char*>(parsed[0].kind));
  CORBA::String_var url = root->to_url(":127.0.0.1:1", "x y");
  std::printf("to_url %s\n", static_cast<const char*>(url));
  for (int i = 0; i < 5; ++i) {
    char id[16];
    std::snprintf(id, sizeof id, "n%d", i);
    root->bind(name_of(id, ""), root);
  }
  CosNaming::BindingList_var list;
  CosNaming::BindingIterator_var iterator;
  root->list(2, list, iterator);
  unsigned total = list->length();
  CosNaming::Binding_var one;
  while (!CORBA::is_nil(iterator) && iterator->next_one(one)) ++total;
  if (!CORBA::is_nil(iterator)) iterator->destroy();
  std::printf("list %u first %u\n", total, static_cast<unsigned>(list->length()));
  try {
    root->resolve_str("omni/missing");
  } catch (const CosNaming::NamingContext::NotFound& e) {
    std::printf("NotFound %d %u\n", static_cast<int>(e.why), static_cast<unsigned>(e.rest_of_name.length()));
  }
}

}  // namespace

int main(int argc, char** argv) {
  try {
    CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
    run(orb);
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::printf("exception %s\n", e._name());
    return 1;
  }
}
