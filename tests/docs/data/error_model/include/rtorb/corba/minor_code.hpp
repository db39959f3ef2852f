// A minor code header with every mistake error_model_check.cmake must find.
namespace rtorb::minor {
inline constexpr std::uint32_t marshal_first = rtorb_vmcid | 0x001;
inline constexpr std::uint32_t transient_same_number = rtorb_vmcid | 0x001;
inline constexpr std::uint32_t transient_never_raised = rtorb_vmcid | 0x002;
[[deprecated("kept for old programs")]]
inline constexpr std::uint32_t transient_kept = rtorb_vmcid | 0x003;
inline constexpr std::uint32_t codeset_incompatible_no_match = rtorb_vmcid | 0x004;
inline constexpr std::uint32_t data_conversion_char = omg_vmcid | 1;
inline constexpr std::uint32_t obj_adapter_activator_failed = omg_vmcid | 1;
}  // namespace rtorb::minor
