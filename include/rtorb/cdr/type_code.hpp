// CORBA::TypeCode: an immutable description of an IDL type, shared between the anys and
// TypeCodes that use it, and its CDR encoding (CORBA 3.x, 9.3.5.1).
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace rtorb::cdr {

// Values are the wire values of the TCKind enum.
enum class TCKind : std::uint32_t {
  tk_null = 0, tk_void, tk_short, tk_long, tk_ushort, tk_ulong, tk_float, tk_double,
  tk_boolean, tk_char, tk_octet, tk_any, tk_TypeCode, tk_Principal, tk_objref, tk_struct,
  tk_union, tk_enum, tk_string, tk_sequence, tk_array, tk_alias, tk_except, tk_longlong,
  tk_ulonglong, tk_longdouble, tk_wchar, tk_wstring, tk_fixed, tk_value, tk_value_box,
  tk_native, tk_abstract_interface, tk_local_interface, tk_component, tk_home, tk_event
};
inline constexpr std::uint32_t tc_kind_count = 37;

class TypeCode;
// TypeCodes are immutable and shared by every any and TypeCode that refers to them.
using TypeCodeRef = std::shared_ptr<const TypeCode>;

// One member of a struct, exception, union or value type. `label` is the union case label
// (the discriminator value, sign-extended for signed types, the ordinal for enums, 0/1 for
// boolean); `visibility` is the value type member's (0 private, 1 public).
struct TypeCodeMember {
  std::string name;
  TypeCodeRef type;
  std::int64_t label = 0;
  std::int16_t visibility = 1;
};

// A type description. Recursive types (a struct holding a sequence of itself) are built
// with recursive(): a placeholder standing for the enclosing struct/union/value with that
// repository id, resolved by whoever walks the TypeCode. This keeps the shared graph
// acyclic, so reference counting frees it.
//
// Accessors that do not apply to the kind raise BAD_TYPECODE (bad_typecode_wrong_kind);
// factories given inconsistent arguments raise BAD_TYPECODE (bad_typecode_bad_parameter).
class TypeCode {
 public:
  // --- factories ----------------------------------------------------------------------
  // tk_null, tk_void, tk_short ... tk_TypeCode, tk_longlong, tk_ulonglong, tk_longdouble,
  // tk_wchar, tk_Principal, and unbounded tk_string / tk_wstring.
  static TypeCodeRef basic(TCKind kind);
  static TypeCodeRef string(std::uint32_t bound = 0);
  static TypeCodeRef wstring(std::uint32_t bound = 0);
  static TypeCodeRef fixed(std::uint16_t digits, std::int16_t scale);
  static TypeCodeRef sequence(TypeCodeRef element, std::uint32_t bound = 0);
  static TypeCodeRef array(TypeCodeRef element, std::uint32_t length);
  static TypeCodeRef alias(std::string id, std::string name, TypeCodeRef original);
  static TypeCodeRef value_box(std::string id, std::string name, TypeCodeRef boxed);
  static TypeCodeRef structure(std::string id, std::string name, std::vector<TypeCodeMember> members);
  static TypeCodeRef exception(std::string id, std::string name, std::vector<TypeCodeMember> members);
  // `default_index` is the member used for discriminator values no label names, or -1.
  // The default member's label is ignored.
  static TypeCodeRef union_type(std::string id, std::string name, TypeCodeRef discriminator,
                                std::vector<TypeCodeMember> members, std::int32_t default_index = -1);
  static TypeCodeRef enumeration(std::string id, std::string name, std::vector<std::string> enumerators);
  // tk_objref, tk_abstract_interface, tk_local_interface, tk_native, tk_component, tk_home.
  static TypeCodeRef interface(TCKind kind, std::string id, std::string name);
  // tk_value or tk_event; `concrete_base` may be null.
  static TypeCodeRef value(TCKind kind, std::string id, std::string name, std::int16_t type_modifier,
                           TypeCodeRef concrete_base, std::vector<TypeCodeMember> members);
  // Stands for the enclosing tk_struct/tk_union/tk_value/tk_event with repository id `id`.
  static TypeCodeRef recursive(TCKind kind, std::string id);

  // --- queries (CORBA::TypeCode operations) -------------------------------------------
  TCKind kind() const noexcept { return kind_; }
  bool is_recursive_reference() const noexcept { return recursive_; }
  const std::string& id() const;
  const std::string& name() const;
  std::uint32_t member_count() const;
  const std::string& member_name(std::uint32_t index) const;
  const TypeCodeRef& member_type(std::uint32_t index) const;
  std::int64_t member_label(std::uint32_t index) const;
  std::int16_t member_visibility(std::uint32_t index) const;
  const std::vector<TypeCodeMember>& members() const;
  const TypeCodeRef& discriminator_type() const;
  std::int32_t default_index() const;
  std::uint32_t length() const;  // string/sequence bound, array length
  const TypeCodeRef& content_type() const;  // sequence/array element, alias/box original
  std::uint16_t fixed_digits() const;
  std::int16_t fixed_scale() const;
  std::int16_t type_modifier() const;
  const TypeCodeRef& concrete_base_type() const;

  // Same kind and all parameters, names included; recursive placeholders compare by kind and id.
  bool equal(const TypeCode& other) const;
  // Like equal() after stripping aliases, ignoring names and member names (CORBA 3.x 8.11.1).
  bool equivalent(const TypeCode& other) const;

  // The fewest bytes one value of this type can take on the wire (0 for void, null and
  // empty structs); what decoders check counts against before looping.
  std::uint64_t min_encoded_size() const noexcept { return min_size_; }

  // The union member selected by discriminator value `label`: its index, default_index()
  // when no label matches, or -1 (O(log n)).
  std::int32_t union_member_for(std::int64_t label) const;

  TypeCode(const TypeCode&) = delete;
  TypeCode& operator=(const TypeCode&) = delete;

 private:
  struct Key {};  // lets make_shared reach the constructor, and only this class name it

 public:
  TypeCode(Key, TCKind kind) : kind_(kind) {}

 private:
  friend class TypeCodeBuilder;
  void require_kind(bool ok, const char* operation) const;
  struct CompareMemo;
  bool compare(const TypeCode& other, bool equivalence, CompareMemo& memo) const;
  std::uint64_t compute_min_size() const;  // from the members' sizes: O(members), not O(graph)
  const TypeCodeMember& member(std::uint32_t index) const;

  TCKind kind_;
  bool recursive_ = false;
  std::string id_;
  std::string name_;
  std::vector<TypeCodeMember> members_;
  TypeCodeRef content_;  // element, original, boxed, concrete base or discriminator
  std::uint32_t length_ = 0;
  std::int32_t default_index_ = -1;
  std::uint16_t digits_ = 0;
  std::int16_t scale_ = 0;  // fixed scale or value type modifier
  std::uint64_t min_size_ = 0;
  std::vector<std::pair<std::int64_t, std::int32_t>> labels_;  // union: sorted (label, member)
};

bool is_simple_kind(TCKind kind) noexcept;  // no parameters
bool is_valid_discriminator_kind(TCKind kind) noexcept;

// --- CDR ------------------------------------------------------------------------------
// Writes `tc`; a recursive placeholder becomes an indirection to its enclosing TypeCode.
// Raises BAD_TYPECODE (bad_typecode_unresolved_recursion) for a placeholder with no
// enclosing TypeCode of that id.
void write_type_code(OutputStream& os, const TypeCode& tc);
// Reads a TypeCode. Indirections must point back at the start of an enclosing TypeCode
// (recursion) or at one read earlier in the same top-level TypeCode; anything else, an
// unknown kind or bad parameters raise MARSHAL (marshal_bad_typecode). Nesting deeper than
// the stream's max_nesting_depth raises marshal_nesting_too_deep.
TypeCodeRef read_type_code(InputStream& is);

}  // namespace rtorb::cdr
