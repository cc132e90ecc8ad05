/* fib: the classic recursive Fibonacci with one spawn per call.
 * Usage: fib [N] [R]   (defaults: N=30, R=1) */
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/timing.h"

static long fib(int n) {
  if (n < 2)
    return n;
  long x = cilk_spawn fib(n - 1);
  long y = fib(n - 2);
  cilk_sync;
  return x + y;
}

static long fib_loop(int n) {
  long a = 0, b = 1;
  for (int i = 0; i < n; i++) {
    long t = a + b;
    a = b;
    b = t;
  }
  return a;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 30;
  int reps = argc > 2 ? atoi(argv[2]) : 1;
  if (n < 0 || n > 90 || reps < 1 || reps > MAX_REPEATS) {
    fprintf(stderr, "usage: fib [N (0..90)] [repeats (1..%d)]\n", MAX_REPEATS);
    return 2;
  }
  double times[MAX_REPEATS];
  long result = 0;
  for (int r = 0; r < reps; r++) {
    double t0 = now();
    result = fib(n);
    times[r] = now() - t0;
  }
  int ok = result == fib_loop(n);
  printf("fib(%d) = %ld\n", n, result);
  printf("RESULT fib time_s=%.6f verified=%s n=%d fib=%ld checksum=%ld\n",
         median(times, reps), ok ? "yes" : "no", n, result, result);
  return ok ? 0 : 1;
}
