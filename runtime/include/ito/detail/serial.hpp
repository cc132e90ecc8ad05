// The serial elision of the task API (ITO_SERIAL): fork runs the callable
// on the spot, join returns its value, root_exec is a call.
#ifndef ITO_DETAIL_SERIAL_HPP
#define ITO_DETAIL_SERIAL_HPP

#include <ito/detail/task_result.hpp>

#include <memory>

namespace ito {

inline bool is_spmd() { return true; }
inline bool is_root() { return true; }

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

template <class T> class future {
public:
  future() = default;
  bool valid() const { return value_ != nullptr; }
  T get() const { return value_->peek(); }

  template <class U, class F, class... Args>
  friend future<U> detail_make_future(F &&f, Args &&...args);

private:
  // Shared, so that T may be incomplete where future<T> is declared, as in
  // the parallel version.
  std::shared_ptr<detail::result_slot<T>> value_;
};

template <class U, class F, class... Args>
future<U> detail_make_future(F &&f, Args &&...args) {
  future<U> fut;
  fut.value_ = std::make_shared<detail::result_slot<U>>();
  detail::store_result(*fut.value_, std::forward<F>(f),
                       std::forward<Args>(args)...);
  return fut;
}

template <class F, class... Args> auto async(F &&f, Args &&...args) {
  using R = std::invoke_result_t<F, Args...>;
  return detail_make_future<R>(std::forward<F>(f), std::forward<Args>(args)...);
}
template <class F, class... Args> auto async(consumers, F &&f, Args &&...args) {
  return async(std::forward<F>(f), std::forward<Args>(args)...);
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
