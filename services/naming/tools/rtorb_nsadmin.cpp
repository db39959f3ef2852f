// rtorb-nsadmin [ORB options] COMMAND ...: a Naming Service client in the spirit of
// omniORB's nameclt. Names use the stringified syntax ("a/b.kind"); the service is
// resolve_initial_references("NameService"): -ORBInitRef NameService=corbaloc::host:port/NameService
// or -ORBDefaultInitRef corbaloc::host:port. Exit status: 0 done, 1 the service refused
// (NotFound, AlreadyBound ...) or could not be reached, 2 bad usage.
#include <rtorb/corba/orb.hpp>
#include <rtorb/naming/name_syntax.hpp>

#include <cstring>
#include <iostream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "CosNamingC.h"

namespace {

using CosNaming::NamingContext;
using ContextRef = IDL::traits<NamingContext>::ref_type;

constexpr const char* usage =
    "usage: rtorb-nsadmin [ORB options] COMMAND\n"
    "  bind NAME IOR       bind an object (any string string_to_object takes)\n"
    "  rebind NAME IOR     bind or replace an object\n"
    "  bind_context NAME IOR   bind an existing naming context\n"
    "  rebind_context NAME IOR bind or replace a naming context\n"
    "  mkcontext NAME      make a new context bound to NAME\n"
    "  new_context         make a new context bound to no name; print its IOR\n"
    "  unbind NAME         remove a binding\n"
    "  resolve NAME        print the IOR bound to NAME\n"
    "  list [NAME]         list a context (the root by default); contexts end in '/'\n"
    "  destroy NAME        unbind NAME and destroy the (empty) context it names\n"
    "names look like a/b.kind; the service comes from -ORBInitRef NameService=URL\n"
    "or -ORBDefaultInitRef corbaloc::host:port\n"
    "  -h, --help          print this help and exit\n"
    "exit status: 0 done, 1 the service refused or could not be reached, 2 bad usage\n";

// Each command's fewest and most operands, so that bad usage is caught before the service
// is looked up (which may connect).
const std::map<std::string, std::pair<std::size_t, std::size_t>> operand_counts{
    {"bind", {2, 2}},   {"rebind", {2, 2}},    {"bind_context", {2, 2}}, {"rebind_context", {2, 2}},
    {"mkcontext", {1, 1}}, {"new_context", {0, 0}}, {"unbind", {1, 1}},  {"resolve", {1, 1}},
    {"list", {0, 1}},   {"destroy", {1, 1}}};

bool asks_for_help(int argc, char* argv[]) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) return true;
  }
  return false;
}

// The complaint about args (what ORB_init left of argv), or "" if they make a command.
std::string usage_problem(const std::vector<std::string>& args) {
  if (args.empty()) return "no command given";
  const auto found = operand_counts.find(args[0]);
  if (found == operand_counts.end()) return "unknown command '" + args[0] + "'";
  const auto operands = args.size() - 1;
  if (operands < found->second.first || operands > found->second.second) {
    return "wrong number of operands for '" + args[0] + "'";
  }
  return {};
}

const char* reason(NamingContext::NotFoundReason why) {
  switch (why) {
    case NamingContext::NotFoundReason::missing_node: return "missing node";
    case NamingContext::NotFoundReason::not_context: return "not a context";
    case NamingContext::NotFoundReason::not_object: return "not an object";
  }
  return "?";
}

void list(const ContextRef& context) {
  CosNaming::BindingList bindings;
  IDL::traits<CosNaming::BindingIterator>::ref_type iterator;
  context->list(1000, bindings, iterator);
  const auto print = [](const CosNaming::BindingList& some) {
    for (const auto& b : some) {
      std::cout << rtorb::naming::to_string(b.binding_name())
                << (b.binding_type() == CosNaming::BindingType::ncontext ? "/" : "") << '\n';
    }
  };
  print(bindings);
  if (!iterator) return;
  while (iterator->next_n(1000, bindings)) print(bindings);
  iterator->destroy();
}

int run(const CORBA::object_reference<CORBA::ORB>& orb, const std::vector<std::string>& args) {
  const auto& command = args[0];
  const auto arity = args.size() - 1;
  auto root = IDL::traits<NamingContext>::narrow(orb->resolve_initial_references("NameService"));
  if (!root) {
    std::cerr << "rtorb-nsadmin: the NameService reference is not a naming context\n";
    return 1;
  }
  const auto name = [&] { return rtorb::naming::to_name(args.at(1)); };
  if ((command == "bind" || command == "rebind") && arity == 2) {
    const auto object = orb->string_to_object(args[2]);
    if (command == "bind") root->bind(name(), object);
    if (command == "rebind") root->rebind(name(), object);
  } else if ((command == "bind_context" || command == "rebind_context") && arity == 2) {
    auto context = IDL::traits<NamingContext>::narrow(orb->string_to_object(args[2]));
    if (!context) {
      std::cerr << "rtorb-nsadmin: " << args[2] << " is not a naming context\n";
      return 1;
    }
    if (command == "bind_context") root->bind_context(name(), context);
    if (command == "rebind_context") root->rebind_context(name(), context);
  } else if (command == "new_context" && arity == 0) {
    std::cout << orb->object_to_string(root->new_context()) << '\n';
  } else if (command == "mkcontext" && arity == 1) {
    root->bind_new_context(name());
  } else if (command == "unbind" && arity == 1) {
    root->unbind(name());
  } else if (command == "resolve" && arity == 1) {
    std::cout << orb->object_to_string(root->resolve(name())) << '\n';
  } else if (command == "list" && arity <= 1) {
    list(arity == 0 ? root : IDL::traits<NamingContext>::narrow(root->resolve(name())));
  } else if (command == "destroy" && arity == 1) {
    auto context = IDL::traits<NamingContext>::narrow(root->resolve(name()));
    if (!context) {
      std::cerr << "rtorb-nsadmin: " << args[1] << " is not a naming context\n";
      return 1;
    }
    context->destroy();
    root->unbind(name());
  } else {
    std::cerr << usage;
    return 2;
  }
  return 0;
}

}  // namespace

int main(int argc, char* argv[]) {
  if (asks_for_help(argc, argv)) {
    std::cout << usage;
    return 0;
  }
  CORBA::object_reference<CORBA::ORB> orb;
  int status = 1;
  try {
    orb = CORBA::ORB_init(argc, argv);
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (const std::string problem = usage_problem(args); !problem.empty()) {
      std::cerr << "rtorb-nsadmin: " << problem << '\n' << usage;
      status = 2;
    } else {
      status = run(orb, args);
    }
  } catch (const NamingContext::NotFound& e) {
    std::cerr << "rtorb-nsadmin: not found (" << reason(e.why()) << ")";
    if (!e.rest_of_name().empty()) {
      std::cerr << ": " << rtorb::naming::to_string(e.rest_of_name());
    }
    std::cerr << '\n';
  } catch (const NamingContext::AlreadyBound&) {
    std::cerr << "rtorb-nsadmin: already bound\n";
  } catch (const NamingContext::InvalidName&) {
    std::cerr << "rtorb-nsadmin: invalid name\n";
  } catch (const NamingContext::NotEmpty&) {
    std::cerr << "rtorb-nsadmin: the context is not empty\n";
  } catch (const NamingContext::CannotProceed& e) {
    std::cerr << "rtorb-nsadmin: cannot proceed at " << rtorb::naming::to_string(e.rest_of_name()) << '\n';
  } catch (const CORBA::ORB::InvalidName&) {
    std::cerr << "rtorb-nsadmin: no NameService reference: give -ORBInitRef NameService=URL "
                 "or -ORBDefaultInitRef corbaloc::host:port\n";
  } catch (const CORBA::Exception& e) {
    std::cerr << "rtorb-nsadmin: " << e.what() << '\n';
  }
  if (orb) orb->destroy();
  return status;
}
