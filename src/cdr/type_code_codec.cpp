// CDR encoding of TypeCodes (CORBA 3.x, 9.3.5.1): simple kinds are the kind alone, string,
// wstring and fixed carry plain parameters, complex kinds an encapsulation; an indirection
// (kind 0xffffffff, then a long offset from the offset field itself) refers back to a
// TypeCode already on the wire, which is how recursive types are sent.
#include <rtorb/cdr/type_code.hpp>

#include <rtorb/corba/raise.hpp>

#include <algorithm>
#include <map>
#include <unordered_map>
#include <optional>

namespace rtorb::cdr {
namespace {

constexpr std::uint32_t indirection_marker = 0xFFFFFFFF;

[[noreturn]] void bad_typecode(const std::string& why) {
  raise<CORBA::MARSHAL>(minor::marshal_bad_typecode, why);
}

TCKind discriminator_kind(const TypeCode& disc) {
  const TypeCode* t = &disc;
  while (t->kind() == TCKind::tk_alias) t = t->content_type().get();
  return t->kind();
}

const TypeCode& unalias(const TypeCode& tc) {
  const TypeCode* t = &tc;
  while (t->kind() == TCKind::tk_alias) t = t->content_type().get();
  return *t;
}

void write_label(OutputStream& os, TCKind disc, std::int64_t label) {
  switch (disc) {
    case TCKind::tk_short: os.write_short(static_cast<std::int16_t>(label)); break;
    case TCKind::tk_ushort: os.write_ushort(static_cast<std::uint16_t>(label)); break;
    case TCKind::tk_long: os.write_long(static_cast<std::int32_t>(label)); break;
    case TCKind::tk_ulong: case TCKind::tk_enum: os.write_ulong(static_cast<std::uint32_t>(label)); break;
    case TCKind::tk_longlong: os.write_longlong(label); break;
    case TCKind::tk_ulonglong: os.write_ulonglong(static_cast<std::uint64_t>(label)); break;
    case TCKind::tk_char: os.write_octet(static_cast<std::uint8_t>(label)); break;
    case TCKind::tk_boolean: os.write_boolean(label != 0); break;
    case TCKind::tk_wchar: os.write_wchar(static_cast<wchar_t>(label)); break;
    default: break;  // factories admit no other discriminator kind
  }
}

std::int64_t read_label(InputStream& is, TCKind disc) {
  switch (disc) {
    case TCKind::tk_short: return is.read_short();
    case TCKind::tk_ushort: return is.read_ushort();
    case TCKind::tk_long: return is.read_long();
    case TCKind::tk_ulong: case TCKind::tk_enum: return is.read_ulong();
    case TCKind::tk_longlong: return is.read_longlong();
    case TCKind::tk_ulonglong: return static_cast<std::int64_t>(is.read_ulonglong());
    case TCKind::tk_char: return is.read_octet();
    case TCKind::tk_boolean: return is.read_boolean() ? 1 : 0;
    case TCKind::tk_wchar: return is.read_wchar();
    default: bad_typecode("union discriminator kind is not valid");
  }
}

class TypeCodeWriter {
 public:
  explicit TypeCodeWriter(OutputStream& os) : os_(os) {}

  void write(const TypeCode& tc) {
    if (tc.is_recursive_reference()) return write_indirection(tc);
    if (const auto earlier = written_.find(&tc); earlier != written_.end()) {
      return write_indirection_to(earlier->second);
    }
    os_.align(4);
    const std::size_t start = os_.position();
    os_.write_ulong(static_cast<std::uint32_t>(tc.kind()));
    if (is_simple_kind(tc.kind())) return;
    switch (tc.kind()) {
      case TCKind::tk_string: case TCKind::tk_wstring:
        os_.write_ulong(tc.length());
        return;
      case TCKind::tk_fixed:
        os_.write_ushort(tc.fixed_digits());
        os_.write_short(tc.fixed_scale());
        return;
      default:
        break;
    }
    enclosing_.push_back(Frame{&tc, start});
    const auto encapsulation = os_.begin_encapsulation();
    write_parameters(tc);
    os_.end_encapsulation(encapsulation);
    enclosing_.pop_back();
    written_.emplace(&tc, start);
  }

 private:
  struct Frame {
    const TypeCode* tc;
    std::size_t position;
  };

  void write_indirection(const TypeCode& placeholder) {
    const auto target = std::find_if(enclosing_.rbegin(), enclosing_.rend(), [&](const Frame& f) {
      return f.tc->kind() == placeholder.kind() && f.tc->id() == placeholder.id();
    });
    if (target == enclosing_.rend()) {
      raise<CORBA::BAD_TYPECODE>(minor::bad_typecode_unresolved_recursion,
                                 "recursive TypeCode " + placeholder.id() + " has no enclosing TypeCode");
    }
    write_indirection_to(target->position);
  }

  void write_indirection_to(std::size_t target) {
    os_.write_ulong(indirection_marker);
    const std::size_t offset_at = os_.position();
    os_.write_long(-static_cast<std::int32_t>(offset_at - target));
  }

  void write_id_and_name(const TypeCode& tc) {
    os_.write_string(tc.id());
    os_.write_string(tc.name());
  }

  void write_members(const TypeCode& tc) {
    os_.write_ulong(tc.member_count());
    for (const TypeCodeMember& m : tc.members()) {
      os_.write_string(m.name);
      write(*m.type);
    }
  }

  void write_union(const TypeCode& tc) {
    write_id_and_name(tc);
    write(*tc.discriminator_type());
    os_.write_long(tc.default_index());
    os_.write_ulong(tc.member_count());
    const TCKind disc = discriminator_kind(*tc.discriminator_type());
    for (std::uint32_t i = 0; i < tc.member_count(); ++i) {
      const TypeCodeMember& m = tc.members()[i];
      if (static_cast<std::int32_t>(i) == tc.default_index()) {
        os_.write_octet(0);  // the default member's label is a zero octet
      } else {
        write_label(os_, disc, m.label);
      }
      os_.write_string(m.name);
      write(*m.type);
    }
  }

  void write_value(const TypeCode& tc) {
    write_id_and_name(tc);
    os_.write_short(tc.type_modifier());
    if (tc.concrete_base_type() == nullptr) {
      write(*TypeCode::basic(TCKind::tk_null));
    } else {
      write(*tc.concrete_base_type());
    }
    os_.write_ulong(tc.member_count());
    for (const TypeCodeMember& m : tc.members()) {
      os_.write_string(m.name);
      write(*m.type);
      os_.write_short(m.visibility);
    }
  }

  void write_parameters(const TypeCode& tc) {
    switch (tc.kind()) {
      case TCKind::tk_struct: case TCKind::tk_except:
        write_id_and_name(tc);
        return write_members(tc);
      case TCKind::tk_union:
        return write_union(tc);
      case TCKind::tk_enum:
        write_id_and_name(tc);
        os_.write_ulong(tc.member_count());
        for (const TypeCodeMember& m : tc.members()) os_.write_string(m.name);
        return;
      case TCKind::tk_sequence: case TCKind::tk_array:
        write(*tc.content_type());
        return os_.write_ulong(tc.length());
      case TCKind::tk_alias: case TCKind::tk_value_box:
        write_id_and_name(tc);
        return write(*tc.content_type());
      case TCKind::tk_value: case TCKind::tk_event:
        return write_value(tc);
      default:  // interface-like kinds
        return write_id_and_name(tc);
    }
  }

  OutputStream& os_;
  std::vector<Frame> enclosing_;
  // Complex TypeCodes already written, by node: a node shared many times is sent once and
  // referred to by indirection, so a shared graph never expands on the wire.
  std::unordered_map<const TypeCode*, std::size_t> written_;
};

// Positions are byte offsets from the start of the top-level stream's buffer, so an
// indirection can reach out of the encapsulations it sits in.
class TypeCodeReader {
 public:
  explicit TypeCodeReader(const InputStream& top) : base_(top.buffer().data()) {}

  TypeCodeRef read(InputStream& is) {
    is.align(4);
    const std::size_t start = absolute(is);
    const std::uint32_t raw_kind = is.read_ulong();
    if (raw_kind == indirection_marker) return read_indirection(is);
    if (raw_kind >= tc_kind_count) bad_typecode("unknown TypeCode kind " + std::to_string(raw_kind));
    const auto kind = static_cast<TCKind>(raw_kind);
    if (is_simple_kind(kind)) return TypeCode::basic(kind);
    switch (kind) {
      case TCKind::tk_string: return TypeCode::string(is.read_ulong());
      case TCKind::tk_wstring: return TypeCode::wstring(is.read_ulong());
      case TCKind::tk_fixed: return read_fixed_type(is);
      default: break;
    }
    is.enter_nested();
    struct Leave {
      InputStream& is;
      ~Leave() { is.leave_nested(); }
    } leave{is};
    InputStream params = is.read_encapsulation();
    open_.push_back(Frame{start, kind, {}});
    TypeCodeRef tc = read_parameters(params, kind);
    open_.pop_back();
    done_.emplace(start, tc);
    return tc;
  }

 private:
  struct Frame {
    std::size_t start;
    TCKind kind;
    std::string id;
  };

  std::size_t absolute(const InputStream& is) const {
    return static_cast<std::size_t>(is.buffer().data() - base_) + is.position();
  }

  TypeCodeRef read_indirection(InputStream& is) {
    const std::size_t offset_at = absolute(is) + ((4 - is.position() % 4) % 4);
    const std::int64_t target = static_cast<std::int64_t>(offset_at) + is.read_long();
    for (const Frame& f : open_) {
      if (static_cast<std::int64_t>(f.start) != target) continue;
      if (f.id.empty()) bad_typecode("indirection to an enclosing TypeCode that cannot recurse");
      return TypeCode::recursive(f.kind, f.id);
    }
    if (target >= 0) {
      const auto done = done_.find(static_cast<std::size_t>(target));
      if (done != done_.end()) return done->second;
    }
    bad_typecode("TypeCode indirection at offset " + std::to_string(offset_at) +
                 " points at no TypeCode before it");
  }

  static TypeCodeRef read_fixed_type(InputStream& is) {
    const std::uint16_t digits = is.read_ushort();
    const std::int16_t scale = is.read_short();
    if (digits == 0 || digits > 31 || scale < 0 || scale > digits) {
      bad_typecode("fixed<" + std::to_string(digits) + "," + std::to_string(scale) + "> is invalid");
    }
    return TypeCode::fixed(digits, scale);
  }

  // Reads the id and name; the id goes into the open frame so members can recurse to it.
  std::pair<std::string, std::string> read_id_and_name(InputStream& is, bool may_recurse) {
    std::string id = is.read_string();
    std::string name = is.read_string();
    if (may_recurse) open_.back().id = id;
    return {std::move(id), std::move(name)};
  }

  std::vector<TypeCodeMember> read_members(InputStream& is) {
    const std::uint32_t count = is.read_length(8);  // name + kind at least
    std::vector<TypeCodeMember> members(count);
    for (TypeCodeMember& m : members) {
      m.name = is.read_string();
      m.type = read(is);
    }
    return members;
  }

  TypeCodeRef read_union(InputStream& is) {
    auto [id, name] = read_id_and_name(is, true);
    TypeCodeRef disc = read(is);
    if (disc->is_recursive_reference() || !is_valid_discriminator_kind(discriminator_kind(*disc))) {
      bad_typecode("union " + id + " has a discriminator of invalid kind");
    }
    // CORBA says -1 for "no default"; omniORB 4.2 writes -2 when the labels cover every
    // discriminator value. Any negative index means no default.
    const std::int32_t default_index = std::max(is.read_long(), std::int32_t{-1});
    const std::uint32_t count = is.read_length(9);  // label + name + kind at least
    if (default_index >= static_cast<std::int64_t>(count)) {
      bad_typecode("union " + id + " default index " + std::to_string(default_index) + " out of range");
    }
    std::vector<TypeCodeMember> members(count);
    const TCKind disc_kind = discriminator_kind(*disc);
    for (std::uint32_t i = 0; i < count; ++i) {
      TypeCodeMember& m = members[i];
      m.label = static_cast<std::int32_t>(i) == default_index ? (is.read_octet(), 0) : read_label(is, disc_kind);
      if (disc_kind == TCKind::tk_enum && static_cast<std::uint64_t>(m.label) >= unalias(*disc).member_count() &&
          static_cast<std::int32_t>(i) != default_index) {
        bad_typecode("union " + id + " label names no enumerator");
      }
      m.name = is.read_string();
      m.type = read(is);
    }
    return TypeCode::union_type(std::move(id), std::move(name), std::move(disc), std::move(members),
                                default_index);
  }

  TypeCodeRef read_value(InputStream& is, TCKind kind) {
    auto [id, name] = read_id_and_name(is, true);
    const std::int16_t modifier = is.read_short();
    TypeCodeRef base = read(is);
    if (base->kind() == TCKind::tk_null) base = nullptr;
    const std::uint32_t count = is.read_length(10);
    std::vector<TypeCodeMember> members(count);
    for (TypeCodeMember& m : members) {
      m.name = is.read_string();
      m.type = read(is);
      m.visibility = is.read_short();
    }
    return TypeCode::value(kind, std::move(id), std::move(name), modifier, std::move(base),
                           std::move(members));
  }

  TypeCodeRef read_parameters(InputStream& is, TCKind kind) {
    switch (kind) {
      case TCKind::tk_struct: case TCKind::tk_except: {
        auto [id, name] = read_id_and_name(is, kind == TCKind::tk_struct);
        auto members = read_members(is);
        return kind == TCKind::tk_struct ? TypeCode::structure(std::move(id), std::move(name), std::move(members))
                                         : TypeCode::exception(std::move(id), std::move(name), std::move(members));
      }
      case TCKind::tk_union:
        return read_union(is);
      case TCKind::tk_enum: {
        auto [id, name] = read_id_and_name(is, false);
        const std::uint32_t count = is.read_length(4);
        std::vector<std::string> names(count);
        for (std::string& n : names) n = is.read_string();
        return TypeCode::enumeration(std::move(id), std::move(name), std::move(names));
      }
      case TCKind::tk_sequence: case TCKind::tk_array: {
        TypeCodeRef element = read(is);
        const std::uint32_t length = is.read_ulong();
        return kind == TCKind::tk_sequence ? TypeCode::sequence(std::move(element), length)
                                           : TypeCode::array(std::move(element), length);
      }
      case TCKind::tk_alias: case TCKind::tk_value_box: {
        auto [id, name] = read_id_and_name(is, false);
        TypeCodeRef content = read(is);
        return kind == TCKind::tk_alias ? TypeCode::alias(std::move(id), std::move(name), std::move(content))
                                        : TypeCode::value_box(std::move(id), std::move(name), std::move(content));
      }
      case TCKind::tk_value: case TCKind::tk_event:
        return read_value(is, kind);
      default: {
        auto [id, name] = read_id_and_name(is, false);
        return TypeCode::interface(kind, std::move(id), std::move(name));
      }
    }
  }

  const std::uint8_t* base_;
  std::vector<Frame> open_;
  std::map<std::size_t, TypeCodeRef> done_;  // complete TypeCodes by start, for repeats
};

}  // namespace

void write_type_code(OutputStream& os, const TypeCode& tc) { TypeCodeWriter(os).write(tc); }

TypeCodeRef read_type_code(InputStream& is) {
  TypeCodeReader reader(is);
  return reader.read(is);
}

}  // namespace rtorb::cdr
