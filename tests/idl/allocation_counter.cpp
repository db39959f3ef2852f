// Counts the global operator new calls of one thread (for idl_direct_tests). In a file of
// its own: GCC flags a replaced operator delete that it sees inlined beside a new.
#include "allocation_counter.hpp"

#include <cstdlib>
#include <new>

namespace allocation_counter {
namespace {
thread_local bool counting = false;
thread_local std::size_t count = 0;
}  // namespace

void start() {
  count = 0;
  counting = true;
}

std::size_t stop() {
  counting = false;
  return count;
}

}  // namespace allocation_counter

void* operator new(std::size_t size) {
  if (allocation_counter::counting) ++allocation_counter::count;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
