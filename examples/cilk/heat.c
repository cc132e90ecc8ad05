/* heat: heat diffusion on a square plate in Cilk C, over ito's global
 * arrays in C (ito_vector, ito_span). The two grids are collective arrays
 * (block distribution: each process is home to a band of rows); a time step
 * is a cilk_for over the interior rows, each iteration checking out the rows
 * above, at and below its own (read) and its row of the other grid (write).
 * The top edge is held at 1, the other edges at 0. The answer is the sum of
 * the final grid, taken by a fixed tree of halves, so the parallel run and
 * the serial elision (-DITO_SERIAL) agree exactly.
 * Usage: heat [N [STEPS [R]]]   (defaults: N=1024, STEPS=20, R=1) */
#include <cilk/cilk.h>
#include <ito/ito.h>
#include <stdio.h>
#include <stdlib.h>

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

/* The sum of rows [lo, hi) of g, by halves down to 16 rows. */
static double total(ito_span g, size_t n, size_t lo, size_t hi) {
  if (hi - lo <= 16) {
    const double *p =
        ito_span_checkout(g, lo * n, (hi - lo) * n, ITO_MODE_READ);
    double s = 0;
    for (size_t k = 0; k < (hi - lo) * n; k++)
      s += p[k];
    ito_span_checkin(g, lo * n, (hi - lo) * n, ITO_MODE_READ);
    return s;
  }
  size_t mid = lo + (hi - lo) / 2;
  double a = cilk_spawn total(g, n, lo, mid);
  double b = total(g, n, mid, hi);
  cilk_sync;
  return a + b;
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
    sum = total(src, size, 0, size);
    times[r] = now() - t0;
  }
  /* Heat only enters through the top edge: the plate holds at most n more
   * than that edge per step, and at least the edge itself. */
  int ok = sum >= (double)n && sum <= (double)n * (double)(steps + 1);
  printf("RESULT heat time_s=%.6f verified=%s n=%lld steps=%lld sum=%.17g\n",
         median(times, reps), ok ? "yes" : "no", n, steps, sum);
  ito_vector_free(&b);
  ito_vector_free(&a);
  return ok ? 0 : 1;
}
