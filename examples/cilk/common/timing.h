/* Timing for the Cilk examples: a clock, and the median of repeated runs. */
#ifndef ITO_EXAMPLES_CILK_TIMING_H
#define ITO_EXAMPLES_CILK_TIMING_H

#include <stdlib.h>
#include <time.h>

/* The most repeats an example takes (its times live on main's stack: main
 * may continue in another process, so no heap across the parallel part). */
#define MAX_REPEATS 100

static inline double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Sorts times[0..n) and returns their median. */
static inline double median(double *times, int n) {
  qsort(times, n, sizeof(double), cmp_double);
  return times[n / 2];
}

#endif /* ITO_EXAMPLES_CILK_TIMING_H */
