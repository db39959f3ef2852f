// TargetAddress: the three ways a GIOP 1.2 request names its target.
#include "giop/target_address.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <string>

namespace rtorb::giop {

AddressingDisposition disposition(const TargetAddress& target) noexcept {
  return static_cast<AddressingDisposition>(target.index());
}

std::span<const std::uint8_t> read_octet_sequence_view(cdr::InputStream& is) {
  return is.read_raw(is.read_length(1));
}

void write_octet_sequence(cdr::OutputStream& os, std::span<const std::uint8_t> bytes) {
  os.write_ulong(static_cast<std::uint32_t>(bytes.size()));
  os.write_raw(bytes.data(), bytes.size());
}

void write_target_address(cdr::OutputStream& os, const TargetAddress& target) {
  os.write_short(static_cast<std::int16_t>(disposition(target)));
  if (const auto* key = std::get_if<KeyAddr>(&target)) {
    write_octet_sequence(os, key->object_key);
  } else if (const auto* profile = std::get_if<ProfileAddr>(&target)) {
    os.write_ulong(profile->profile.tag);
    write_octet_sequence(os, profile->profile.profile_data);
  } else {
    const auto& ref = std::get<ReferenceAddr>(target);
    os.write_ulong(ref.selected_profile_index);
    cdr::write_ior(os, ref.ior);
  }
}

TargetAddress read_target_address(cdr::InputStream& is) {
  const std::size_t at = is.position();
  const std::int16_t kind = is.read_short();
  switch (static_cast<AddressingDisposition>(kind)) {
    case AddressingDisposition::key_addr:
      return KeyAddr{read_octet_sequence_view(is)};
    case AddressingDisposition::profile_addr: {
      ProfileAddr addr;
      addr.profile.tag = is.read_ulong();
      const auto data = read_octet_sequence_view(is);
      addr.profile.profile_data.assign(data.begin(), data.end());
      return addr;
    }
    case AddressingDisposition::reference_addr: {
      ReferenceAddr addr;
      addr.selected_profile_index = is.read_ulong();
      addr.ior = cdr::read_ior(is);
      return addr;
    }
  }
  raise<CORBA::MARSHAL>(minor::marshal_bad_message,
                        "unknown TargetAddress disposition " + std::to_string(kind) +
                            " at offset " + std::to_string(at));
}

}  // namespace rtorb::giop
