// Counts the global operator new calls of the calling thread only, so that an ORB's own
// threads do not disturb a count taken around collocated calls (allocation_counter.cpp).
#pragma once

#include <cstddef>

namespace allocation_counter {

void start();         // from zero, in this thread
std::size_t stop();   // how many since start(), in this thread

}  // namespace allocation_counter
