#include "backend/operations.hpp"

#include <algorithm>

#include "backend/cpp_mapping.hpp"

namespace rtorb::idl::backend {
namespace {

Operation from_operation(const OperationDecl& decl, const InterfaceDecl& owner) {
  Operation op;
  op.wire_name = decl.name;
  op.cpp_name = cpp_name(decl);
  op.skeleton = "rtorb_skel_op_" + decl.name;
  const bool is_void = decl.return_type->kind == TypeKind::primitive &&
                       decl.return_type->primitive == PrimitiveKind::void_type;
  op.result = is_void ? nullptr : decl.return_type.get();
  for (const Parameter& p : decl.parameters)
    op.arguments.push_back({p.direction, p.type.get(), cpp_name(p.name)});
  op.raises.assign(decl.raises.begin(), decl.raises.end());
  op.oneway = decl.oneway;
  op.owner = &owner;
  op.doc_comment = decl.doc_comment;
  return op;
}

void from_attribute(const AttributeDecl& decl, const InterfaceDecl& owner,
                    std::vector<Operation>& out) {
  Operation get;
  get.wire_name = "_get_" + decl.name;
  get.cpp_name = cpp_name(decl);
  get.skeleton = "rtorb_skel_get_" + decl.name;
  get.result = decl.type.get();
  get.raises.assign(decl.get_raises.begin(), decl.get_raises.end());
  get.owner = &owner;
  get.doc_comment = decl.doc_comment;
  out.push_back(get);
  if (decl.readonly) return;
  Operation set;
  set.wire_name = "_set_" + decl.name;
  set.cpp_name = get.cpp_name;
  set.skeleton = "rtorb_skel_set_" + decl.name;
  set.arguments.push_back({ParamDirection::in, decl.type.get(), "value"});
  set.raises.assign(decl.set_raises.begin(), decl.set_raises.end());
  set.owner = &owner;
  out.push_back(set);
}

void collect_ancestors(const InterfaceDecl& decl, std::vector<const InterfaceDecl*>& out) {
  for (const InterfaceDecl* base : decl.bases) {
    if (std::find(out.begin(), out.end(), base) != out.end()) continue;
    out.push_back(base);
    collect_ancestors(*base, out);
  }
}

std::string argument_type(const Argument& a) {
  const std::string type = cpp_type(*a.type);
  if (a.direction != ParamDirection::in) return type + "&";
  return is_by_value(*a.type) ? type : "const " + type + "&";
}

}  // namespace

std::vector<Operation> own_operations(const InterfaceDecl& decl) {
  std::vector<Operation> out;
  for (const auto& child : decl.contents) {
    if (const auto* op = child->as<OperationDecl>()) out.push_back(from_operation(*op, decl));
    if (const auto* attr = child->as<AttributeDecl>()) from_attribute(*attr, decl, out);
  }
  return out;
}

std::vector<const InterfaceDecl*> ancestors(const InterfaceDecl& decl) {
  std::vector<const InterfaceDecl*> out;
  collect_ancestors(decl, out);
  return out;
}

std::vector<Operation> all_operations(const InterfaceDecl& decl) {
  std::vector<Operation> out = own_operations(decl);
  for (const InterfaceDecl* base : ancestors(decl)) {
    for (Operation& op : own_operations(*base)) out.push_back(std::move(op));
  }
  return out;
}

std::vector<std::string> is_a_ids(const InterfaceDecl& decl) {
  std::vector<std::string> ids{decl.repository_id};
  for (const InterfaceDecl* base : ancestors(decl)) ids.push_back(base->repository_id);
  ids.emplace_back("IDL:omg.org/CORBA/Object:1.0");
  return ids;
}

std::string result_type(const Operation& op) {
  return op.result == nullptr ? "void" : cpp_type(*op.result);
}

std::string signature(const Operation& op, const std::string& owner) {
  std::string text = result_type(op) + " " + owner + op.cpp_name + "(";
  for (std::size_t i = 0; i < op.arguments.size(); ++i) {
    text += (i > 0 ? ", " : "") + argument_type(op.arguments[i]) + " " + op.arguments[i].name;
  }
  return text + ")";
}

std::string local_name(const Operation& op, const std::string& base) {
  std::string name = base;
  const auto taken = [&](const std::string& n) {
    return std::any_of(op.arguments.begin(), op.arguments.end(),
                       [&](const Argument& a) { return a.name == n; });
  };
  while (taken(name)) name += "_";
  return name;
}

}  // namespace rtorb::idl::backend
