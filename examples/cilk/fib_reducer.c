/* fib_reducer: Fibonacci that adds its leaves into a reducer instead of
 * returning values, as OpenCilk's reducer tutorial writes it.
 * Usage: fib_reducer [N] [R]   (defaults: N=30, R=1) */
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/timing.h"

/* Not static: a serial build leaves them unused (cilk_reducer vanishes). */
void zero(void *v) { *(long *)v = 0; }
void plus(void *left, void *right) {
  *(long *)left += *(long *)right;
}

typedef long cilk_reducer(zero, plus) long_sum;

static void fib(int n, long_sum *sum) {
  if (n < 2) {
    *sum += n;
    return;
  }
  cilk_spawn fib(n - 1, sum);
  fib(n - 2, sum);
  cilk_sync;
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
    fprintf(stderr, "usage: fib_reducer [N (0..90)] [repeats (1..%d)]\n",
            MAX_REPEATS);
    return 2;
  }
  double times[MAX_REPEATS];
  long result = 0;
  for (int r = 0; r < reps; r++) {
    long_sum sum = 0;
    double t0 = now();
    fib(n, &sum);
    times[r] = now() - t0;
    result = sum;
  }
  int ok = result == fib_loop(n);
  printf("fib(%d) = %ld\n", n, result);
  printf("RESULT fib_reducer time_s=%.6f verified=%s n=%d fib=%ld "
         "checksum=%ld\n",
         median(times, reps), ok ? "yes" : "no", n, result, result);
  return ok ? 0 : 1;
}
