// The server side of one request, as generated skeletons see it: read the arguments, run
// the upcall, then write the results into reply() or a user exception into
// user_exception(). System exceptions thrown by the upcall are marshaled by the ORB.
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>

#include <cstdint>
#include <span>
#include <string_view>

namespace rtorb::orb {

class ServerRequest {
 public:
  ServerRequest(const ServerRequest&) = delete;
  ServerRequest& operator=(const ServerRequest&) = delete;

  std::string_view operation() const noexcept { return operation_; }
  std::span<const std::uint8_t> object_key() const noexcept { return object_key_; }
  bool response_expected() const noexcept { return response_expected_; }
  // The argument bytes, set up for the request's byte order, GIOP version, code sets and
  // ORB (so object references can be read).
  cdr::InputStream& arguments() noexcept { return arguments_; }

  // Starts a NO_EXCEPTION reply; write the return value, then inout and out arguments.
  virtual cdr::OutputStream& reply() = 0;
  // Starts a USER_EXCEPTION reply; write the exception, repository id first.
  virtual cdr::OutputStream& user_exception() = 0;

 protected:
  ServerRequest(std::string_view operation, std::span<const std::uint8_t> object_key,
                bool response_expected, cdr::InputStream arguments) noexcept
      : operation_(operation),
        object_key_(object_key),
        response_expected_(response_expected),
        arguments_(arguments) {}
  ~ServerRequest() = default;
  // For the ORB, which learns the key after it has a request to report errors through.
  void set_object_key(std::span<const std::uint8_t> object_key) noexcept {
    object_key_ = object_key;
  }

 private:
  std::string_view operation_;
  std::span<const std::uint8_t> object_key_;
  bool response_expected_;
  cdr::InputStream arguments_;
};

}  // namespace rtorb::orb
