// CORBA::object_reference<T>, weak_object_reference<T> and make_reference (IDL to C++11
// mapping, 6.7): shared ownership of an object reference, a local object or a servant.
#pragma once

#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>

namespace rtorb::detail {
// INV_OBJREF inv_objref_nil_reference; out of line and cold, so the check in operator->
// is one predictable branch and no throw code in the caller.
[[noreturn, gnu::cold, gnu::noinline]] void raise_nil_reference();
}  // namespace rtorb::detail

namespace CORBA {

template <class T>
class weak_object_reference;

// A counted reference; nil when empty. Converts implicitly to a reference to a base.
// Using a nil reference (`->` or `*`) raises INV_OBJREF inv_objref_nil_reference.
template <class T>
class object_reference {
 public:
  using element_type = T;

  object_reference() noexcept = default;
  object_reference(std::nullptr_t) noexcept {}
  template <class U, class = std::enable_if_t<std::is_convertible_v<U*, T*>>>
  object_reference(const object_reference<U>& other) noexcept : ptr_(other.ptr_) {}
  template <class U, class = std::enable_if_t<std::is_convertible_v<U*, T*>>>
  object_reference(object_reference<U>&& other) noexcept : ptr_(std::move(other.ptr_)) {}

  T* operator->() const {
    if (ptr_ == nullptr) [[unlikely]] rtorb::detail::raise_nil_reference();
    return ptr_.get();
  }
  T& operator*() const {
    if (ptr_ == nullptr) [[unlikely]] rtorb::detail::raise_nil_reference();
    return *ptr_;
  }
  explicit operator bool() const noexcept { return ptr_ != nullptr; }
  object_reference& operator=(std::nullptr_t) noexcept {
    ptr_.reset();
    return *this;
  }
  void reset() noexcept { ptr_.reset(); }
  weak_object_reference<T> weak_reference() const noexcept { return {*this}; }

  friend bool operator==(const object_reference& r, std::nullptr_t) noexcept { return !r.ptr_; }
  template <class U>
  friend bool operator==(const object_reference& a, const object_reference<U>& b) noexcept {
    return a.ptr_ == b.shared();  // b is another instantiation: no access to its ptr_
  }

  // rtorb: the shared pointer underneath, for code that builds or casts references.
  const std::shared_ptr<T>& shared() const noexcept { return ptr_; }
  static object_reference adopt(std::shared_ptr<T> ptr) noexcept {
    object_reference r;
    r.ptr_ = std::move(ptr);
    return r;
  }

 private:
  template <class U>
  friend class object_reference;
  std::shared_ptr<T> ptr_;
};

template <class T>
class weak_object_reference {
 public:
  weak_object_reference() noexcept = default;
  weak_object_reference(const object_reference<T>& r) noexcept : ptr_(r.shared()) {}
  object_reference<T> lock() const noexcept { return object_reference<T>::adopt(ptr_.lock()); }
  bool expired() const noexcept { return ptr_.expired(); }

 private:
  std::weak_ptr<T> ptr_;
};

// Servants are held the same way as references (the mapping's servant_reference<T>).
template <class T>
using servant_reference = object_reference<T>;

template <class T, class... Args>
object_reference<T> make_reference(Args&&... args) {
  return object_reference<T>::adopt(std::make_shared<T>(std::forward<Args>(args)...));
}

}  // namespace CORBA
