/* Helpers of header_locals.c: no Cilk keyword here, but their locals reach
 * the parallel loops of the program's sources. */
#ifndef HEADER_LOCALS_H
#define HEADER_LOCALS_H

void fill_parallel(long *buf, int n, long seed);
void count_parallel(long *counter, int n);

/* A local array filled by a cilk_for elsewhere, then summed here. */
static inline long summarize(long seed) {
  long tmp[4096];
  fill_parallel(tmp, 4096, seed);
  long s = 0;
  for (int i = 0; i < 4096; i++)
    s += tmp[i];
  return s;
}

/* A local scalar that tasks update through a pointer. */
static inline long count_marks(int n) {
  long counter = 0;
  count_parallel(&counter, n);
  return counter;
}

#endif
