// Parallel patterns over index ranges and global spans, built on
// ito::thread (divide and conquer, child first) and checkout/checkin.
//
//   ito::parallel_for(0, n, grain, [=](std::size_t i) { ... });
//   ito::parallel_for_chunks(0, n, grain, [=](std::size_t lo, std::size_t hi)
//                            { ... });
//   T r = ito::parallel_reduce(0, n, grain, init, map, reduce);
//   ito::for_each<ito::mode::write>(span, grain, [=](T &x) { ... });
//   T r = ito::transform_reduce(span, grain, init, reduce, transform);
//
// The callables are copied into every task (they may run in other
// processes): capture by value, and reach shared data through global
// memory. grain 0 picks about 8 leaves per process. Inside the root task.
#ifndef ITO_PATTERNS_HPP
#define ITO_PATTERNS_HPP

#include <ito/detail/loop_affinity.h>

#include <cstddef>

namespace ito {

namespace detail {
inline std::size_t leaf_size(std::size_t n, std::size_t grain) {
  if (grain)
    return grain;
  const std::size_t leaves = 8 * static_cast<std::size_t>(n_ranks());
  const std::size_t per = (n + leaves - 1) / leaves;
  return per > 1 ? per : 1;
}

// reduce(leaf(lo, hi)...) over [lo, hi) of [begin, end) in pieces of at
// most grain, left to right. The left half runs here, unless this
// process's part of the loop is in the right (ito/detail/loop_affinity.h);
// the operands keep their order either way.
template <class T, class Leaf, class Reduce>
T split_reduce(std::size_t begin, std::size_t end, std::size_t lo,
               std::size_t hi, std::size_t grain, const Leaf &leaf,
               const Reduce &reduce) {
  if (hi - lo <= grain)
    return leaf(lo, hi);
  const std::size_t mid = lo + (hi - lo) / 2;
  if (ito_loop_runs_right(static_cast<long long>(begin),
                          static_cast<long long>(end),
                          static_cast<long long>(mid))) {
    thread<T> right([begin, end, mid, hi, grain, leaf, reduce] {
      return split_reduce<T>(begin, end, mid, hi, grain, leaf, reduce);
    });
    T left = split_reduce<T>(begin, end, lo, mid, grain, leaf, reduce);
    return reduce(left, right.join());
  }
  thread<T> left([begin, end, lo, mid, grain, leaf, reduce] {
    return split_reduce<T>(begin, end, lo, mid, grain, leaf, reduce);
  });
  T right = split_reduce<T>(begin, end, mid, hi, grain, leaf, reduce);
  return reduce(left.join(), right);
}

// Calls leaf(lo, hi) over [lo, hi) of [begin, end), split as split_reduce
// (no_value: ito/detail/task_result.hpp).
template <class Leaf>
void split_range(std::size_t begin, std::size_t end, std::size_t lo,
                 std::size_t hi, std::size_t grain, const Leaf &leaf) {
  if (lo >= hi)
    return;
  split_reduce<no_value>(
      begin, end, lo, hi, grain,
      [leaf](std::size_t l, std::size_t h) {
        leaf(l, h);
        return no_value{};
      },
      [](no_value, no_value) { return no_value{}; });
}
} // namespace detail

// f(i) for every i in [begin, end).
template <class F>
void parallel_for(std::size_t begin, std::size_t end, std::size_t grain, F f) {
  if (begin >= end)
    return;
  detail::split_range(begin, end, begin, end,
                      detail::leaf_size(end - begin, grain),
                      [f](std::size_t lo, std::size_t hi) {
                        for (std::size_t i = lo; i < hi; i++)
                          f(i);
                      });
}

// f(lo, hi) for chunks [lo, hi) of at most grain indices that cover
// [begin, end) (to check out a chunk's data once, not each element's).
template <class F>
void parallel_for_chunks(std::size_t begin, std::size_t end, std::size_t grain,
                         F f) {
  if (begin >= end)
    return;
  detail::split_range(begin, end, begin, end,
                      detail::leaf_size(end - begin, grain), f);
}

// reduce over map(i) for i in [begin, end), starting from init (which
// must be the identity of reduce: each leaf starts from it).
template <class T, class Map, class Reduce>
T parallel_reduce(std::size_t begin, std::size_t end, std::size_t grain, T init,
                  Map map, Reduce reduce) {
  if (begin >= end)
    return init;
  return detail::split_reduce<T>(
      begin, end, begin, end, detail::leaf_size(end - begin, grain),
      [init, map, reduce](std::size_t lo, std::size_t hi) {
        T acc = init;
        for (std::size_t i = lo; i < hi; i++)
          acc = reduce(acc, map(i));
        return acc;
      },
      reduce);
}

// f(element) for every element of s, each leaf checked out in mode M
// (write: f sets the elements; read_write: it updates them; read: f gets
// const elements).
template <mode M, class T, class F>
void for_each(global_span<T> s, std::size_t grain, F f) {
  T *base = s.data();
  detail::split_range(0, s.size(), 0, s.size(),
                      detail::leaf_size(s.size(), grain),
                      [base, f](std::size_t lo, std::size_t hi) {
                        auto c = make_checkout<M>(base + lo, hi - lo);
                        for (std::size_t i = 0; i < hi - lo; i++)
                          f(c[i]);
                      });
}

// reduce over transform(element) for the elements of s, read through
// checkouts; init is the identity of reduce.
template <class T, class U, class Reduce, class Transform>
U transform_reduce(global_span<T> s, std::size_t grain, U init, Reduce reduce,
                   Transform transform) {
  if (s.empty())
    return init;
  T *base = s.data();
  return detail::split_reduce<U>(
      0, s.size(), 0, s.size(), detail::leaf_size(s.size(), grain),
      [base, init, reduce, transform](std::size_t lo, std::size_t hi) {
        auto c = make_checkout<mode::read>(base + lo, hi - lo);
        U acc = init;
        for (std::size_t i = 0; i < hi - lo; i++)
          acc = reduce(acc, transform(c[i]));
        return acc;
      },
      reduce);
}

} // namespace ito

#endif // ITO_PATTERNS_HPP
