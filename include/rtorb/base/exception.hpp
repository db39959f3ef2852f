// CORBA::Exception, CORBA::SystemException and the standard system exceptions (C++11 mapping).
#pragma once

#include <cstdint>
#include <exception>
#include <string>

namespace CORBA {

enum class CompletionStatus : std::uint32_t { COMPLETED_YES, COMPLETED_NO, COMPLETED_MAYBE };

class Exception : public std::exception {
 public:
  virtual const char* _name() const noexcept = 0;
  virtual const char* _rep_id() const noexcept = 0;
};

class UserException : public Exception {};

// what() names the exception, its minor code and completion status, plus the detail text
// given where it was raised ("MARSHAL (minor 0x52540003, COMPLETED_NO): string length ...").
class SystemException : public Exception {
 public:
  std::uint32_t minor() const noexcept { return minor_; }
  void minor(std::uint32_t m) noexcept { minor_ = m; }
  CompletionStatus completed() const noexcept { return completed_; }
  void completed(CompletionStatus c) noexcept { completed_ = c; }
  const std::string& detail() const noexcept { return detail_; }
  const char* what() const noexcept override;

 protected:
  SystemException(std::uint32_t minor, CompletionStatus completed, std::string detail);

 private:
  std::uint32_t minor_;
  CompletionStatus completed_;
  std::string detail_;
  mutable std::string what_;
};

// The list of standard system exceptions (CORBA 3.x, 4.12.3.x); expanded below into classes.
#define RTORB_SYSTEM_EXCEPTIONS(X)                                                        \
  X(UNKNOWN) X(BAD_PARAM) X(NO_MEMORY) X(IMP_LIMIT) X(COMM_FAILURE) X(INV_OBJREF)        \
  X(NO_PERMISSION) X(INTERNAL) X(MARSHAL) X(INITIALIZE) X(NO_IMPLEMENT) X(BAD_TYPECODE)  \
  X(BAD_OPERATION) X(NO_RESOURCES) X(NO_RESPONSE) X(PERSIST_STORE) X(BAD_INV_ORDER)      \
  X(TRANSIENT) X(FREE_MEM) X(INV_IDENT) X(INV_FLAG) X(INTF_REPOS) X(BAD_CONTEXT)         \
  X(OBJ_ADAPTER) X(DATA_CONVERSION) X(OBJECT_NOT_EXIST) X(TRANSACTION_REQUIRED)          \
  X(TRANSACTION_ROLLEDBACK) X(INVALID_TRANSACTION) X(INV_POLICY) X(CODESET_INCOMPATIBLE) \
  X(REBIND) X(TIMEOUT) X(TRANSACTION_UNAVAILABLE) X(TRANSACTION_MODE) X(BAD_QOS)         \
  X(INVALID_ACTIVITY) X(ACTIVITY_COMPLETED) X(ACTIVITY_REQUIRED)

#define RTORB_DECLARE_SYSTEM_EXCEPTION(NAME)                                         \
  class NAME : public SystemException {                                              \
   public:                                                                           \
    explicit NAME(std::uint32_t minor = 0,                                           \
                  CompletionStatus completed = CompletionStatus::COMPLETED_NO,       \
                  std::string detail = {})                                           \
        : SystemException(minor, completed, std::move(detail)) {}                    \
    const char* _name() const noexcept override { return #NAME; }                    \
    const char* _rep_id() const noexcept override { return "IDL:omg.org/CORBA/" #NAME ":1.0"; } \
  };
RTORB_SYSTEM_EXCEPTIONS(RTORB_DECLARE_SYSTEM_EXCEPTION)
#undef RTORB_DECLARE_SYSTEM_EXCEPTION

}  // namespace CORBA
