// Counts the calls to every form of global operator new while counting is on, in every
// thread of the process or in the calling thread alone. A test binary that uses it lists
// allocation_counter.cpp in its sources, which replaces every form of operator new and
// delete (all of them, so that none is paired with a sanitizer's or the library's own).
#pragma once

#include <cstddef>

namespace rtorb::test {

// Starts counting from zero. With RTORB_ALLOCATION_TRACE=1 in the environment, the stack
// of every counted allocation is printed to stderr (to find where one comes from).
void start_counting_allocations() noexcept;
// Stops counting and returns how many allocations were made since the start.
std::size_t stop_counting_allocations() noexcept;

// The same for the calling thread only, so that an ORB's own threads do not disturb a
// count taken around collocated calls.
void start_counting_thread_allocations() noexcept;
std::size_t stop_counting_thread_allocations() noexcept;

}  // namespace rtorb::test
