// Code set negotiation (CORBA 3.x, 13.10.2.6).
#include <rtorb/cdr/code_set_codec.hpp>

#include <rtorb/corba/raise.hpp>

#include <algorithm>

namespace rtorb::cdr {
namespace {

bool contains(const std::vector<CodeSetId>& ids, CodeSetId id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

enum class Family { latin, unicode_wide, other };

Family family_of(CodeSetId id) {
  if (id == code_set::iso_8859_1 || id == code_set::utf_8 || id == code_set::ascii) return Family::latin;
  if (id == code_set::utf_16 || id == code_set::ucs_2_level_1) return Family::unicode_wide;
  return Family::other;
}

// The fallback (UTF-8 for char data, UTF-16 for wchar data) when the natives are
// compatible, i.e. both char sets or both wide Unicode sets we know.
CodeSetId fallback(CodeSetId client_native, CodeSetId server_native) {
  const Family f = family_of(client_native);
  if (f == Family::other || f != family_of(server_native)) return 0;
  return f == Family::latin ? code_set::utf_8 : code_set::utf_16;
}

[[noreturn]] void incompatible(const char* what, const CodeSetComponent& c, const CodeSetComponent& s) {
  char text[160];
  std::snprintf(text, sizeof text, "no %s code set between client native 0x%08x and server native 0x%08x",
                what, c.native_code_set, s.native_code_set);
  raise<CORBA::CODESET_INCOMPATIBLE>(minor::codeset_incompatible_negotiation, text);
}

}  // namespace

CodeSetId negotiate_code_set(const CodeSetComponent& client, const CodeSetComponent& server) {
  if (client.native_code_set == server.native_code_set) return client.native_code_set;
  if (contains(server.conversion_code_sets, client.native_code_set)) return client.native_code_set;
  if (contains(client.conversion_code_sets, server.native_code_set)) return server.native_code_set;
  for (const CodeSetId id : client.conversion_code_sets) {
    if (contains(server.conversion_code_sets, id)) return id;
  }
  return fallback(client.native_code_set, server.native_code_set);
}

CodeSetComponentInfo rtorb_code_sets() {
  return CodeSetComponentInfo{{code_set::iso_8859_1, {code_set::utf_8}}, {code_set::utf_16, {}}};
}

CodeSetContext negotiate_code_sets(const CodeSetComponentInfo& client, const CodeSetComponentInfo& server) {
  CodeSetContext context;
  context.native_char = client.for_char_data.native_code_set;
  context.native_wchar = client.for_wchar_data.native_code_set;
  if (server.for_char_data.native_code_set == 0) {
    context.transmission_char = code_set::iso_8859_1;
  } else {
    context.transmission_char = negotiate_code_set(client.for_char_data, server.for_char_data);
    if (context.transmission_char == 0) incompatible("char", client.for_char_data, server.for_char_data);
  }
  if (server.for_wchar_data.native_code_set == 0) {
    context.transmission_wchar = 0;
  } else {
    context.transmission_wchar = negotiate_code_set(client.for_wchar_data, server.for_wchar_data);
    if (context.transmission_wchar == 0) incompatible("wchar", client.for_wchar_data, server.for_wchar_data);
  }
  return context;
}

}  // namespace rtorb::cdr
