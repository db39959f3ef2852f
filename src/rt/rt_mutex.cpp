#include "rt/rt_mutex.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <pthread.h>
#include <time.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace rtorb::rt {
namespace {

class PriorityInheritanceMutex final : public RTCORBA::Mutex {
 public:
  PriorityInheritanceMutex() {
    pthread_mutexattr_t attributes;
    pthread_mutexattr_init(&attributes);
    pthread_mutexattr_setprotocol(&attributes, PTHREAD_PRIO_INHERIT);
    const int error = pthread_mutex_init(&mutex_, &attributes);
    pthread_mutexattr_destroy(&attributes);
    if (error != 0) {
      raise<CORBA::NO_RESOURCES>(minor::no_resources_mutex,
                                 std::string("RTCORBA::Mutex: ") + std::strerror(error));
    }
  }
  ~PriorityInheritanceMutex() override { pthread_mutex_destroy(&mutex_); }

  void lock() override { check(pthread_mutex_lock(&mutex_), "lock"); }
  // Unlocking a mutex this thread does not hold is a bug of the caller: BAD_INV_ORDER.
  void unlock() override { check(pthread_mutex_unlock(&mutex_), "unlock"); }
  bool try_lock(TimeBase::TimeT max_wait) override {
    if (max_wait == 0) {
      const int error = pthread_mutex_trylock(&mutex_);
      if (error == EBUSY) return false;
      check(error, "try_lock");
      return true;
    }
    timespec until{};
    clock_gettime(CLOCK_MONOTONIC, &until);
    const std::uint64_t ns = max_wait * 100;  // TimeT counts 100 ns
    until.tv_sec += static_cast<time_t>(ns / 1'000'000'000);
    until.tv_nsec += static_cast<long>(ns % 1'000'000'000);
    if (until.tv_nsec >= 1'000'000'000) {
      until.tv_sec += 1;
      until.tv_nsec -= 1'000'000'000;
    }
    const int error = pthread_mutex_clocklock(&mutex_, CLOCK_MONOTONIC, &until);
    if (error == ETIMEDOUT) return false;
    check(error, "try_lock");
    return true;
  }
  bool _is_a(const std::string& repository_id) override {
    return repository_id == IDL::traits<RTCORBA::Mutex>::repository_id ||
           CORBA::LocalObject::_is_a(repository_id);
  }

 private:
  static void check(int error, const char* what) {
    if (error == 0) return;
    raise<CORBA::BAD_INV_ORDER>(
        minor::bad_inv_order_mutex_misuse,
        std::string("RTCORBA::Mutex::") + what + ": " + std::strerror(error));
  }

  pthread_mutex_t mutex_;
};

}  // namespace

CORBA::object_reference<RTCORBA::Mutex> make_rt_mutex() {
  return CORBA::make_reference<PriorityInheritanceMutex>();
}

}  // namespace rtorb::rt
