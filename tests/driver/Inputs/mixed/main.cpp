#include "parts.h"

#include <cilk/cilk.h>
#include <cstdio>

template <typename F> static long twice_of(F f, int n) { return 2 * f(n); }

int main() {
  long f = cilk_spawn c_fib(18);
  long s = cilk_spawn c_sum_sq(1);
  long t = cilk_spawn twice_of(c_fib, 10);
  cilk_sync;
  std::printf("c++: fib=%ld sum=%ld twice=%d t=%ld\n", f, s, plain_twice(21),
              t);
  return 0;
}
