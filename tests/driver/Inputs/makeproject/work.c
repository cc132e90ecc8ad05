#include "work.h"

#include <cilk/cilk.h>

long stairs(int n) {
  if (n < 2)
    return 1;
  long one = cilk_spawn stairs(n - 1);
  long two = stairs(n - 2);
  cilk_sync;
  return one + two;
}

long stairs_sum(int lo, int hi) {
  if (hi - lo == 1)
    return stairs(lo);
  int mid = lo + (hi - lo) / 2;
  long left = cilk_spawn stairs_sum(lo, mid);
  long right = stairs_sum(mid, hi);
  cilk_sync;
  return left + right;
}
