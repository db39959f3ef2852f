// Who gets the outcome of an asynchronous request (AMI, polling, coroutines), and how it
// reaches them: the reply, or a failure the client saw itself, handed to the stub's
// ReplyDispatch with the reply handler (docs/messaging.md, "AMI").
#pragma once

#include <rtorb/cdr/code_set.hpp>
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/object.hpp>
#include <rtorb/orb/async_reply.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "giop/messages.hpp"

namespace rtorb::orb {

class OrbContext;
class ObjectCore;
class AsyncCallLog;
struct PendingReply;

// Sends the request again to where `reply` (a LOCATION_FORWARD) points, its outcome going
// to `pending`; what fails on the way reaches the handler.
using FollowForward = void (*)(OrbContext& orb, const giop::Message& reply, PendingReply& pending);

// What sending an AMI request again takes, for a LOCATION_FORWARD reply: the reference, the
// operation and the marshaled arguments (a GIOP 1.2 body: 8-aligned, so it reads the same
// after any request header).
struct AmiResend {
  std::shared_ptr<ObjectCore> core;
  std::string operation;
  std::vector<std::uint8_t> arguments;
  int forwards = 0;  // followed so far for this request
  // The sending side's (async_call.cpp): a pointer, so that what reads replies
  // (async_connection.cpp, deliver_reply) does not call back into what sends requests.
  FollowForward follow = nullptr;
};

struct PendingReply {
  using Clock = std::chrono::steady_clock;
  CORBA::object_reference<CORBA::Object> handler;
  ReplyDispatch dispatch = nullptr;
  Clock::time_point deadline{};  // {}: none
  cdr::CodeSetContext code_sets;
  std::shared_ptr<const AmiResend> resend;  // null: a forward reaches the handler as TRANSIENT
  std::shared_ptr<AsyncCallLog> log;  // the call's log line, when calls are logged; else null
};

// Hands `reply` (a decoded Reply message) to `pending`: the result or the exception; a
// forward is followed (AmiResend::follow), or without `pending.resend` reaches the handler
// as TRANSIENT transient_ami_forward. Exceptions the handler raises are logged and dropped:
// a reply handler has no caller to raise to.
void deliver_reply(OrbContext& orb, const giop::Message& reply, PendingReply& pending);
// Hands `failure` (a system exception the client raised itself) to `pending`.
void deliver_failure(OrbContext& orb, const CORBA::SystemException& failure,
                     PendingReply& pending);

}  // namespace rtorb::orb
