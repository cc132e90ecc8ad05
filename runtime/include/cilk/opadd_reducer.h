/* OpenCilk's addition reducer: cilk::opadd_reducer<T> is a T that tasks
 * add to in parallel; at each sync it holds the sum of what they added,
 * combined in the serial order of the tasks. For integers that is the
 * serial program's sum; floating-point partial sums are grouped by where
 * the tasks were stolen (as under OpenCilk) and may differ from it in the
 * last digits. Under an ordinary compiler it is a plain T (the serial
 * elision). */
#ifndef ITO_CILK_OPADD_REDUCER_H
#define ITO_CILK_OPADD_REDUCER_H

#include <cilk/cilk.h>

#ifdef __cplusplus

namespace cilk {

template <typename T> static void zero(void *v) {
  *static_cast<T *>(v) = static_cast<T>(0);
}

template <typename T> static void plus(void *l, void *r) {
  *static_cast<T *>(l) += *static_cast<T *>(r);
}

template <typename T> using opadd_reducer = T cilk_reducer(zero<T>, plus<T>);

/* Its operations, as ito's translation names them. */
template <typename T> struct __ito_reducer_opadd_reducer {
  static constexpr void (*identity)(void *) = zero<T>;
  static constexpr void (*reduce)(void *, void *) = plus<T>;
};

} // namespace cilk

#endif /* __cplusplus */

#endif /* ITO_CILK_OPADD_REDUCER_H */
