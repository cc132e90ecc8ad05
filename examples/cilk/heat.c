/* heat: heat diffusion on a square plate in Cilk C, over ito's global
 * arrays in C (ito_vector, ito_span). The two grids are collective arrays
 * (block distribution: each process is home to a band of rows); a time step
 * is a cilk_for over the interior rows, each iteration checking out the rows
 * above, at and below its own (read) and its row of the other grid (write).
 * The top edge is held at 1, the other edges at 0. The answer is the sum of
 * the final grid, taken by a fixed tree of halves, and (untimed) a checksum
 * of its cells' bits in row order, which the serial elision (-DITO_SERIAL)
 * must match. verified= only bounds the sum by the heat that can have
 * entered through the top edge.
 * Usage: heat [N [STEPS [R]]]   (defaults: N=1024, STEPS=20, R=1) */
#include <cilk/cilk.h>
#include <ito/ito.h>
#include <stdio.h>
#include <stdlib.h>

#include "../common/checksum.h"
#include "common/timing.h"

static const double alpha = 0.2;

/* Both grids start equal: row 0 at 1, the rest at 0. */
static void init(ito_span g, size_t n) {
  cilk_for(size_t i = 0; i < n; i++) {
    double *row = ito_span_checkout(g, i * n, n, ITO_MODE_WRITE);
    for (size_t j = 0; j < n; j++)
      row[j] = i == 0 ? 1.0 : 0.0;
    ito_span_checkin(g, i * n, n, ITO_MODE_WRITE);
  }
}

/* The interior rows of dst from src; the edge rows stay as they are. */
static void step(ito_span src, ito_span dst, size_t n) {
  cilk_for(size_t i = 1; i < n - 1; i++) {
    const double *in =
        ito_span_checkout(src, (i - 1) * n, 3 * n, ITO_MODE_READ);
    double *out = ito_span_checkout(dst, i * n, n, ITO_MODE_WRITE);
    const double *up = in, *mid = in + n, *down = in + 2 * n;
    out[0] = mid[0];
    out[n - 1] = mid[n - 1];
    for (size_t j = 1; j + 1 < n; j++)
      out[j] = mid[j] +
               alpha * (up[j] + down[j] + mid[j - 1] + mid[j + 1] - 4 * mid[j]);
    ito_span_checkin(dst, i * n, n, ITO_MODE_WRITE);
    ito_span_checkin(src, (i - 1) * n, 3 * n, ITO_MODE_READ);
  }
}

/* The sum of rows [lo, hi) of g, by halves down to 16 rows, and (only
 * if asked: it is not part of the timed run) the checksum of their cells'
 * bits, row by row. */
struct rows_summary {
  double sum;
  checksum cells;
};

static struct rows_summary summarize(ito_span g, size_t n, size_t lo, size_t hi,
                                     int with_checksum) {
  if (hi - lo <= 16) {
    const double *p =
        ito_span_checkout(g, lo * n, (hi - lo) * n, ITO_MODE_READ);
    struct rows_summary s = {0, checksum_empty()};
    for (size_t k = 0; k < (hi - lo) * n; k++) {
      s.sum += p[k];
      if (with_checksum)
        s.cells = checksum_add_double(s.cells, p[k]);
    }
    ito_span_checkin(g, lo * n, (hi - lo) * n, ITO_MODE_READ);
    return s;
  }
  size_t mid = lo + (hi - lo) / 2;
  struct rows_summary a = cilk_spawn summarize(g, n, lo, mid, with_checksum);
  struct rows_summary b = summarize(g, n, mid, hi, with_checksum);
  cilk_sync;
  struct rows_summary s = {a.sum + b.sum, checksum_then(a.cells, b.cells)};
  return s;
}

int main(int argc, char **argv) {
  long long n = argc > 1 ? atoll(argv[1]) : 1024;
  long long steps = argc > 2 ? atoll(argv[2]) : 20;
  int reps = argc > 3 ? atoi(argv[3]) : 1;
  if (n < 3 || n > (1 << 16) || steps < 0 || steps > (1 << 20) || reps < 1 ||
      reps > MAX_REPEATS) {
    fprintf(stderr, "usage: heat [N (3..65536) [STEPS [repeats (1..%d)]]]\n",
            MAX_REPEATS);
    return 2;
  }
  const size_t size = (size_t)n;
  ito_vector a =
      ito_vector_collective(size * size, sizeof(double), ITO_DIST_BLOCK, 0);
  ito_vector b =
      ito_vector_collective(size * size, sizeof(double), ITO_DIST_BLOCK, 0);
  double times[MAX_REPEATS];
  double sum = 0;
  checksum grid = checksum_empty();
  for (int r = 0; r < reps; r++) {
    init(a.span, size);
    init(b.span, size);
    double t0 = now();
    ito_span src = a.span, dst = b.span;
    for (long long s = 0; s < steps; s++) {
      step(src, dst, size);
      ito_span t = src;
      src = dst;
      dst = t;
    }
    sum = summarize(src, size, 0, size, 0).sum;
    times[r] = now() - t0;
    grid = summarize(src, size, 0, size, 1).cells;
  }
  /* Heat only enters through the top edge: the plate holds at most n more
   * than that edge per step, and at least the edge itself. */
  int ok = sum >= (double)n && sum <= (double)n * (double)(steps + 1);
  printf("RESULT heat time_s=%.6f verified=%s n=%lld steps=%lld sum=%.17g "
         "checksum=%016llx\n",
         median(times, reps), ok ? "yes" : "no", n, steps, sum,
         (unsigned long long)grid.hash);
  ito_vector_free(&b);
  ito_vector_free(&a);
  return ok ? 0 : 1;
}
