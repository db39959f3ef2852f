// Code set ids (OSF registry), the negotiated transmission code sets a stream uses, and the
// CodeSetComponentInfo carried in IORs (CORBA 3.x, 13.10.2).
#pragma once

#include <cstdint>
#include <vector>

namespace rtorb::cdr {

using CodeSetId = std::uint32_t;

namespace code_set {
inline constexpr CodeSetId iso_8859_1 = 0x00010001;
inline constexpr CodeSetId utf_8 = 0x05010001;
inline constexpr CodeSetId utf_16 = 0x00010109;
inline constexpr CodeSetId ucs_2_level_1 = 0x00010100;
inline constexpr CodeSetId ascii = 0x00010020;  // ISO 646 IRV
}  // namespace code_set

// What a stream converts between. `native_*` is what application strings hold (rtorb's
// native char set is ISO-8859-1 or UTF-8, its native wchar set UTF-16 code units held in
// wchar_t); `transmission_*` is what goes on the wire, as negotiated by the ORB. Before
// negotiation (and in GIOP 1.0), the defaults below apply.
struct CodeSetContext {
  CodeSetId native_char = code_set::iso_8859_1;
  CodeSetId transmission_char = code_set::iso_8859_1;
  CodeSetId native_wchar = code_set::utf_16;
  CodeSetId transmission_wchar = code_set::utf_16;
  friend bool operator==(const CodeSetContext&, const CodeSetContext&) = default;
};

// IDL: struct CodeSetComponent { CodeSetId native_code_set; sequence<CodeSetId>
// conversion_code_sets; }; struct CodeSetComponentInfo { CodeSetComponent ForCharData,
// ForWcharData; };
struct CodeSetComponent {
  CodeSetId native_code_set = 0;
  std::vector<CodeSetId> conversion_code_sets;
  friend bool operator==(const CodeSetComponent&, const CodeSetComponent&) = default;
};

struct CodeSetComponentInfo {
  CodeSetComponent for_char_data;
  CodeSetComponent for_wchar_data;
  friend bool operator==(const CodeSetComponentInfo&, const CodeSetComponentInfo&) = default;
};

// IDL: struct CodeSetContext { CodeSetId char_data; CodeSetId wchar_data; }, the body of the
// CodeSets service context.
struct CodeSetServiceContext {
  CodeSetId char_data = 0;
  CodeSetId wchar_data = 0;
  friend bool operator==(const CodeSetServiceContext&, const CodeSetServiceContext&) = default;
};

// The negotiation rule of 13.10.2.6: pick the transmission code set for one kind of data
// from the client's and the server's component. Returns 0 when the two cannot talk
// (the ORB then raises CODESET_INCOMPATIBLE).
CodeSetId negotiate_code_set(const CodeSetComponent& client, const CodeSetComponent& server);

}  // namespace rtorb::cdr
