// TypeCode construction, queries and comparison.
#include <rtorb/cdr/type_code.hpp>

#include <rtorb/corba/raise.hpp>

#include <algorithm>
#include <array>
#include <set>

namespace rtorb::cdr {

// The one place that fills in TypeCode fields; factories validate, then build.
class TypeCodeBuilder {
 public:
  explicit TypeCodeBuilder(TCKind kind) : tc_(std::make_shared<TypeCode>(TypeCode::Key{}, kind)) {}
  TypeCode* operator->() { return tc_.get(); }
  static TypeCodeRef with_id(TCKind kind, std::string id, std::string name) {
    TypeCodeBuilder b(kind);
    b->id_ = std::move(id);
    b->name_ = std::move(name);
    return b.done();
  }
  TypeCodeRef done() {
    tc_->min_size_ = tc_->compute_min_size();
    if (tc_->kind_ == TCKind::tk_union && !tc_->recursive_) index_labels();
    return std::move(tc_);
  }

 private:
  void index_labels() {
    auto& labels = tc_->labels_;
    for (std::size_t i = 0; i < tc_->members_.size(); ++i) {
      if (static_cast<std::int32_t>(i) != tc_->default_index_) {
        labels.emplace_back(tc_->members_[i].label, static_cast<std::int32_t>(i));
      }
    }
    std::stable_sort(labels.begin(), labels.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
  }
  std::shared_ptr<TypeCode> tc_;
};

namespace {

[[noreturn]] void bad_parameter(const std::string& why) {
  raise<CORBA::BAD_TYPECODE>(minor::bad_typecode_bad_parameter, why);
}

void require_type(const TypeCodeRef& tc, const char* what) {
  if (tc == nullptr) bad_parameter(std::string(what) + " TypeCode is null");
}

const TypeCode& unaliased(const TypeCode& tc) {
  const TypeCode* t = &tc;
  while (t->kind() == TCKind::tk_alias && !t->is_recursive_reference()) t = t->content_type().get();
  return *t;
}

bool has_repository_id(TCKind k) {
  switch (k) {
    case TCKind::tk_objref: case TCKind::tk_struct: case TCKind::tk_union: case TCKind::tk_enum:
    case TCKind::tk_alias: case TCKind::tk_except: case TCKind::tk_value: case TCKind::tk_value_box:
    case TCKind::tk_native: case TCKind::tk_abstract_interface: case TCKind::tk_local_interface:
    case TCKind::tk_component: case TCKind::tk_home: case TCKind::tk_event:
      return true;
    default:
      return false;
  }
}

void normalise_members(std::vector<TypeCodeMember>& members, bool keep_visibility) {
  for (TypeCodeMember& m : members) {
    require_type(m.type, "member");
    m.label = 0;
    if (!keep_visibility) m.visibility = 1;
  }
}


}  // namespace

bool is_simple_kind(TCKind k) noexcept {
  switch (k) {
    case TCKind::tk_null: case TCKind::tk_void: case TCKind::tk_short: case TCKind::tk_long:
    case TCKind::tk_ushort: case TCKind::tk_ulong: case TCKind::tk_float: case TCKind::tk_double:
    case TCKind::tk_boolean: case TCKind::tk_char: case TCKind::tk_octet: case TCKind::tk_any:
    case TCKind::tk_TypeCode: case TCKind::tk_Principal: case TCKind::tk_longlong:
    case TCKind::tk_ulonglong: case TCKind::tk_longdouble: case TCKind::tk_wchar:
      return true;
    default:
      return false;
  }
}

bool is_valid_discriminator_kind(TCKind k) noexcept {
  switch (k) {
    case TCKind::tk_short: case TCKind::tk_long: case TCKind::tk_ushort: case TCKind::tk_ulong:
    case TCKind::tk_longlong: case TCKind::tk_ulonglong: case TCKind::tk_char:
    case TCKind::tk_boolean: case TCKind::tk_wchar: case TCKind::tk_enum:
      return true;
    default:
      return false;
  }
}

// --- factories ------------------------------------------------------------------------

TypeCodeRef TypeCode::basic(TCKind kind) {
  if (kind == TCKind::tk_string || kind == TCKind::tk_wstring) {
    return kind == TCKind::tk_string ? string() : wstring();
  }
  if (!is_simple_kind(kind)) {
    bad_parameter("kind " + std::to_string(static_cast<std::uint32_t>(kind)) + " has parameters");
  }
  // Basic TypeCodes are immutable constants, built once and shared by everyone.
  static const std::array<TypeCodeRef, tc_kind_count> constants = [] {
    std::array<TypeCodeRef, tc_kind_count> all{};
    for (std::uint32_t k = 0; k < tc_kind_count; ++k) {
      if (is_simple_kind(static_cast<TCKind>(k))) all[k] = TypeCodeBuilder(static_cast<TCKind>(k)).done();
    }
    return all;
  }();
  return constants[static_cast<std::uint32_t>(kind)];
}

TypeCodeRef TypeCode::string(std::uint32_t bound) {
  TypeCodeBuilder b(TCKind::tk_string);
  b->length_ = bound;
  return b.done();
}

TypeCodeRef TypeCode::wstring(std::uint32_t bound) {
  TypeCodeBuilder b(TCKind::tk_wstring);
  b->length_ = bound;
  return b.done();
}

TypeCodeRef TypeCode::fixed(std::uint16_t digits, std::int16_t scale) {
  if (digits == 0 || digits > 31 || scale < 0 || scale > digits) {
    bad_parameter("fixed<" + std::to_string(digits) + "," + std::to_string(scale) + "> is invalid");
  }
  TypeCodeBuilder b(TCKind::tk_fixed);
  b->digits_ = digits;
  b->scale_ = scale;
  return b.done();
}

TypeCodeRef TypeCode::sequence(TypeCodeRef element, std::uint32_t bound) {
  require_type(element, "sequence element");
  TypeCodeBuilder b(TCKind::tk_sequence);
  b->content_ = std::move(element);
  b->length_ = bound;
  return b.done();
}

TypeCodeRef TypeCode::array(TypeCodeRef element, std::uint32_t length) {
  require_type(element, "array element");
  TypeCodeBuilder b(TCKind::tk_array);
  b->content_ = std::move(element);
  b->length_ = length;
  return b.done();
}

TypeCodeRef TypeCode::alias(std::string id, std::string name, TypeCodeRef original) {
  require_type(original, "alias original");
  TypeCodeBuilder b(TCKind::tk_alias);
  b->id_ = std::move(id);
  b->name_ = std::move(name);
  b->content_ = std::move(original);
  return b.done();
}

TypeCodeRef TypeCode::value_box(std::string id, std::string name, TypeCodeRef boxed) {
  require_type(boxed, "boxed");
  TypeCodeBuilder b(TCKind::tk_value_box);
  b->id_ = std::move(id);
  b->name_ = std::move(name);
  b->content_ = std::move(boxed);
  return b.done();
}

TypeCodeRef TypeCode::structure(std::string id, std::string name, std::vector<TypeCodeMember> members) {
  normalise_members(members, false);
  TypeCodeBuilder b(TCKind::tk_struct);
  b->id_ = std::move(id);
  b->name_ = std::move(name);
  b->members_ = std::move(members);
  return b.done();
}

TypeCodeRef TypeCode::exception(std::string id, std::string name, std::vector<TypeCodeMember> members) {
  normalise_members(members, false);
  TypeCodeBuilder b(TCKind::tk_except);
  b->id_ = std::move(id);
  b->name_ = std::move(name);
  b->members_ = std::move(members);
  return b.done();
}

TypeCodeRef TypeCode::union_type(std::string id, std::string name, TypeCodeRef discriminator,
                                 std::vector<TypeCodeMember> members, std::int32_t default_index) {
  require_type(discriminator, "union discriminator");
  if (!is_valid_discriminator_kind(unaliased(*discriminator).kind())) {
    bad_parameter("union discriminator kind is not integral, char, boolean, wchar or enum");
  }
  if (default_index < -1 || default_index >= static_cast<std::int64_t>(members.size())) {
    bad_parameter("union default index " + std::to_string(default_index) + " is out of range");
  }
  for (std::size_t i = 0; i < members.size(); ++i) {
    require_type(members[i].type, "union member");
    members[i].visibility = 1;
    if (static_cast<std::int32_t>(i) == default_index) members[i].label = 0;
  }
  TypeCodeBuilder b(TCKind::tk_union);
  b->id_ = std::move(id);
  b->name_ = std::move(name);
  b->content_ = std::move(discriminator);
  b->members_ = std::move(members);
  b->default_index_ = default_index;
  return b.done();
}

TypeCodeRef TypeCode::enumeration(std::string id, std::string name, std::vector<std::string> enumerators) {
  TypeCodeBuilder b(TCKind::tk_enum);
  b->id_ = std::move(id);
  b->name_ = std::move(name);
  for (std::string& e : enumerators) b->members_.push_back(TypeCodeMember{std::move(e), nullptr});
  return b.done();
}

TypeCodeRef TypeCode::interface(TCKind kind, std::string id, std::string name) {
  switch (kind) {
    case TCKind::tk_objref: case TCKind::tk_abstract_interface: case TCKind::tk_local_interface:
    case TCKind::tk_native: case TCKind::tk_component: case TCKind::tk_home:
      return TypeCodeBuilder::with_id(kind, std::move(id), std::move(name));
    default:
      bad_parameter("kind " + std::to_string(static_cast<std::uint32_t>(kind)) + " is not an interface kind");
  }
}

TypeCodeRef TypeCode::value(TCKind kind, std::string id, std::string name, std::int16_t type_modifier,
                            TypeCodeRef concrete_base, std::vector<TypeCodeMember> members) {
  if (kind != TCKind::tk_value && kind != TCKind::tk_event) bad_parameter("not a value kind");
  normalise_members(members, true);
  TypeCodeBuilder b(kind);
  b->id_ = std::move(id);
  b->name_ = std::move(name);
  b->scale_ = type_modifier;
  b->content_ = std::move(concrete_base);
  b->members_ = std::move(members);
  return b.done();
}

TypeCodeRef TypeCode::recursive(TCKind kind, std::string id) {
  if (kind != TCKind::tk_struct && kind != TCKind::tk_union && kind != TCKind::tk_value &&
      kind != TCKind::tk_event) {
    bad_parameter("only structs, unions and value types can be recursive");
  }
  if (id.empty()) bad_parameter("a recursive TypeCode needs a repository id");
  TypeCodeBuilder b(kind);
  b->recursive_ = true;
  b->id_ = std::move(id);
  return b.done();
}

// --- queries --------------------------------------------------------------------------

void TypeCode::require_kind(bool ok, const char* operation) const {
  if (!ok || (recursive_ && std::string_view(operation) != "id")) {
    raise<CORBA::BAD_TYPECODE>(minor::bad_typecode_wrong_kind,
                               std::string(operation) + "() does not apply to TypeCode kind " +
                                   std::to_string(static_cast<std::uint32_t>(kind_)));
  }
}

const std::string& TypeCode::id() const {
  require_kind(has_repository_id(kind_), "id");
  return id_;
}

const std::string& TypeCode::name() const {
  require_kind(has_repository_id(kind_), "name");
  return name_;
}

const std::vector<TypeCodeMember>& TypeCode::members() const {
  require_kind(kind_ == TCKind::tk_struct || kind_ == TCKind::tk_union || kind_ == TCKind::tk_enum ||
                   kind_ == TCKind::tk_except || kind_ == TCKind::tk_value || kind_ == TCKind::tk_event,
               "members");
  return members_;
}

std::uint32_t TypeCode::member_count() const { return static_cast<std::uint32_t>(members().size()); }

const TypeCodeMember& TypeCode::member(std::uint32_t index) const {
  const auto& all = members();
  if (index >= all.size()) {
    raise<CORBA::BAD_TYPECODE>(minor::bad_typecode_wrong_kind,
                               "member index " + std::to_string(index) + " out of range");
  }
  return all[index];
}

const std::string& TypeCode::member_name(std::uint32_t index) const { return member(index).name; }

const TypeCodeRef& TypeCode::member_type(std::uint32_t index) const {
  require_kind(kind_ != TCKind::tk_enum, "member_type");
  return member(index).type;
}

std::int64_t TypeCode::member_label(std::uint32_t index) const {
  require_kind(kind_ == TCKind::tk_union, "member_label");
  return member(index).label;
}

std::int16_t TypeCode::member_visibility(std::uint32_t index) const {
  require_kind(kind_ == TCKind::tk_value || kind_ == TCKind::tk_event, "member_visibility");
  return member(index).visibility;
}

const TypeCodeRef& TypeCode::discriminator_type() const {
  require_kind(kind_ == TCKind::tk_union, "discriminator_type");
  return content_;
}

std::int32_t TypeCode::default_index() const {
  require_kind(kind_ == TCKind::tk_union, "default_index");
  return default_index_;
}

std::uint32_t TypeCode::length() const {
  require_kind(kind_ == TCKind::tk_string || kind_ == TCKind::tk_wstring ||
                   kind_ == TCKind::tk_sequence || kind_ == TCKind::tk_array,
               "length");
  return length_;
}

const TypeCodeRef& TypeCode::content_type() const {
  require_kind(kind_ == TCKind::tk_sequence || kind_ == TCKind::tk_array || kind_ == TCKind::tk_alias ||
                   kind_ == TCKind::tk_value_box,
               "content_type");
  return content_;
}

std::uint16_t TypeCode::fixed_digits() const {
  require_kind(kind_ == TCKind::tk_fixed, "fixed_digits");
  return digits_;
}

std::int16_t TypeCode::fixed_scale() const {
  require_kind(kind_ == TCKind::tk_fixed, "fixed_scale");
  return scale_;
}

std::int16_t TypeCode::type_modifier() const {
  require_kind(kind_ == TCKind::tk_value || kind_ == TCKind::tk_event, "type_modifier");
  return scale_;
}

const TypeCodeRef& TypeCode::concrete_base_type() const {
  require_kind(kind_ == TCKind::tk_value || kind_ == TCKind::tk_event, "concrete_base_type");
  return content_;
}

// --- comparison -----------------------------------------------------------------------

// Pairs already compared (or being compared) in one equal()/equivalent() call. Counting
// them as equal is sound for this coinductive comparison and keeps it linear in the size
// of the graphs: a TypeCode decoded from the wire may share nodes many times over.
struct TypeCode::CompareMemo {
  std::set<std::pair<const TypeCode*, const TypeCode*>> seen;
};

bool TypeCode::compare(const TypeCode& other, bool equivalence, CompareMemo& memo) const {
  const TypeCode& a = equivalence ? unaliased(*this) : *this;
  const TypeCode& b = equivalence ? unaliased(other) : other;
  if (&a == &b || !memo.seen.emplace(&a, &b).second) return true;
  if (a.kind_ != b.kind_) return false;
  if (a.recursive_ || b.recursive_) return a.id_ == b.id_;
  if (equivalence && !a.id_.empty() && !b.id_.empty()) return a.id_ == b.id_;
  if (!equivalence && (a.id_ != b.id_ || a.name_ != b.name_)) return false;
  const auto same_ref = [&](const TypeCodeRef& x, const TypeCodeRef& y) {
    if (x == nullptr || y == nullptr) return x == y;
    return x->compare(*y, equivalence, memo);
  };
  if (a.length_ != b.length_ || a.default_index_ != b.default_index_ || a.digits_ != b.digits_ ||
      a.scale_ != b.scale_ || a.members_.size() != b.members_.size() || !same_ref(a.content_, b.content_)) {
    return false;
  }
  for (std::size_t i = 0; i < a.members_.size(); ++i) {
    const TypeCodeMember& x = a.members_[i];
    const TypeCodeMember& y = b.members_[i];
    if ((!equivalence && x.name != y.name) || x.label != y.label || x.visibility != y.visibility ||
        !same_ref(x.type, y.type)) {
      return false;
    }
  }
  return true;
}

bool TypeCode::equal(const TypeCode& other) const {
  CompareMemo memo;
  return compare(other, false, memo);
}

bool TypeCode::equivalent(const TypeCode& other) const {
  CompareMemo memo;
  return compare(other, true, memo);
}

// --- sizes ----------------------------------------------------------------------------

namespace {

std::uint64_t saturate(std::uint64_t v) { return std::min(v, std::uint64_t{1} << 40); }

std::uint64_t fixed_size(TCKind k) {
  switch (k) {
    case TCKind::tk_boolean: case TCKind::tk_char: case TCKind::tk_octet: case TCKind::tk_wchar:
      return 1;
    case TCKind::tk_short: case TCKind::tk_ushort:
      return 2;
    case TCKind::tk_long: case TCKind::tk_ulong: case TCKind::tk_float: case TCKind::tk_enum:
    case TCKind::tk_string: case TCKind::tk_wstring: case TCKind::tk_sequence: case TCKind::tk_any:
    case TCKind::tk_TypeCode: case TCKind::tk_Principal: case TCKind::tk_value:
    case TCKind::tk_value_box: case TCKind::tk_event: case TCKind::tk_abstract_interface:
      return 4;
    case TCKind::tk_double: case TCKind::tk_longlong: case TCKind::tk_ulonglong: case TCKind::tk_objref:
      return 8;
    case TCKind::tk_longdouble:
      return 16;
    case TCKind::tk_native: case TCKind::tk_local_interface: case TCKind::tk_component:
    case TCKind::tk_home:
      return 1;  // cannot be marshaled at all; nonzero so "0" means "encodes to nothing"
    default:
      return 0;
  }
}

}  // namespace

std::uint64_t TypeCode::compute_min_size() const {
  if (recursive_) return 0;
  switch (kind_) {
    case TCKind::tk_fixed:
      return digits_ / 2 + 1;
    case TCKind::tk_array:
      return saturate(std::uint64_t{length_} * content_->min_size_);
    case TCKind::tk_alias:
      return content_->min_size_;
    case TCKind::tk_struct: case TCKind::tk_except: {
      std::uint64_t sum = 0;
      for (const TypeCodeMember& m : members_) sum = saturate(sum + m.type->min_size_);
      return sum;
    }
    case TCKind::tk_union: {
      // Without a default, a discriminator no label names selects no member at all.
      std::uint64_t smallest = default_index_ < 0 ? 0 : std::uint64_t{1} << 40;
      for (const TypeCodeMember& m : members_) smallest = std::min(smallest, m.type->min_size_);
      return saturate(content_->min_size_ + smallest);
    }
    default:
      return fixed_size(kind_);
  }
}

std::int32_t TypeCode::union_member_for(std::int64_t label) const {
  require_kind(kind_ == TCKind::tk_union, "union_member_for");
  const auto it = std::lower_bound(labels_.begin(), labels_.end(), label,
                                   [](const auto& entry, std::int64_t l) { return entry.first < l; });
  return it != labels_.end() && it->first == label ? it->second : default_index_;
}

}  // namespace rtorb::cdr
