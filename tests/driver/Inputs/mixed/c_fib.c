#include "parts.h"

#include <cilk/cilk.h>

long c_fib(int n) {
  if (n < 2)
    return n;
  long x = cilk_spawn c_fib(n - 1);
  long y = c_fib(n - 2);
  cilk_sync;
  return x + y;
}
