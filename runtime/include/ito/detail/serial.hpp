// The serial elision of the task API (ITO_SERIAL): fork runs the callable
// on the spot, join returns its value, root_exec is a call.
#ifndef ITO_DETAIL_SERIAL_HPP
#define ITO_DETAIL_SERIAL_HPP

#include <ito/detail/task_result.hpp>

namespace ito {

inline bool is_spmd() { return true; }
inline bool is_root() { return true; }
inline void poll() {}

template <class F, class... Args> auto root_exec(F &&f, Args &&...args) {
  return std::forward<F>(f)(std::forward<Args>(args)...);
}

template <class T> class thread {
public:
  thread() = default;
  template <class F, class... Args> explicit thread(F &&f, Args &&...args) {
    detail::store_result(value_, std::forward<F>(f),
                         std::forward<Args>(args)...);
    joinable_ = true;
  }
  thread(const thread &) = delete;
  thread &operator=(const thread &) = delete;
  thread(thread &&) = delete;
  thread &operator=(thread &&) = delete;

  bool joinable() const { return joinable_; }
  T join() {
    joinable_ = false;
    return value_.take();
  }

private:
  detail::result_slot<T> value_;
  bool joinable_ = false;
};

template <class F, class... Args>
thread(F &&, Args &&...) -> thread<std::invoke_result_t<F, Args...>>;

template <class F, class... Args>
thread<std::invoke_result_t<F, Args...>> fork(F &&f, Args &&...args) {
  return thread<std::invoke_result_t<F, Args...>>(std::forward<F>(f),
                                                  std::forward<Args>(args)...);
}

// As in the parallel version, a future is a plain 8-byte handle (so that a
// value may hold futures of its own type); the value lives on the heap until
// its last consumer has taken it.
template <class T> class future {
public:
  future() = default;
  bool valid() const { return cell_ != nullptr; }
  T get() const {
    auto *c = static_cast<cell *>(cell_);
    if constexpr (std::is_void_v<T>) {
      if (--c->left == 0)
        delete c;
    } else {
      T v = c->value.peek();
      if (--c->left == 0)
        delete c;
      return v;
    }
  }

  template <class U, class F, class... Args>
  friend future<U> detail_make_future(int consumers, F &&f, Args &&...args);

private:
  struct cell {
    detail::result_slot<T> value;
    int left;
  };
  void *cell_ = nullptr; // a cell; void * so that T may be incomplete here
};

template <class U, class F, class... Args>
future<U> detail_make_future(int consumers, F &&f, Args &&...args) {
  using cell = typename future<U>::cell;
  auto *c = new cell;
  c->left = consumers;
  detail::store_result(c->value, std::forward<F>(f),
                       std::forward<Args>(args)...);
  future<U> fut;
  fut.cell_ = c;
  return fut;
}

template <class F, class... Args>
auto async(consumers c, F &&f, Args &&...args) {
  using R = std::invoke_result_t<F, Args...>;
  return detail_make_future<R>(c.n, std::forward<F>(f),
                               std::forward<Args>(args)...);
}
template <class F, class... Args> auto async(F &&f, Args &&...args) {
  return async(consumers{1}, std::forward<F>(f), std::forward<Args>(args)...);
}

template <class... Fs> auto parallel_invoke(Fs &&...fs) {
  if constexpr ((std::is_void_v<std::invoke_result_t<Fs>> && ...))
    (std::forward<Fs>(fs)(), ...);
  else
    return std::tuple<detail::tuple_value_t<std::invoke_result_t<Fs>>...>{
        detail::call_to_value(std::forward<Fs>(fs))...};
}

} // namespace ito

#endif // ITO_DETAIL_SERIAL_HPP
