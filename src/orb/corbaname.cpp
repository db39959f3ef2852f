// resolve_str by hand: one string argument, one object reference result, three user
// exceptions known by their repository ids (Naming Service 1.3, module CosNaming).
#include "orb/corbaname.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/orb/invocation.hpp>
#include <rtorb/orb/object_codec.hpp>

#include <array>

namespace rtorb::orb {
namespace {

const char* not_found_reason(std::uint32_t why) {
  switch (why) {
    case 0: return "missing_node";
    case 1: return "not_context";
    case 2: return "not_object";
  }
  return "unknown reason";
}

// NotFound { NotFoundReason why; Name rest_of_name; }, Name a sequence of {id, kind}.
[[noreturn]] void raise_not_found(cdr::InputStream& body) {
  (void)body.read_string();  // the repository id
  const auto why = body.read_ulong();
  std::string rest;
  const auto count = body.read_length(8);
  for (std::uint32_t i = 0; i < count; ++i) {
    const auto id = body.read_string();
    const auto kind = body.read_string();
    rest += (i == 0 ? "" : "/") + id + (kind.empty() ? "" : "." + kind);
  }
  raise<CORBA::BAD_PARAM>(minor::bad_param_corbaname_not_found,
                          std::string("corbaname: NotFound (") + not_found_reason(why) +
                              "), rest of the name: '" + rest + "'",
                          CORBA::CompletionStatus::COMPLETED_YES);
}

[[noreturn]] void raise_cannot_proceed(cdr::InputStream&) {
  raise<CORBA::BAD_PARAM>(minor::bad_param_corbaname_cannot_proceed,
                          "corbaname: the naming service cannot proceed",
                          CORBA::CompletionStatus::COMPLETED_YES);
}

[[noreturn]] void raise_invalid_name(cdr::InputStream&) {
  raise<CORBA::BAD_PARAM>(minor::bad_param_corbaname_invalid_name,
                          "corbaname: the naming service calls the name invalid",
                          CORBA::CompletionStatus::COMPLETED_YES);
}

constexpr std::array<UserExceptionEntry, 3> naming_exceptions{{
    {"IDL:omg.org/CosNaming/NamingContext/NotFound:1.0", &raise_not_found},
    {"IDL:omg.org/CosNaming/NamingContext/CannotProceed:1.0", &raise_cannot_proceed},
    {"IDL:omg.org/CosNaming/NamingContext/InvalidName:1.0", &raise_invalid_name},
}};

}  // namespace

CORBA::object_reference<CORBA::Object> resolve_string_name(const CORBA::Object& context,
                                                           const std::string& name) {
  Invocation call(context, "resolve_str");
  auto& reply = call.invoke([&](cdr::OutputStream& os) { os.write_string(name); }, naming_exceptions);
  return ProxyAccess::make<CORBA::Object>(read_object_core(reply));
}

}  // namespace rtorb::orb
