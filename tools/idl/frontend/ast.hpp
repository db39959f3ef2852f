// The checked abstract syntax tree the front end hands to back ends.
//
// Ownership: every node is owned by exactly one std::unique_ptr in its parent; every other
// pointer (Type::declaration, InterfaceDecl::bases, ...) is a non-owning reference into the
// same tree. Declarations keep source order, so a back end walks `contents` top to bottom.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "frontend/const_value.hpp"
#include "frontend/source_location.hpp"

namespace rtorb::idl {

struct Decl;
struct Scope;

enum class PrimitiveKind {
  boolean, octet, character, wide_character, int16, uint16, int32, uint32, int64, uint64,
  float32, float64, float128, any, object, value_base, type_code, void_type,
};

enum class TypeKind { primitive, string, wide_string, fixed, sequence, array, named };

// A type as written at a use site. Anonymous types (sequence<long, 10>, string<5>,
// arrays from declarators) are trees of Type; named types point at their declaration.
struct Type {
  TypeKind kind = TypeKind::primitive;
  PrimitiveKind primitive = PrimitiveKind::int32;
  std::uint64_t bound = 0;                  // string, wide_string, sequence; 0 = unbounded
  std::vector<std::uint64_t> dimensions;    // array, outermost first
  std::unique_ptr<Type> element;            // sequence, array
  int digits = 0;                           // fixed<digits, scale>
  int scale = 0;
  Decl* declaration = nullptr;              // named: typedef, struct, union, enum,
                                            // interface, valuetype, native or forward

  [[nodiscard]] std::unique_ptr<Type> clone() const;
};

enum class DeclKind {
  module, interface, forward, structure, union_type, union_case, enumeration, enumerator,
  typedef_decl, constant, exception, member, attribute, operation, native, value_type,
  value_box, state_member, factory,
};

struct Decl {
  Decl(DeclKind k, std::string n, SourceLocation w) : kind(k), name(std::move(n)), where(std::move(w)) {}
  virtual ~Decl() = default;
  Decl(const Decl&) = delete;
  Decl& operator=(const Decl&) = delete;

  DeclKind kind;
  std::string name;               // without the escaping underscore
  SourceLocation where;
  Decl* parent = nullptr;         // enclosing module/interface/struct/...; null for the root
  std::string repository_id;      // IDL:prefix/Scoped/Name:1.0 (or as #pragma ID set it)
  std::string doc_comment;        // the doc comment written right before the declaration
  bool in_main_file = true;       // false for declarations from #included files

  // "::A::B::name"
  [[nodiscard]] std::string scoped_name() const;

  template <class T> [[nodiscard]] T* as() { return kind == T::static_kind ? static_cast<T*>(this) : nullptr; }
  template <class T> [[nodiscard]] const T* as() const { return kind == T::static_kind ? static_cast<const T*>(this) : nullptr; }
};

// A declaration that opens a naming scope; contents hold nested declarations in order.
struct ScopeDecl : Decl {
  using Decl::Decl;
  std::vector<std::unique_ptr<Decl>> contents;
  Scope* scope = nullptr;         // symbol table of this scope (shared by reopened modules)
  std::string type_prefix;        // set by `typeprefix`
};

struct ModuleDecl : ScopeDecl {
  static constexpr DeclKind static_kind = DeclKind::module;
  ModuleDecl(std::string n, SourceLocation w) : ScopeDecl(static_kind, std::move(n), std::move(w)) {}
};

enum class InterfaceFlavor { unconstrained, abstract, local };

// One operation or attribute accessor of an interface with AMI callbacks, as the implied
// IDL (CORBA Messaging 22.7) names it: the stub's `sendc_name`, and the reply handler's
// `reply_name` and `excep_name` operations.
struct AmiOperation {
  std::string sendc_name;            // sendc_op, sendc_get_a, sendc_set_a (ami_ inserted on clashes)
  std::string sendp_name;            // sendp_op, sendp_get_a, sendp_set_a (the same way)
  std::string reply_name;            // op, get_a, set_a
  std::string excep_name;            // op_excep, get_a_excep, set_a_excep
  const struct OperationDecl* operation = nullptr;   // or
  const struct AttributeDecl* attribute = nullptr;   // with
  bool setter = false;
};

struct InterfaceDecl : ScopeDecl {
  static constexpr DeclKind static_kind = DeclKind::interface;
  InterfaceDecl(std::string n, SourceLocation w) : ScopeDecl(static_kind, std::move(n), std::move(w)) {}
  InterfaceFlavor flavor = InterfaceFlavor::unconstrained;
  std::vector<InterfaceDecl*> bases;
  // AMI (implied_ami.hpp): `ami` asks for callbacks (#pragma ami or rtorb-idl --ami);
  // then `ami_handler` is the implied AMI_<I>Handler and `ami_operations` what it and the
  // sendc_ stubs hold. On the handler, `ami_for` is the interface it serves.
  bool ami = false;
  InterfaceDecl* ami_handler = nullptr;
  std::vector<AmiOperation> ami_operations;
  std::string ami_poller;  // AMI_<I>Poller (AMI_ prepended until unique): the polling valuetype
  std::string ami_poller_id;  // its repository id, a sibling of I's
  const InterfaceDecl* ami_for = nullptr;
  // AMH (asynchronous method handling, #pragma amh or rtorb-idl --amh): the servant side
  // gets POA::AMH_<I> and AMH_<I>ResponseHandler beside I's own skeleton.
  bool amh = false;
};

// `interface I;`, `struct S;`, `union U;`, `valuetype V;`; definition is null until defined.
struct ForwardDecl : Decl {
  static constexpr DeclKind static_kind = DeclKind::forward;
  ForwardDecl(DeclKind target, std::string n, SourceLocation w)
      : Decl(static_kind, std::move(n), std::move(w)), target_kind(target) {}
  DeclKind target_kind;           // interface, structure, union_type or value_type
  InterfaceFlavor flavor = InterfaceFlavor::unconstrained;  // interfaces and abstract values
  Decl* definition = nullptr;
};

struct StructDecl : ScopeDecl {
  static constexpr DeclKind static_kind = DeclKind::structure;
  StructDecl(std::string n, SourceLocation w) : ScopeDecl(static_kind, std::move(n), std::move(w)) {}
  [[nodiscard]] std::vector<const struct MemberDecl*> members() const;
};

struct ExceptionDecl : ScopeDecl {
  static constexpr DeclKind static_kind = DeclKind::exception;
  ExceptionDecl(std::string n, SourceLocation w) : ScopeDecl(static_kind, std::move(n), std::move(w)) {}
  [[nodiscard]] std::vector<const struct MemberDecl*> members() const;
};

// A field of a struct or exception (one per declarator).
struct MemberDecl : Decl {
  static constexpr DeclKind static_kind = DeclKind::member;
  MemberDecl(std::string n, SourceLocation w) : Decl(static_kind, std::move(n), std::move(w)) {}
  std::unique_ptr<Type> type;
};

struct UnionLabel {
  bool is_default = false;
  ConstValue value;               // converted to the discriminator type
  SourceLocation where;
};

struct UnionCaseDecl : Decl {
  static constexpr DeclKind static_kind = DeclKind::union_case;
  UnionCaseDecl(std::string n, SourceLocation w) : Decl(static_kind, std::move(n), std::move(w)) {}
  std::vector<UnionLabel> labels;
  std::unique_ptr<Type> type;
};

struct UnionDecl : ScopeDecl {
  static constexpr DeclKind static_kind = DeclKind::union_type;
  UnionDecl(std::string n, SourceLocation w) : ScopeDecl(static_kind, std::move(n), std::move(w)) {}
  std::unique_ptr<Type> discriminator;
  [[nodiscard]] std::vector<const UnionCaseDecl*> cases() const;
};

struct EnumeratorDecl : Decl {
  static constexpr DeclKind static_kind = DeclKind::enumerator;
  EnumeratorDecl(std::string n, SourceLocation w) : Decl(static_kind, std::move(n), std::move(w)) {}
  std::uint32_t index = 0;
  const struct EnumDecl* owner = nullptr;
};

struct EnumDecl : Decl {
  static constexpr DeclKind static_kind = DeclKind::enumeration;
  EnumDecl(std::string n, SourceLocation w) : Decl(static_kind, std::move(n), std::move(w)) {}
  std::vector<std::unique_ptr<EnumeratorDecl>> enumerators;
};

// One per declarator: `typedef long A, B[2];` gives two.
struct TypedefDecl : Decl {
  static constexpr DeclKind static_kind = DeclKind::typedef_decl;
  TypedefDecl(std::string n, SourceLocation w) : Decl(static_kind, std::move(n), std::move(w)) {}
  std::unique_ptr<Type> type;
};

struct ConstDecl : Decl {
  static constexpr DeclKind static_kind = DeclKind::constant;
  ConstDecl(std::string n, SourceLocation w) : Decl(static_kind, std::move(n), std::move(w)) {}
  std::unique_ptr<Type> type;
  ConstValue value;
};

struct NativeDecl : Decl {
  static constexpr DeclKind static_kind = DeclKind::native;
  NativeDecl(std::string n, SourceLocation w) : Decl(static_kind, std::move(n), std::move(w)) {}
};

// One per declarator: `readonly attribute long a, b;` gives two.
struct AttributeDecl : Decl {
  static constexpr DeclKind static_kind = DeclKind::attribute;
  AttributeDecl(std::string n, SourceLocation w) : Decl(static_kind, std::move(n), std::move(w)) {}
  std::unique_ptr<Type> type;
  bool readonly = false;
  std::vector<ExceptionDecl*> get_raises;   // `raises` of a readonly attribute lands here
  std::vector<ExceptionDecl*> set_raises;
};

enum class ParamDirection { in, out, inout };

struct Parameter {
  ParamDirection direction = ParamDirection::in;
  std::unique_ptr<Type> type;
  std::string name;
  SourceLocation where;
};

struct OperationDecl : Decl {
  static constexpr DeclKind static_kind = DeclKind::operation;
  OperationDecl(std::string n, SourceLocation w) : Decl(static_kind, std::move(n), std::move(w)) {}
  bool oneway = false;
  std::unique_ptr<Type> return_type;      // primitive void_type for void
  std::vector<Parameter> parameters;
  std::vector<ExceptionDecl*> raises;
  std::vector<std::string> contexts;
};

struct ValueTypeDecl : ScopeDecl {
  static constexpr DeclKind static_kind = DeclKind::value_type;
  ValueTypeDecl(std::string n, SourceLocation w) : ScopeDecl(static_kind, std::move(n), std::move(w)) {}
  bool is_abstract = false;
  bool is_custom = false;
  bool is_truncatable = false;            // applies to the first base
  std::vector<ValueTypeDecl*> bases;
  std::vector<InterfaceDecl*> supports;
};

struct ValueBoxDecl : Decl {
  static constexpr DeclKind static_kind = DeclKind::value_box;
  ValueBoxDecl(std::string n, SourceLocation w) : Decl(static_kind, std::move(n), std::move(w)) {}
  std::unique_ptr<Type> boxed;
};

struct StateMemberDecl : Decl {
  static constexpr DeclKind static_kind = DeclKind::state_member;
  StateMemberDecl(std::string n, SourceLocation w) : Decl(static_kind, std::move(n), std::move(w)) {}
  bool is_public = false;
  std::unique_ptr<Type> type;
};

struct FactoryDecl : Decl {
  static constexpr DeclKind static_kind = DeclKind::factory;
  FactoryDecl(std::string n, SourceLocation w) : Decl(static_kind, std::move(n), std::move(w)) {}
  std::vector<Parameter> parameters;      // all `in`
  std::vector<ExceptionDecl*> raises;
};

// Follows typedefs (not forwards) to the type underneath.
const Type& resolve_alias(const Type& type);

// Follows a forward declaration to its definition (itself if not a forward or undefined).
const Decl* resolve_forward(const Decl* decl);

// The type spelled as in IDL, with scoped names: "sequence<::M::S, 10>".
std::string type_name(const Type& type);

}  // namespace rtorb::idl
