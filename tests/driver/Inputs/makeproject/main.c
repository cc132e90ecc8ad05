#include "work.h"

#include <cilk/cilk.h>
#include <stdio.h>

int main(void) {
  long a = cilk_spawn stairs(STAIRS_N);
  long b = cilk_spawn stairs_sum(0, 16);
  cilk_sync;
  printf("stairs(%d)=%ld sum=%ld\n", STAIRS_N, a, b);
  return 0;
}
