#include "parts.h"

#include <cilk/cilk.h>
#include <stdio.h>

int main(void) {
  long f = cilk_spawn c_fib(18);
  long s = cilk_spawn c_sum_sq(1);
  cilk_sync;
  printf("c: fib=%ld sum=%ld twice=%d\n", f, s, plain_twice(21));
  return 0;
}
