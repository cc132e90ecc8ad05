/* Cilk in a header: a static inline function and a static function with a
 * cilk_for, used by several sources. */
#ifndef PFIB_H
#define PFIB_H
#include <cilk/cilk.h>

static inline long pfib(int n) {
  if (n < 2)
    return n;
  long x = cilk_spawn pfib(n - 1);
  long y = pfib(n - 2);
  cilk_sync;
  return x + y;
}

static void pfib_many(int n) {
#ifdef WARN
  int unused = 0;
#endif
  cilk_for (int i = 0; i < n; i++)
    (void)pfib(10 + i % 3);
}

long twice_fib(int n);
#endif
