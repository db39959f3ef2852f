// The servant side of Messaging::ReplyHandler (<rtorb/messaging/reply_handler.hpp>): what
// the generated POA::<M>::AMI_<I>Handler derives from. (Its _excep skeletons name the
// operation's user exceptions as stubs do: stub.hpp.)
#pragma once

#include <rtorb/idl/servant.hpp>
#include <rtorb/idl/stub.hpp>
#include <rtorb/messaging/reply_handler.hpp>

namespace POA::Messaging {

class ReplyHandler : public virtual ::PortableServer::Servant,
                     public virtual ::Messaging::rtorb_upcall_ReplyHandler {
 public:
  ::CORBA::object_reference<::Messaging::ReplyHandler> _this();
  bool _is_a(const std::string& repository_id) override;
  const char* rtorb_repository_id() const override;
  void rtorb_dispatch(::rtorb::orb::ServerRequest& request) override;

 protected:
  ReplyHandler() = default;
};

}  // namespace POA::Messaging

namespace CORBA {

template <>
struct servant_traits<::Messaging::ReplyHandler> {
  using base_type = ::POA::Messaging::ReplyHandler;
  using ref_type = ::CORBA::servant_reference<::POA::Messaging::ReplyHandler>;
};

}  // namespace CORBA
