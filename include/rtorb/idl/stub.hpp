// What generated stubs (fooC.cpp) include: the invocation they drive and the table entries
// that turn a user exception in a reply back into a C++ exception.
#pragma once

#include <rtorb/cdr/codec.hpp>
#include <rtorb/orb/invocation.hpp>

namespace rtorb::detail {

// Reads exception E (repository id first, as its codec does) from a reply and throws it.
// A static member of a class template rather than a function template: GCC does not
// convert the address of a function template specialisation to UserExceptionEntry's
// noreturn function pointer.
template <class E>
struct UserExceptionReader {
  [[noreturn]] static void raise(cdr::InputStream& body) {
    E exception;
    cdr::Codec<E>::read(body, exception);
    throw exception;
  }
};

}  // namespace rtorb::detail
