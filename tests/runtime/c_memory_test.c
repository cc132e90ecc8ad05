/* The C API of global memory: collective and noncollective allocation,
 * checkout/checkin in every mode from tasks, get/put, the SPMD barrier. */
#include <ito/ito.h>

#include <mpi.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"

enum { N = 100000 };

struct span {
  int64_t *a;
  size_t lo, hi;
};

/* a[i] = 3 * i + 1 over [lo, hi), then returns the sum of what it wrote
 * read back in read_write mode after doubling. */
static void work(void *args, void *result) {
  struct span s = *(struct span *)args;
  int64_t sum = 0;
  if (s.hi - s.lo <= 3000) {
    int64_t *p =
        ito_checkout(s.a + s.lo, (s.hi - s.lo) * sizeof *p, ITO_MODE_WRITE);
    for (size_t i = s.lo; i < s.hi; i++)
      p[i - s.lo] = 3 * (int64_t)i + 1;
    ito_checkin(s.a + s.lo, (s.hi - s.lo) * sizeof *p, ITO_MODE_WRITE);
    p = ito_checkout(s.a + s.lo, (s.hi - s.lo) * sizeof *p,
                     ITO_MODE_READ_WRITE);
    for (size_t i = s.lo; i < s.hi; i++)
      sum += p[i - s.lo] *= 2;
    ito_checkin(s.a + s.lo, (s.hi - s.lo) * sizeof *p, ITO_MODE_READ_WRITE);
    *(int64_t *)result = sum;
    return;
  }
  struct span l = s, r = s;
  l.hi = r.lo = s.lo + (s.hi - s.lo) / 2;
  int64_t x, y;
  ito_task t;
  ito_fork(&t, work, &l, sizeof l, &x, sizeof x);
  work(&r, &y);
  ito_join(&t);
  *(int64_t *)result = x + y;
}

/* Allocates a cell on whatever process runs it; the parent frees it. */
static void cell(void *args, void *result) {
  int64_t v = *(int64_t *)args;
  int64_t *p = ito_malloc(sizeof *p);
  ito_put(p, &v, sizeof v);
  *(int64_t **)result = p;
}

static void cells(void *args, void *result) {
  (void)args;
  int64_t total = 0;
  for (int64_t i = 0; i < 200; i++) {
    int64_t *p;
    ito_task t;
    ito_fork(&t, cell, &i, sizeof i, &p, sizeof p);
    ito_join(&t);
    const int64_t *q = ito_checkout(p, sizeof *q, ITO_MODE_READ);
    total += *q;
    ito_checkin(p, sizeof *q, ITO_MODE_READ);
    ito_free(p, sizeof *p);
  }
  *(int64_t *)result = total;
}

int main(int argc, char **argv) {
  ito_init(&argc, &argv);
  for (int d = 0; d < 2; d++) {
    int64_t *a = ito_malloc_collective(N * sizeof(int64_t), (ito_dist)d,
                                       4096 * sizeof(int64_t));
    struct span s = {a, 0, N};
    int64_t sum = 0;
    ito_root_exec(work, &s, sizeof s, &sum, sizeof sum);
    ITO_CHECK(sum == 2 * (3 * (int64_t)N * (N - 1) / 2 + N));
    /* Every process reads it back uncached. */
    int64_t last;
    ito_get(&last, a + N - 1, sizeof last);
    ITO_CHECK(last == 2 * (3 * (int64_t)(N - 1) + 1));
    ito_barrier();
    if (ito_rank() == 0) {
      int64_t v = -5;
      ito_put(a, &v, sizeof v);
    }
    ito_barrier();
    const int64_t *p = ito_checkout(a, sizeof *p, ITO_MODE_READ);
    ITO_CHECK(*p == -5);
    ito_checkin(a, sizeof *p, ITO_MODE_READ);
    ito_free_collective(a);
  }
  int64_t total = 0;
  ito_root_exec(cells, NULL, 0, &total, sizeof total);
  ITO_CHECK(total == 199 * 200 / 2);
  if (ito_rank() == 0)
    printf("C global memory: ok on %d processes\n", ito_n_ranks());
  ito_fini();
  return 0;
}
