/* Cilk code that depends on a macro of the source that includes it. */
#ifndef MODE_H
#define MODE_H
#include <cilk/cilk.h>

static inline int mode_twice(int (*f)(int), int n) {
#ifdef MODE_A
  int x = cilk_spawn f(n);
  int y = f(n);
#else
  int y = f(n);
  int x = cilk_spawn f(n);
#endif
  cilk_sync;
  return x + y;
}
#endif
