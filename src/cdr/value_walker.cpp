// The TypeCode-driven walk over one CDR value: skip (validate) or copy (re-marshal).
#include <rtorb/cdr/any.hpp>
#include <rtorb/cdr/fixed.hpp>
#include <rtorb/cdr/object_reference.hpp>
#include <rtorb/cdr/value_codec.hpp>
#include <rtorb/corba/raise.hpp>

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace rtorb::cdr {
namespace {

// `out_` null means skip. Recursive placeholders resolve against `enclosing_`, the
// struct/union/value TypeCodes being walked.
class ValueWalker {
 public:
  ValueWalker(InputStream& in, OutputStream* out) : in_(in), out_(out) {}

  void walk(const TypeCode& tc) {
    if (tc.is_recursive_reference()) return walk(resolve(tc));
    if (tc.min_encoded_size() == 0) return;  // void, null, empty structs: no bytes at all
    if (tc.min_encoded_size() > in_.remaining()) {
      raise<CORBA::MARSHAL>(minor::marshal_truncated,
                            "value needs at least " + std::to_string(tc.min_encoded_size()) +
                                " bytes, " + std::to_string(in_.remaining()) + " remain");
    }
    switch (tc.kind()) {
      case TCKind::tk_short: return primitive(&InputStream::read_short, &OutputStream::write_short);
      case TCKind::tk_ushort: return primitive(&InputStream::read_ushort, &OutputStream::write_ushort);
      case TCKind::tk_long: return primitive(&InputStream::read_long, &OutputStream::write_long);
      case TCKind::tk_ulong: return primitive(&InputStream::read_ulong, &OutputStream::write_ulong);
      case TCKind::tk_longlong: return primitive(&InputStream::read_longlong, &OutputStream::write_longlong);
      case TCKind::tk_ulonglong: return primitive(&InputStream::read_ulonglong, &OutputStream::write_ulonglong);
      case TCKind::tk_float: return primitive(&InputStream::read_float, &OutputStream::write_float);
      case TCKind::tk_double: return primitive(&InputStream::read_double, &OutputStream::write_double);
      case TCKind::tk_boolean: return primitive(&InputStream::read_boolean, &OutputStream::write_boolean);
      case TCKind::tk_char: return primitive(&InputStream::read_char, &OutputStream::write_char);
      case TCKind::tk_octet: return primitive(&InputStream::read_octet, &OutputStream::write_octet);
      case TCKind::tk_wchar: return primitive(&InputStream::read_wchar, &OutputStream::write_wchar);
      case TCKind::tk_longdouble: return long_double();
      case TCKind::tk_string: return string(tc.length());
      case TCKind::tk_wstring: return wstring(tc.length());
      case TCKind::tk_fixed: return fixed(tc);
      case TCKind::tk_enum: return enumeration(tc);
      case TCKind::tk_sequence: return sequence(tc);
      case TCKind::tk_array: return array(tc);
      case TCKind::tk_alias: return walk(*tc.content_type());
      case TCKind::tk_struct: return members(tc);
      case TCKind::tk_except: return exception(tc);
      case TCKind::tk_union: return union_value(tc);
      case TCKind::tk_any: return any();
      case TCKind::tk_TypeCode: return type_code();
      case TCKind::tk_objref: return object_reference();
      case TCKind::tk_Principal: return octets(in_.read_length(1));
      case TCKind::tk_value: case TCKind::tk_value_box: return value(tc);
      case TCKind::tk_abstract_interface: return abstract_interface(tc);
      case TCKind::tk_event:
        raise<CORBA::NO_IMPLEMENT>(minor::no_implement_value_type,
                                   "event types in an any are not supported");
      default:
        raise<CORBA::MARSHAL>(minor::marshal_bad_typecode,
                              "values of TypeCode kind " +
                                  std::to_string(static_cast<std::uint32_t>(tc.kind())) +
                                  " cannot be marshaled");
    }
  }

 private:
  // Depth guard for everything that can nest.
  struct Nested {
    explicit Nested(InputStream& is) : is_(is) { is_.enter_nested(); }
    ~Nested() { is_.leave_nested(); }
    InputStream& is_;
  };

  const TypeCode& resolve(const TypeCode& placeholder) const {
    const auto it = std::find_if(enclosing_.rbegin(), enclosing_.rend(), [&](const TypeCode* t) {
      return t->kind() == placeholder.kind() && t->id() == placeholder.id();
    });
    if (it == enclosing_.rend()) {
      raise<CORBA::BAD_TYPECODE>(minor::bad_typecode_unresolved_recursion,
                                 "recursive TypeCode " + placeholder.id() + " outside its type");
    }
    return **it;
  }

  template <class T>
  void primitive(T (InputStream::*read)(), void (OutputStream::*write)(T)) {
    const T v = (in_.*read)();
    if (out_ != nullptr) (out_->*write)(v);
  }

  // Lossless: the 16 bytes move as they are (byte-swapped if need be), never through the
  // narrower C++ long double.
  void long_double() {
    in_.align(8);
    const auto raw = in_.read_raw(16);
    if (out_ == nullptr) return;
    std::uint8_t bytes[16];
    std::copy(raw.begin(), raw.end(), bytes);
    if (in_.byte_order() != native_byte_order) std::reverse(bytes, bytes + 16);
    out_->align(8);
    out_->write_raw(bytes, 16);
  }

  void check_bound(std::size_t size, std::uint32_t bound, const char* what) {
    if (bound != 0 && size > bound) {
      raise<CORBA::MARSHAL>(minor::marshal_bound_exceeded,
                            std::string(what) + " of " + std::to_string(size) +
                                " exceeds its bound " + std::to_string(bound));
    }
  }

  void string(std::uint32_t bound) {
    if (out_ == nullptr) {
      check_bound(in_.read_string_view().size(), bound, "string");
      return;
    }
    const std::string s = in_.read_string();
    check_bound(s.size(), bound, "string");
    out_->write_string(s);
  }

  void wstring(std::uint32_t bound) {
    const std::wstring s = in_.read_wstring();
    check_bound(s.size(), bound, "wstring");
    if (out_ != nullptr) out_->write_wstring(s);
  }

  void fixed(const TypeCode& tc) {
    const Fixed v = read_fixed(in_, tc.fixed_digits(), tc.fixed_scale());
    if (out_ != nullptr) write_fixed(*out_, v, tc.fixed_digits(), tc.fixed_scale());
  }

  void enumeration(const TypeCode& tc) {
    const std::uint32_t v = in_.read_ulong();
    if (v >= tc.member_count()) {
      raise<CORBA::MARSHAL>(minor::marshal_bad_enum,
                            "enum value " + std::to_string(v) + " of " + tc.id() + " out of range");
    }
    if (out_ != nullptr) out_->write_ulong(v);
  }

  void octets(std::uint32_t count) {
    if (out_ != nullptr) out_->write_ulong(count);
    const auto raw = in_.read_raw(count);
    if (out_ != nullptr) out_->write_raw(raw.data(), raw.size());
  }

  static std::size_t bulk_size(TCKind k) {
    switch (k) {
      case TCKind::tk_octet: return 1;
      case TCKind::tk_short: case TCKind::tk_ushort: return 2;
      case TCKind::tk_long: case TCKind::tk_ulong: case TCKind::tk_float: return 4;
      case TCKind::tk_double: case TCKind::tk_longlong: case TCKind::tk_ulonglong: return 8;
      default: return 0;
    }
  }

  // count elements of a primitive `size`: one view, one copy, a swap only if needed.
  // No elements means no padding either, as InputStream::read_array and the writers agree.
  void bulk(std::uint32_t count, std::size_t size) {
    if (count == 0) return;
    in_.align(size);
    const auto raw = in_.read_raw(std::size_t{count} * size);
    if (out_ == nullptr) return;
    out_->align(size);
    if (in_.byte_order() == native_byte_order || size == 1) {
      out_->write_raw(raw.data(), raw.size());
      return;
    }
    std::vector<std::uint8_t> swapped(raw.begin(), raw.end());
    for (std::size_t i = 0; i < swapped.size(); i += size) std::reverse(&swapped[i], &swapped[i] + size);
    out_->write_raw(swapped.data(), swapped.size());
  }

  void elements(const TypeCode& element, std::uint32_t count) {
    const TypeCode* e = &element;
    while (e->kind() == TCKind::tk_alias) e = e->content_type().get();
    if (const std::size_t size = bulk_size(e->kind()); size != 0) return bulk(count, size);
    for (std::uint32_t i = 0; i < count; ++i) walk(*e);
  }

  void sequence(const TypeCode& tc) {
    const TypeCode& element = *tc.content_type();
    const std::uint64_t min = std::max<std::uint64_t>(1, element.min_encoded_size());
    const std::uint32_t count = in_.read_length(static_cast<std::size_t>(min), tc.length());
    if (out_ != nullptr) out_->write_ulong(count);
    Nested nested(in_);
    elements(element, count);
  }

  void array(const TypeCode& tc) {
    Nested nested(in_);
    elements(*tc.content_type(), tc.length());  // walk() checked the total size already
  }

  void members(const TypeCode& tc) {
    Nested nested(in_);
    enclosing_.push_back(&tc);
    for (const TypeCodeMember& m : tc.members()) walk(*m.type);
    enclosing_.pop_back();
  }

  // An exception value starts with its repository id (CORBA 3.x, 9.3.2.7).
  void exception(const TypeCode& tc) {
    string(0);
    members(tc);
  }

  std::int64_t discriminator(TCKind kind) {
    switch (kind) {
      case TCKind::tk_short: return in_.read_short();
      case TCKind::tk_ushort: return in_.read_ushort();
      case TCKind::tk_long: return in_.read_long();
      case TCKind::tk_ulong: case TCKind::tk_enum: return in_.read_ulong();
      case TCKind::tk_longlong: return in_.read_longlong();
      case TCKind::tk_ulonglong: return static_cast<std::int64_t>(in_.read_ulonglong());
      case TCKind::tk_char: return in_.read_octet();
      case TCKind::tk_boolean: return in_.read_boolean() ? 1 : 0;
      case TCKind::tk_wchar: return in_.read_wchar();
      default:
        raise<CORBA::MARSHAL>(minor::marshal_bad_typecode, "invalid union discriminator kind");
    }
  }

  void union_value(const TypeCode& tc) {
    Nested nested(in_);
    const TypeCode* disc = tc.discriminator_type().get();
    while (disc->kind() == TCKind::tk_alias) disc = disc->content_type().get();
    const std::size_t at = in_.position();
    const std::int64_t label = discriminator(disc->kind());
    if (disc->kind() == TCKind::tk_enum && static_cast<std::uint64_t>(label) >= disc->member_count()) {
      raise<CORBA::MARSHAL>(minor::marshal_bad_union_discriminator,
                            "union " + tc.id() + " discriminator " + std::to_string(label) +
                                " at offset " + std::to_string(at) + " names no enumerator");
    }
    if (out_ != nullptr) {
      InputStream again(in_.buffer(), in_.byte_order(), in_.options());
      again.seek(at);
      ValueWalker(again, out_).walk(*disc);  // re-marshal the discriminator itself
    }
    const std::int32_t index = tc.union_member_for(label);
    if (index < 0) return;  // implicit default: no member
    enclosing_.push_back(&tc);
    walk(*tc.members()[static_cast<std::size_t>(index)].type);
    enclosing_.pop_back();
  }

  void any() {
    Nested nested(in_);
    const TypeCodeRef tc = read_type_code(in_);
    if (out_ != nullptr) write_type_code(*out_, *tc);
    ValueWalker(in_, out_).walk(*tc);
  }

  void type_code() {
    const TypeCodeRef tc = read_type_code(in_);
    if (out_ != nullptr) write_type_code(*out_, *tc);
  }

  void object_reference() {
    const IorData ior = read_ior(in_);
    if (out_ != nullptr) write_ior(*out_, ior);
  }

  // An abstract interface (9.3.7): a union on a boolean, TRUE an object reference, FALSE a
  // value of some type that supports the interface. The TypeCode does not say which, so the
  // value is made by the ORB's factories (InputOptions::value_factories; none known is
  // MARSHAL marshal_no_value_factory) and written again from what was read.
  void abstract_interface(const TypeCode& tc) {
    const std::size_t at = in_.position();
    const std::uint8_t discriminator = in_.read_octet();
    if (discriminator > 1) {
      raise<CORBA::MARSHAL>(minor::marshal_bad_union_discriminator,
                            "abstract interface " + tc.id() + " discriminator " +
                                std::to_string(discriminator) + " at offset " + std::to_string(at) +
                                " is not a boolean");
    }
    if (out_ != nullptr) out_->write_boolean(discriminator == 1);
    if (discriminator == 1) return object_reference();
    saw_value_ = true;
    const ValueTypeInfo formal{tc.id().c_str()};
    const ValueFactoryLookup factories = in_.options().value_factories;
    const auto value = read_value(in_, formal, nullptr, factories != nullptr ? factories : &no_factories);
    if (out_ != nullptr) write_value(*out_, value.shared().get());
  }

  static CORBA::object_reference<CORBA::ValueFactoryBase> no_factories(const InputStream&, const std::string&) {
    return nullptr;
  }

  // A value (9.3.4) of TypeCode `tc`. Indirections may only point at values this walk has
  // read (the any's own): an any is copied on its own, so nothing outside it is there to
  // point at. A wire type that `tc` names only as a truncatable base is truncated to it.
  void value(const TypeCode& tc) {
    const ValueHeader header = read_value_header(in_);
    saw_value_ = true;
    if (header.kind == ValueHeader::Kind::null) {
      if (out_ != nullptr) out_->write_long(0);
      return;
    }
    if (header.kind == ValueHeader::Kind::indirection) {
      const auto it = copied_.find(header.target);
      if (it == copied_.end()) {
        raise<CORBA::MARSHAL>(minor::marshal_bad_value_indirection,
                              "indirection at offset " + std::to_string(header.position) +
                                  " does not point at a value earlier in the same any");
      }
      if (out_ != nullptr) write_value_indirection(*out_, it->second);
      return;
    }
    // A custom value's state is what its unmarshal reads: its TypeCode cannot walk it.
    if (tc.kind() == TCKind::tk_value && tc.type_modifier() == 1) {
      raise<CORBA::NO_IMPLEMENT>(minor::no_implement_value_type, "a custom value (" + tc.id() + ") in an any");
    }
    std::vector<std::string> ids = header.ids;
    if (!ids.empty()) {
      const auto named = std::find(ids.begin(), ids.end(), tc.id());
      if (named == ids.end() || (named != ids.begin() && !header.chunked)) {
        raise<CORBA::MARSHAL>(minor::marshal_no_value_factory,
                              "a value of type " + ids.front() + " where the TypeCode says " + tc.id());
      }
      ids.erase(ids.begin(), named);
    }
    copied_[header.position] = out_ != nullptr ? value_tag_position(*out_) : 0;
    if (out_ != nullptr) begin_value_write(*out_, ids, ids.size() > 1);
    enclosing_.push_back(&tc);
    begin_value_state(in_, header.chunked);
    if (tc.kind() == TCKind::tk_value_box) {
      walk(*tc.content_type());
    } else {
      value_members(tc);
    }
    end_value_state(in_, header.chunked);
    enclosing_.pop_back();
    if (out_ != nullptr) end_value_write(*out_);
  }

  // The state: the concrete base's members first.
  void value_members(const TypeCode& tc) {
    if (const TypeCodeRef& base = tc.concrete_base_type()) {
      value_members(base->is_recursive_reference() ? resolve(*base) : *base);
    }
    for (std::uint32_t i = 0; i < tc.member_count(); ++i) {
      value_member_boundary(in_);
      walk(*tc.member_type(i));
    }
  }

 public:
  bool saw_value() const noexcept { return saw_value_; }

 private:
  InputStream& in_;
  OutputStream* out_;
  std::vector<const TypeCode*> enclosing_;
  std::unordered_map<std::size_t, std::size_t> copied_;  // tag position read -> written
  bool saw_value_ = false;
};

}  // namespace

bool skip_value(InputStream& in, const TypeCode& tc) {
  ValueWalker walker(in, nullptr);
  walker.walk(tc);
  return walker.saw_value();
}

void copy_value(InputStream& in, OutputStream& out, const TypeCode& tc) { ValueWalker(in, &out).walk(tc); }

}  // namespace rtorb::cdr
