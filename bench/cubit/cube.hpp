// The arithmetic every Cubit server and client agrees on: v*v*v, wrapping.
#pragma once

#include <type_traits>

namespace cubit {

template <class T>
T cube(T v) {
  using U = std::make_unsigned_t<T>;
  const U u = static_cast<U>(v);
  return static_cast<T>(static_cast<U>(u * u * u));
}

}  // namespace cubit
