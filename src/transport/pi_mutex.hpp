// A mutex with the priority-inheritance protocol: a thread that holds it runs at the
// priority of the highest thread waiting for it, so a low-priority holder cannot keep a
// high-priority waiter behind a medium-priority thread (docs/rt.md, "locks"). For the locks
// threads of every priority may meet; BasicLockable, so std::lock_guard takes it.
#pragma once

#include <pthread.h>

namespace rtorb::transport {

class PiMutex {
 public:
  PiMutex() noexcept {
    pthread_mutexattr_t attributes;
    pthread_mutexattr_init(&attributes);
    pthread_mutexattr_setprotocol(&attributes, PTHREAD_PRIO_INHERIT);
    pthread_mutex_init(&mutex_, &attributes);
    pthread_mutexattr_destroy(&attributes);
  }
  PiMutex(const PiMutex&) = delete;
  PiMutex& operator=(const PiMutex&) = delete;
  ~PiMutex() { pthread_mutex_destroy(&mutex_); }

  void lock() noexcept { pthread_mutex_lock(&mutex_); }
  bool try_lock() noexcept { return pthread_mutex_trylock(&mutex_) == 0; }
  void unlock() noexcept { pthread_mutex_unlock(&mutex_); }

 private:
  pthread_mutex_t mutex_;
};

}  // namespace rtorb::transport
