// An object that is built on first use and never destroyed. The program's
// exit handlers and static destructors run after the runtime's own statics
// and thread_locals are gone (glibc destroys the main thread's thread_locals
// first), yet they free memory and read other processes' data, which goes
// through these objects: a destroyed reply buffer there took a fetch into
// freed memory and broke the heap. Like absl::NoDestructor.
#pragma once

#include <new>
#include <utility>

namespace ito::platform {

template <class T> class kept_until_exit {
public:
  template <class... Args> explicit kept_until_exit(Args &&...args) {
    new (storage_) T(std::forward<Args>(args)...);
  }
  kept_until_exit(const kept_until_exit &) = delete;
  kept_until_exit &operator=(const kept_until_exit &) = delete;

  T &operator*() { return *get(); }
  T *operator->() { return get(); }
  T *get() { return std::launder(reinterpret_cast<T *>(storage_)); }

private:
  alignas(T) unsigned char storage_[sizeof(T)];
};

} // namespace ito::platform
