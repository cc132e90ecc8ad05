#include <cilk/cilk.h>

static inline int user_twice(int (*f)(int), int n) {
  int x = cilk_spawn f(n);
  int y = f(n);
  cilk_sync;
  return x + y;
}
