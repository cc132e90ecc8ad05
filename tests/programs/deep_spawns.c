// Many small tasks: fib(27) with a spawn at every level down to n < 2, and a
// recursive sum over a 1,000,000-element array with a cutoff of 1 element.
// main returns an exit status computed from the results (not 0), which the
// job must end with, as the serial elision does.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %expect-status 80 %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %expect-status 80 %ito-run -n 1 %t | diff %t.expected -
// RUN: %expect-status 80 %ito-run -n 2 %t | diff %t.expected -
// RUN: %expect-status 80 %ito-run -n 4 %t | diff %t.expected -
// RUN: %expect-status 80 %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %expect-status 80 %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: fib 27 = 196418
// CHECK-NEXT: sum 1000000 = 500000500000 min 1 max 1000000
// CHECK-NEXT: status 80

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

static long fib(int n) {
  if (n < 2)
    return n;
  long x = cilk_spawn fib(n - 1);
  long y = fib(n - 2);
  cilk_sync;
  return x + y;
}

struct agg {
  long sum, min, max;
};

static struct agg sum(const long *a, long lo, long hi) {
  if (hi - lo == 1)
    return (struct agg){a[lo], a[lo], a[lo]};
  long mid = lo + (hi - lo) / 2;
  struct agg l = cilk_spawn sum(a, lo, mid);
  struct agg r = sum(a, mid, hi);
  cilk_sync;
  l.sum += r.sum;
  l.min = r.min < l.min ? r.min : l.min;
  l.max = r.max > l.max ? r.max : l.max;
  return l;
}

int main(void) {
  long f = fib(27);
  printf("fib 27 = %ld\n", f);
  long n = 1000000;
  long *a = malloc(n * sizeof *a);
  for (long i = 0; i < n; i++)
    a[(i * 7919) % n] = (i * 7919) % n + 1;
  struct agg s = sum(a, 0, n);
  printf("sum %ld = %ld min %ld max %ld\n", n, s.sum, s.min, s.max);
  free(a);
  int status = (int)((f + s.sum) % 97);
  printf("status %d\n", status);
  fflush(stdout);
  return status;
}
