// CDR codecs for the code set negotiation data: CONV_FRAME::CodeSetComponent(Info) from the
// TAG_CODE_SETS IOR component and CONV_FRAME::CodeSetContext from the CodeSets service
// context (CORBA 3.x, 13.10.2.4-5). Both travel inside encapsulations the caller opens.
#pragma once

#include <rtorb/cdr/code_set.hpp>
#include <rtorb/cdr/codec.hpp>

namespace rtorb::cdr {

template <>
struct Codec<CodeSetComponent> {
  static constexpr std::size_t min_size = 8;
  static void write(OutputStream& os, const CodeSetComponent& v) {
    os.write_ulong(v.native_code_set);
    write_sequence(os, v.conversion_code_sets);
  }
  static void read(InputStream& is, CodeSetComponent& v) {
    v.native_code_set = is.read_ulong();
    read_sequence(is, v.conversion_code_sets);
  }
};

template <>
struct Codec<CodeSetComponentInfo> {
  static constexpr std::size_t min_size = 16;
  static void write(OutputStream& os, const CodeSetComponentInfo& v) {
    Codec<CodeSetComponent>::write(os, v.for_char_data);
    Codec<CodeSetComponent>::write(os, v.for_wchar_data);
  }
  static void read(InputStream& is, CodeSetComponentInfo& v) {
    Codec<CodeSetComponent>::read(is, v.for_char_data);
    Codec<CodeSetComponent>::read(is, v.for_wchar_data);
  }
};

template <>
struct Codec<CodeSetServiceContext> {
  static constexpr std::size_t min_size = 8;
  static void write(OutputStream& os, const CodeSetServiceContext& v) {
    os.write_ulong(v.char_data);
    os.write_ulong(v.wchar_data);
  }
  static void read(InputStream& is, CodeSetServiceContext& v) {
    v.char_data = is.read_ulong();
    v.wchar_data = is.read_ulong();
  }
};

// What rtorb publishes in its IORs: native ISO-8859-1 converting to UTF-8, native UTF-16.
CodeSetComponentInfo rtorb_code_sets();

// The CodeSetContext a client uses with a server that published `server`: negotiates char
// and wchar separately. Raises CODESET_INCOMPATIBLE (data_conversion_char) when they cannot
// talk. A server native of 0 (no component) selects the GIOP defaults: ISO-8859-1 for char;
// wchar is then not usable and left 0.
CodeSetContext negotiate_code_sets(const CodeSetComponentInfo& client, const CodeSetComponentInfo& server);

}  // namespace rtorb::cdr
