// -ORBLockMemory: the real-time memory set-up, so that the critical path takes no page faults.
#pragma once

#include <string>

namespace rtorb::orb {

// Stops the C heap from giving memory back to the kernel (no trimming, no mmap for large
// blocks: a block freed by one call serves the next without faulting its pages in again)
// and locks the process's pages in memory as they are touched (mlockall with
// MCL_ONFAULT, so the reserved but untouched address space is not populated). Process
// wide and never undone. Returns what could not be done ("" if everything was), for the
// caller to report once; the heap settings are made even when locking is refused.
std::string lock_process_memory() noexcept;

}  // namespace rtorb::orb
