#include "frontend/implied_ami.hpp"

#include <algorithm>
#include <cctype>
#include <set>

namespace rtorb::idl {
namespace {

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// What the handlers refer to: the ReplyHandler base and the ExceptionHolder type.
struct MessagingDecls {
  InterfaceDecl* reply_handler = nullptr;
  Decl* exception_holder = nullptr;
};

Decl* find_child(ScopeDecl& scope, const std::string& name) {
  for (auto& child : scope.contents) {
    if (child->name == name && child->kind != DeclKind::forward) return child.get();
  }
  return nullptr;
}

MessagingDecls messaging_decls(Specification& spec) {
  MessagingDecls found;
  auto* module = find_child(*spec.root, "Messaging");
  if (module != nullptr && module->kind == DeclKind::module) {
    auto& m = static_cast<ModuleDecl&>(*module);
    if (Decl* d = find_child(m, "ReplyHandler")) found.reply_handler = d->as<InterfaceDecl>();
    found.exception_holder = find_child(m, "ExceptionHolder");
    if (found.reply_handler != nullptr && found.exception_holder != nullptr) return found;
  }
  // Declared as the runtime header does: not in the main file, so nothing is generated.
  SourceLocation where;
  where.file = std::make_shared<const std::string>(ami_runtime_header);
  auto messaging = std::make_unique<ModuleDecl>("Messaging", where);
  messaging->in_main_file = false;
  messaging->parent = spec.root.get();
  messaging->repository_id = "IDL:omg.org/Messaging:1.0";
  auto holder = std::make_unique<NativeDecl>("ExceptionHolder", where);
  holder->repository_id = "IDL:omg.org/Messaging/ExceptionHolder:1.0";
  auto handler = std::make_unique<InterfaceDecl>("ReplyHandler", where);
  handler->repository_id = "IDL:omg.org/Messaging/ReplyHandler:1.0";
  for (Decl* d : std::initializer_list<Decl*>{holder.get(), handler.get()}) {
    d->in_main_file = false;
    d->parent = messaging.get();
  }
  found.exception_holder = holder.get();
  found.reply_handler = handler.get();
  messaging->contents.push_back(std::move(holder));
  messaging->contents.push_back(std::move(handler));
  spec.root->contents.insert(spec.root->contents.begin(), std::move(messaging));
  return found;
}

// Every name declared in `decl` and the interfaces it inherits from (lower-cased: IDL
// names differing only in case collide).
void collect_names(const InterfaceDecl& decl, std::set<std::string>& names) {
  for (const auto& child : decl.contents) names.insert(lower(child->name));
  for (const InterfaceDecl* base : decl.bases) collect_names(*base, names);
}

// `prefix + name` made unique among `taken` by inserting "ami_" after `prefix` (the spec's
// rule for sendc_ and for the reply handler's operations), and taken.
std::string unique_name(const std::string& prefix, const std::string& rest,
                        std::set<std::string>& taken) {
  std::string infix;
  while (taken.count(lower(prefix + infix + rest)) != 0) infix += "ami_";
  taken.insert(lower(prefix + infix + rest));
  return prefix + infix + rest;
}

std::string unique_excep(const std::string& name, std::set<std::string>& taken) {
  std::string infix;
  while (taken.count(lower(name + "_" + infix + "excep")) != 0) infix += "ami_";
  taken.insert(lower(name + "_" + infix + "excep"));
  return name + "_" + infix + "excep";
}

std::string sibling_id(const Decl& of, const std::string& name) {
  std::string id = of.repository_id;
  const std::string old = "/" + of.name + ":";
  if (auto at = id.rfind(old); at != std::string::npos) return id.replace(at + 1, of.name.size(), name);
  if (id.rfind("IDL:" + of.name + ":", 0) == 0) return id.replace(4, of.name.size(), name);
  return "IDL:" + name + ":1.0";
}

std::string member_id(const Decl& scope, const std::string& name) {
  std::string id = scope.repository_id;
  const auto colon = id.rfind(':');
  if (id.rfind("IDL:", 0) != 0 || colon == std::string::npos || colon < 4) return id;
  return id.insert(colon, "/" + name);
}

std::unique_ptr<Type> void_type() {
  auto t = std::make_unique<Type>();
  t->kind = TypeKind::primitive;
  t->primitive = PrimitiveKind::void_type;
  return t;
}

std::unique_ptr<Type> named(Decl& decl) {
  auto t = std::make_unique<Type>();
  t->kind = TypeKind::named;
  t->declaration = &decl;
  return t;
}

class HandlerBuilder {
 public:
  HandlerBuilder(InterfaceDecl& target, const MessagingDecls& messaging)
      : target_(target), messaging_(messaging) {}

  std::unique_ptr<InterfaceDecl> build(std::set<std::string>& scope_names) {
    std::string name = target_.name + "Handler";
    do name = "AMI_" + name;
    while (scope_names.count(lower(name)) != 0);
    scope_names.insert(lower(name));
    std::string poller = target_.name + "Poller";
    do poller = "AMI_" + poller;
    while (scope_names.count(lower(poller)) != 0);
    scope_names.insert(lower(poller));
    target_.ami_poller = poller;
    target_.ami_poller_id = sibling_id(target_, poller);
    handler_ = std::make_unique<InterfaceDecl>(name, target_.where);
    handler_->parent = target_.parent;
    handler_->in_main_file = target_.in_main_file;
    handler_->repository_id = sibling_id(target_, name);
    handler_->doc_comment = "Reply handler of " + target_.name + "'s AMI calls (the implied IDL).";
    handler_->ami_for = &target_;
    for (InterfaceDecl* base : target_.bases) {
      if (base->ami_handler != nullptr) handler_->bases.push_back(base->ami_handler);
    }
    if (handler_->bases.empty()) handler_->bases.push_back(messaging_.reply_handler);
    for (const InterfaceDecl* base : handler_->bases) collect_names(*base, handler_names_);
    collect_names(target_, stub_names_);
    // The reply operations keep I's operation names, so _excep names must avoid them all.
    for (const auto& child : target_.contents) {
      if (child->kind == DeclKind::operation) handler_names_.insert(lower(child->name));
    }
    for (const auto& child : target_.contents) {
      if (const auto* op = child->as<OperationDecl>(); op != nullptr && !op->oneway) add_operation(*op);
      if (const auto* attr = child->as<AttributeDecl>()) add_attribute(*attr);
    }
    return std::move(handler_);
  }

 private:
  OperationDecl& new_operation(const std::string& name) {
    auto op = std::make_unique<OperationDecl>(name, target_.where);
    op->parent = handler_.get();
    op->in_main_file = handler_->in_main_file;
    op->repository_id = member_id(*handler_, name);
    op->return_type = void_type();
    OperationDecl& ref = *op;
    handler_->contents.push_back(std::move(op));
    return ref;
  }

  void add_parameter(OperationDecl& op, const Type& type, std::string name) {
    Parameter p;
    p.direction = ParamDirection::in;
    p.type = type.clone();
    p.name = std::move(name);
    p.where = op.where;
    op.parameters.push_back(std::move(p));
  }

  void add_excep(const std::string& name) {
    OperationDecl& op = new_operation(name);
    Parameter p;
    p.type = named(*messaging_.exception_holder);
    p.name = "excep_holder";
    p.where = op.where;
    op.parameters.push_back(std::move(p));
  }

  void add_operation(const OperationDecl& source) {
    AmiOperation ami;
    ami.operation = &source;
    ami.sendc_name = unique_name("sendc_", source.name, stub_names_);
    ami.sendp_name = unique_name("sendp_", source.name, stub_names_);
    ami.reply_name = source.name;
    OperationDecl& reply = new_operation(source.name);
    const Type& result = *source.return_type;
    if (!(result.kind == TypeKind::primitive && result.primitive == PrimitiveKind::void_type)) {
      add_parameter(reply, result, "ami_return_val");
    }
    for (const Parameter& p : source.parameters) {
      if (p.direction != ParamDirection::in) add_parameter(reply, *p.type, p.name);
    }
    ami.excep_name = unique_excep(source.name, handler_names_);
    add_excep(ami.excep_name);
    target_.ami_operations.push_back(std::move(ami));
  }

  void add_attribute(const AttributeDecl& attr) {
    AmiOperation get;
    get.attribute = &attr;
    get.sendc_name = unique_name("sendc_get_", attr.name, stub_names_);
    get.sendp_name = unique_name("sendp_get_", attr.name, stub_names_);
    get.reply_name = unique_name("get_", attr.name, handler_names_);
    add_parameter(new_operation(get.reply_name), *attr.type, "ami_return_val");
    get.excep_name = unique_excep(get.reply_name, handler_names_);
    add_excep(get.excep_name);
    target_.ami_operations.push_back(std::move(get));
    if (attr.readonly) return;
    AmiOperation set;
    set.attribute = &attr;
    set.setter = true;
    set.sendc_name = unique_name("sendc_set_", attr.name, stub_names_);
    set.sendp_name = unique_name("sendp_set_", attr.name, stub_names_);
    set.reply_name = unique_name("set_", attr.name, handler_names_);
    new_operation(set.reply_name);
    set.excep_name = unique_excep(set.reply_name, handler_names_);
    add_excep(set.excep_name);
    target_.ami_operations.push_back(std::move(set));
  }

  InterfaceDecl& target_;
  const MessagingDecls& messaging_;
  std::unique_ptr<InterfaceDecl> handler_;
  std::set<std::string> handler_names_;
  std::set<std::string> stub_names_;
};

bool wants_ami(const InterfaceDecl& decl, bool all) {
  return decl.in_main_file && decl.flavor == InterfaceFlavor::unconstrained && (all || decl.ami);
}

bool any_wanted(const ScopeDecl& scope, bool all) {
  for (const auto& child : scope.contents) {
    if (const auto* i = child->as<InterfaceDecl>(); i != nullptr && wants_ami(*i, all)) return true;
    if (const auto* m = child->as<ModuleDecl>(); m != nullptr && any_wanted(*m, all)) return true;
  }
  return false;
}

void add_handlers(ScopeDecl& scope, bool all, const MessagingDecls& messaging) {
  std::set<std::string> names;
  for (const auto& child : scope.contents) names.insert(lower(child->name));
  for (std::size_t i = 0; i < scope.contents.size(); ++i) {
    Decl& child = *scope.contents[i];
    if (auto* m = child.as<ModuleDecl>()) {
      add_handlers(*m, all, messaging);
      continue;
    }
    auto* target = child.as<InterfaceDecl>();
    if (target == nullptr || !wants_ami(*target, all)) continue;
    target->ami = true;
    auto handler = HandlerBuilder(*target, messaging).build(names);
    target->ami_handler = handler.get();
    // Declared ahead of I (its stub's sendc_ operations take one), defined after it.
    auto forward = std::make_unique<ForwardDecl>(DeclKind::interface, handler->name, target->where);
    forward->parent = &scope;
    forward->in_main_file = target->in_main_file;
    forward->repository_id = handler->repository_id;
    forward->definition = handler.get();
    scope.contents.insert(scope.contents.begin() + static_cast<std::ptrdiff_t>(i) + 1, std::move(handler));
    scope.contents.insert(scope.contents.begin() + static_cast<std::ptrdiff_t>(i), std::move(forward));
    i += 2;
  }
}

}  // namespace

void add_implied_ami(Specification& spec, bool all_interfaces, DiagnosticSink&) {
  if (!any_wanted(*spec.root, all_interfaces)) return;
  const MessagingDecls messaging = messaging_decls(spec);
  add_handlers(*spec.root, all_interfaces, messaging);
}

}  // namespace rtorb::idl
