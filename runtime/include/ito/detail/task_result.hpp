// Where a task's value waits until it is joined, for any T including void
// and references (which must not cross processes: see static_assert).
#ifndef ITO_DETAIL_TASK_RESULT_HPP
#define ITO_DETAIL_TASK_RESULT_HPP

#include <tuple>
#include <new>
#include <type_traits>
#include <utility>

namespace ito {

// How many tasks will get() a future made by async(consumers{n}, ...).
struct consumers {
  int n;
};

} // namespace ito

namespace ito::detail {

// The largest value a task may return; larger results belong in global
// memory (or a pointer to it).
inline constexpr std::size_t max_result_size = 192;
// What a join carries: a value, and beside it the exception its task threw
// (ito/detail/tasks.hpp), with room for a value aligned to 64 bytes.
inline constexpr std::size_t max_delivery_size = max_result_size + 64;

template <class T> constexpr void check_result_type() {
  if constexpr (!std::is_void_v<T>) {
    static_assert(!std::is_reference_v<T>,
                  "ito: a task may not return a reference: the task may run "
                  "in another process; return a value");
    // (Trivially copy-constructible and destructible rather than trivially
    // copyable, so that std::pair and std::tuple of plain data qualify.)
    static_assert(std::is_trivially_copy_constructible_v<T> &&
                      std::is_trivially_destructible_v<T>,
                  "ito: a task's return type must be plain data (trivially "
                  "copyable: it is copied between processes as bytes); "
                  "return plain data, or put the data in global memory");
    static_assert(sizeof(T) <= max_result_size,
                  "ito: a task's return value may be at most 192 bytes; "
                  "return a pointer to global memory instead");
  }
}

template <class T> class result_slot {
public:
  result_slot() { check_result_type<T>(); }
  T *address() { return std::launder(reinterpret_cast<T *>(&storage_)); }
  template <class... A> void emplace(A &&...a) {
    ::new (&storage_) T(std::forward<A>(a)...);
  }
  T take() { return *address(); }
  T peek() const {
    return *std::launder(reinterpret_cast<const T *>(&storage_));
  }

private:
  alignas(T) unsigned char storage_[sizeof(T)];
};

template <> class result_slot<void> {
public:
  void *address() { return nullptr; }
  void take() {}
  void peek() const {}
};

// std::invoke without <functional>, whose algorithms (std::search...) would
// meet the program's own functions of the same names through
// argument-dependent lookup: the translation includes this header where
// the program did not include <functional>.
template <class F, class... Args> decltype(auto) invoke(F &&f, Args &&...args) {
  return std::apply(std::forward<F>(f),
                    std::forward_as_tuple(std::forward<Args>(args)...));
}

// Calls f(args...) and stores what it returns in slot.
template <class T, class F, class... Args>
void store_result(result_slot<T> &slot, F &&f, Args &&...args) {
  if constexpr (std::is_void_v<T>)
    detail::invoke(std::forward<F>(f), std::forward<Args>(args)...);
  else
    slot.emplace(detail::invoke(std::forward<F>(f), std::forward<Args>(args)...));
}

// parallel_invoke returns a tuple; a void callable contributes an empty
// placeholder.
struct no_value {};
template <class T>
using tuple_value_t = std::conditional_t<std::is_void_v<T>, no_value, T>;

template <class F> auto call_to_value(F &&f) {
  if constexpr (std::is_void_v<std::invoke_result_t<F>>) {
    std::forward<F>(f)();
    return no_value{};
  } else {
    return std::forward<F>(f)();
  }
}

} // namespace ito::detail

#endif // ITO_DETAIL_TASK_RESULT_HPP
