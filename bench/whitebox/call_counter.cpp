// librtorb-call-counter.so: an LD_PRELOAD library that counts heap calls (malloc, calloc,
// realloc, free, aligned allocations), pthread_mutex_lock/trylock and reader/writer locks in
// any process, ours or omniORB's, and prints the totals as one JSON line at exit and on
// SIGUSR2: appended to the file named by $RTORB_COUNT_OUT, else written to stderr. Per-call
// figures are differences between two runs (bench/scripts/exp_whitebox.py).
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* pointer, std::size_t size);
void* __libc_memalign(std::size_t alignment, std::size_t size);
void __libc_free(void* pointer);
}

namespace {

struct Counters {
  std::atomic<unsigned long> malloc{0}, calloc{0}, realloc{0}, memalign{0}, free{0};
  std::atomic<unsigned long> mutex_lock{0}, mutex_trylock{0}, rwlock{0};
};
Counters counters;

template <class F>
F next_symbol(const char* name) {
  return reinterpret_cast<F>(dlsym(RTLD_NEXT, name));
}

void count(std::atomic<unsigned long>& c) { c.fetch_add(1, std::memory_order_relaxed); }

// Async-signal-safe: snprintf into a stack buffer and one write().
void report() {
  char line[384];
  const int n = std::snprintf(
      line, sizeof line,
      "{\"pid\":%d,\"malloc\":%lu,\"calloc\":%lu,\"realloc\":%lu,\"memalign\":%lu,\"free\":%lu,"
      "\"mutex_lock\":%lu,\"mutex_trylock\":%lu,\"rwlock\":%lu}\n",
      static_cast<int>(getpid()), counters.malloc.load(), counters.calloc.load(),
      counters.realloc.load(), counters.memalign.load(), counters.free.load(),
      counters.mutex_lock.load(), counters.mutex_trylock.load(), counters.rwlock.load());
  if (n <= 0) return;
  const char* path = std::getenv("RTORB_COUNT_OUT");
  const int fd = path != nullptr ? open(path, O_WRONLY | O_APPEND | O_CREAT, 0644) : 2;
  if (fd < 0) return;
  [[maybe_unused]] const auto written = write(fd, line, static_cast<std::size_t>(n));
  if (fd != 2) close(fd);
}

void on_signal(int) { report(); }

__attribute__((constructor)) void install() { signal(SIGUSR2, on_signal); }
__attribute__((destructor)) void at_exit() { report(); }

}  // namespace

extern "C" {

void* malloc(std::size_t size) {
  count(counters.malloc);
  return __libc_malloc(size);
}

void* calloc(std::size_t count_, std::size_t size) {
  count(counters.calloc);
  return __libc_calloc(count_, size);
}

void* realloc(void* pointer, std::size_t size) {
  count(counters.realloc);
  return __libc_realloc(pointer, size);
}

void free(void* pointer) {
  if (pointer != nullptr) count(counters.free);
  __libc_free(pointer);
}

void* memalign(std::size_t alignment, std::size_t size) {
  count(counters.memalign);
  return __libc_memalign(alignment, size);
}

void* aligned_alloc(std::size_t alignment, std::size_t size) {
  count(counters.memalign);
  return __libc_memalign(alignment, size);
}

int posix_memalign(void** result, std::size_t alignment, std::size_t size) {
  count(counters.memalign);
  void* p = __libc_memalign(alignment, size);
  if (p == nullptr) return ENOMEM;
  *result = p;
  return 0;
}

int pthread_mutex_lock(pthread_mutex_t* mutex) {
  using Fn = int (*)(pthread_mutex_t*);
  static const Fn real = next_symbol<Fn>("pthread_mutex_lock");
  count(counters.mutex_lock);
  return real(mutex);
}

int pthread_mutex_trylock(pthread_mutex_t* mutex) {
  using Fn = int (*)(pthread_mutex_t*);
  static const Fn real = next_symbol<Fn>("pthread_mutex_trylock");
  count(counters.mutex_trylock);
  return real(mutex);
}

// std::shared_mutex and other reader/writer locks.
int pthread_rwlock_rdlock(pthread_rwlock_t* lock) {
  using Fn = int (*)(pthread_rwlock_t*);
  static const Fn real = next_symbol<Fn>("pthread_rwlock_rdlock");
  count(counters.rwlock);
  return real(lock);
}

int pthread_rwlock_wrlock(pthread_rwlock_t* lock) {
  using Fn = int (*)(pthread_rwlock_t*);
  static const Fn real = next_symbol<Fn>("pthread_rwlock_wrlock");
  count(counters.rwlock);
  return real(lock);
}

}  // extern "C"
