// The socket and epoll calls of the request path, made as plain system calls. glibc's
// send, sendmsg, recv and epoll_wait are cancellation points: in a multi-threaded process
// each switches asynchronous cancellation on and off around the call (~50 instructions on
// every message; a server's request path went from 1,937 to 1,857 instructions a call).
// rtorb never cancels a thread (a blocked one is woken by shutting its socket down or by
// the reactor's eventfd), so it needs neither. Same results and errno as the wrappers.
#pragma once

#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstddef>

namespace rtorb::transport::sys {

#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
// The sanitizers work through their interceptors of the libc wrappers: ThreadSanitizer
// learns there the happens-before edges that sockets and epoll carry between threads, and
// AddressSanitizer checks the buffers handed to the kernel. Their builds keep the wrappers.
inline ssize_t send(int fd, const void* data, std::size_t size, int flags) noexcept {
  return ::send(fd, data, size, flags);
}
inline ssize_t sendmsg(int fd, const ::msghdr* message, int flags) noexcept {
  return ::sendmsg(fd, message, flags);
}
inline ssize_t recv(int fd, void* data, std::size_t size, int flags) noexcept {
  return ::recv(fd, data, size, flags);
}
inline int epoll_wait(int epfd, ::epoll_event* events, int max, int timeout_ms) noexcept {
  return ::epoll_wait(epfd, events, max, timeout_ms);
}
#else
inline ssize_t send(int fd, const void* data, std::size_t size, int flags) noexcept {
  return ::syscall(SYS_sendto, fd, data, size, flags, nullptr, 0);
}
inline ssize_t sendmsg(int fd, const ::msghdr* message, int flags) noexcept {
  return ::syscall(SYS_sendmsg, fd, message, flags);
}
inline ssize_t recv(int fd, void* data, std::size_t size, int flags) noexcept {
  return ::syscall(SYS_recvfrom, fd, data, size, flags, nullptr, nullptr);
}
inline int epoll_wait(int epfd, ::epoll_event* events, int max, int timeout_ms) noexcept {
  return static_cast<int>(::syscall(SYS_epoll_wait, epfd, events, max, timeout_ms));
}
#endif

}  // namespace rtorb::transport::sys
