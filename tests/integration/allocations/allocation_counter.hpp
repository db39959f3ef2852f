// Counts the calls to every form of global operator new while counting is on, in every
// thread of the process (the test binary replaces operator new/delete).
#pragma once

#include <cstddef>

namespace rtorb::test {

// Starts counting from zero. With RTORB_ALLOCATION_TRACE=1 in the environment, the stack
// of every counted allocation is printed to stderr (to find where one comes from).
void start_counting_allocations() noexcept;
// Stops counting and returns how many allocations were made since the start.
std::size_t stop_counting_allocations() noexcept;

}  // namespace rtorb::test
