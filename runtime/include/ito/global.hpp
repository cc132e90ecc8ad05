// ito: global memory from C++ (included by ito.hpp).
//
//   T *p = ito::malloc<T>(n)            n elements from this process's heap
//   ito::free(p, n)                     (any process may free them)
//   T *a = ito::malloc_coll<T>(n, ito::dist::block)   collective allocation
//   ito::free_coll(a)
//   ito::checkout(p, n, ito::mode::read) ... ito::checkin(p, n, mode)
//   auto s = ito::make_checkout<ito::mode::read_write>(p, n)   RAII span
//   ito::get(p), ito::put(p, v)         one element
//   ito::get_nocache(dst, src, n), ito::put_nocache(dst, src, n)   no cache
//   ito::global_span<T>, ito::global_vector<T>   containers
//
// Under ITO_SERIAL the same calls become plain malloc/free and no-ops.
#ifndef ITO_GLOBAL_HPP
#define ITO_GLOBAL_HPP

#include <ito/ito.h>

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <utility>

namespace ito {

enum class mode : int {
  read = ITO_MODE_READ,
  write = ITO_MODE_WRITE,
  read_write = ITO_MODE_READ_WRITE
};

enum class dist : int {
  block = ITO_DIST_BLOCK,
  block_cyclic = ITO_DIST_BLOCK_CYCLIC
};

namespace detail {
#if defined(ITO_SERIAL)
inline void *g_malloc(std::size_t n) { return std::malloc(n ? n : 1); }
inline void g_free(void *p, std::size_t) { std::free(p); }
inline void *g_malloc_coll(std::size_t n, dist, std::size_t) {
  return std::malloc(n ? n : 1);
}
inline void g_free_coll(void *p) { std::free(p); }
inline void g_checkout(const void *, std::size_t, mode) {}
inline void g_checkin(const void *, std::size_t, mode) {}
inline void g_get(void *dst, const void *src, std::size_t n) {
  std::memcpy(dst, src, n);
}
inline void g_put(void *dst, const void *src, std::size_t n) {
  std::memcpy(dst, src, n);
}
inline void g_barrier() {}
#else
inline void *g_malloc(std::size_t n) { return ito_malloc(n); }
inline void g_free(void *p, std::size_t n) { ito_free(p, n); }
inline void *g_malloc_coll(std::size_t n, dist d, std::size_t block) {
  return ito_malloc_collective(n, static_cast<ito_dist>(d), block);
}
inline void g_free_coll(void *p) { ito_free_collective(p); }
inline void g_checkout(const void *p, std::size_t n, mode m) {
  ito_checkout(p, n, static_cast<ito_mode>(m));
}
inline void g_checkin(const void *p, std::size_t n, mode m) {
  ito_checkin(p, n, static_cast<ito_mode>(m));
}
inline void g_get(void *dst, const void *src, std::size_t n) {
  ito_get(dst, src, n);
}
inline void g_put(void *dst, const void *src, std::size_t n) {
  ito_put(dst, src, n);
}
inline void g_barrier() { ito_barrier(); }
#endif
} // namespace detail

// Global memory holds plain data: it is copied as bytes between processes.
template <class T> constexpr void check_global_type() {
  static_assert(std::is_trivially_copyable_v<T>,
                "global memory holds trivially copyable types only");
}

// n elements of this process's part of global memory (noncollective: any
// task may call it; any process may use and free the memory).
template <class T> T *malloc(std::size_t n) {
  check_global_type<T>();
  return static_cast<T *>(detail::g_malloc(n * sizeof(T)));
}
template <class T> void free(T *p, std::size_t n) {
  detail::g_free(const_cast<std::remove_const_t<T> *>(p), n * sizeof(T));
}

// n elements spread over all processes; every process calls it in SPMD
// mode, or one task in the root task. block_elems: the block of
// dist::block_cyclic (0: ITO_BLOCK_SIZE).
template <class T>
T *malloc_coll(std::size_t n, dist d = dist::block,
               std::size_t block_elems = 0) {
  check_global_type<T>();
  return static_cast<T *>(
      detail::g_malloc_coll(n * sizeof(T), d, block_elems * sizeof(T)));
}
template <class T> void free_coll(T *p) {
  detail::g_free_coll(const_cast<std::remove_const_t<T> *>(p));
}

// Makes n elements at p accessible in mode m until checkin(p, n, m).
template <class T> T *checkout(T *p, std::size_t n, mode m) {
  detail::g_checkout(p, n * sizeof(T), m);
  return p;
}
template <class T> void checkin(T *p, std::size_t n, mode m) {
  detail::g_checkin(p, n * sizeof(T), m);
}

// A checked-out range, checked in when it goes out of scope. Read-only
// spans give const elements.
template <mode M, class T> class checkout_span {
public:
  using element_type = std::conditional_t<M == mode::read, const T, T>;

  checkout_span(T *p, std::size_t n) : p_(p), n_(n) {
    detail::g_checkout(p_, n_ * sizeof(T), M);
  }
  ~checkout_span() {
    if (p_)
      detail::g_checkin(p_, n_ * sizeof(T), M);
  }
  checkout_span(const checkout_span &) = delete;
  checkout_span &operator=(const checkout_span &) = delete;
  checkout_span(checkout_span &&o) noexcept : p_(o.p_), n_(o.n_) {
    o.p_ = nullptr;
  }
  checkout_span &operator=(checkout_span &&) = delete;

  element_type *data() const { return p_; }
  std::size_t size() const { return n_; }
  element_type *begin() const { return p_; }
  element_type *end() const { return p_ + n_; }
  element_type &operator[](std::size_t i) const { return p_[i]; }

private:
  T *p_;
  std::size_t n_;
};

template <mode M, class T>
checkout_span<M, T> make_checkout(T *p, std::size_t n) {
  return checkout_span<M, T>(p, n);
}

// One element, through the cache.
template <class T> T get(const T *p) {
  detail::g_checkout(p, sizeof(T), mode::read);
  T v = *p;
  detail::g_checkin(p, sizeof(T), mode::read);
  return v;
}
template <class T> void put(T *p, const T &v) {
  detail::g_checkout(p, sizeof(T), mode::write);
  *p = v;
  detail::g_checkin(p, sizeof(T), mode::write);
}

// SPMD mode: every process waits here; global memory written before it is
// seen by all after it.
inline void barrier() { detail::g_barrier(); }

// Copies without the cache (the GET/PUT baseline).
template <class T> void get_nocache(T *dst, const T *src, std::size_t n) {
  detail::g_get(dst, src, n * sizeof(T));
}
template <class T> void put_nocache(T *dst, const T *src, std::size_t n) {
  detail::g_put(dst, src, n * sizeof(T));
}

// A range of global memory: a pointer and a size, cheap to copy into
// tasks. Element access goes through checkout (see make_checkout).
template <class T> class global_span {
public:
  global_span() = default;
  global_span(T *p, std::size_t n) : p_(p), n_(n) {}

  T *data() const { return p_; }
  std::size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  T *begin() const { return p_; }
  T *end() const { return p_ + n_; }

  global_span subspan(std::size_t offset, std::size_t count) const {
    return global_span(p_ + offset, count);
  }
  global_span first(std::size_t count) const { return subspan(0, count); }
  global_span last(std::size_t count) const {
    return subspan(n_ - count, count);
  }
  // [0, n/2) and [n/2, n).
  std::pair<global_span, global_span> split_two() const {
    return split_at(n_ / 2);
  }
  std::pair<global_span, global_span> split_at(std::size_t i) const {
    return {first(i), subspan(i, n_ - i)};
  }

  template <mode M> checkout_span<M, T> checkout() const {
    return checkout_span<M, T>(p_, n_);
  }

private:
  T *p_ = nullptr;
  std::size_t n_ = 0;
};

// Owns global memory for n elements: collective (every process constructs
// it in SPMD mode, or one task in the root task) or, with local_heap, from
// the constructing process's heap. Move-only; freed on destruction, which
// must happen where the allocation was made (all processes in SPMD mode,
// or inside the root task).
struct local_heap_t {};
inline constexpr local_heap_t local_heap{};

template <class T> class global_vector {
public:
  global_vector() = default;
  explicit global_vector(std::size_t n, dist d = dist::block,
                         std::size_t block_elems = 0)
      : p_(malloc_coll<T>(n, d, block_elems)), n_(n), collective_(true) {}
  global_vector(local_heap_t, std::size_t n)
      : p_(malloc<T>(n)), n_(n), collective_(false) {}
  ~global_vector() { reset(); }
  global_vector(const global_vector &) = delete;
  global_vector &operator=(const global_vector &) = delete;
  global_vector(global_vector &&o) noexcept
      : p_(o.p_), n_(o.n_), collective_(o.collective_) {
    o.p_ = nullptr;
  }
  global_vector &operator=(global_vector &&o) noexcept {
    std::swap(p_, o.p_);
    std::swap(n_, o.n_);
    std::swap(collective_, o.collective_);
    return *this;
  }

  T *data() const { return p_; }
  std::size_t size() const { return n_; }
  global_span<T> span() const { return global_span<T>(p_, n_); }
  void reset() {
    if (!p_)
      return;
    if (collective_)
      free_coll(p_);
    else
      free(p_, n_);
    p_ = nullptr;
  }

private:
  T *p_ = nullptr;
  std::size_t n_ = 0;
  bool collective_ = true;
};

} // namespace ito

#endif // ITO_GLOBAL_HPP
