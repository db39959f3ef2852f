// Service context lists: ids with opaque encapsulated data, viewed rather than copied.
#include "giop/service_context.hpp"

namespace rtorb::giop {

std::string_view service_id_name(ServiceId id) noexcept {
  switch (id) {
    case service_id::transaction_service: return "TransactionService";
    case service_id::code_sets: return "CodeSets";
    case service_id::chain_bypass_check: return "ChainBypassCheck";
    case service_id::chain_bypass_info: return "ChainBypassInfo";
    case service_id::logical_thread_id: return "LogicalThreadId";
    case service_id::bi_dir_iiop: return "BI_DIR_IIOP";
    case service_id::sending_context_run_time: return "SendingContextRunTime";
    case service_id::invocation_policies: return "INVOCATION_POLICIES";
    case service_id::forwarded_identity: return "FORWARDED_IDENTITY";
    case service_id::unknown_exception_info: return "UnknownExceptionInfo";
    case service_id::rt_corba_priority: return "RTCorbaPriority";
    case service_id::rt_corba_priority_range: return "RTCorbaPriorityRange";
    case service_id::ft_group_version: return "FT_GROUP_VERSION";
    case service_id::ft_request: return "FT_REQUEST";
    case service_id::exception_details: return "ExceptionDetails";
    case service_id::security_attribute_service: return "SecurityAttributeService";
    default: return "";
  }
}

void write_service_context_list(cdr::OutputStream& os, const ServiceContextList& list) {
  os.write_ulong(static_cast<std::uint32_t>(list.size()));
  for (const ServiceContext& sc : list) {
    os.write_ulong(sc.context_id);
    os.write_ulong(static_cast<std::uint32_t>(sc.context_data.size()));
    os.write_raw(sc.context_data.data(), sc.context_data.size());
  }
}

ServiceContextList read_service_context_list(cdr::InputStream& is) {
  const std::uint32_t count = is.read_length(8);  // context_id + data length per entry
  ServiceContextList list;
  list.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    ServiceContext sc;
    sc.context_id = is.read_ulong();
    sc.context_data = is.read_raw(is.read_length(1));
    list.push_back(sc);
  }
  return list;
}

const ServiceContext* find_service_context(const ServiceContextList& list, ServiceId id) noexcept {
  for (const ServiceContext& sc : list) {
    if (sc.context_id == id) return &sc;
  }
  return nullptr;
}

}  // namespace rtorb::giop
