/* heat over the heap: the same Jacobi heat diffusion as heat.c, written as
 * one writes it for one machine: two malloc'd grids swapped after every
 * step, a cilk_for over the rows of each step reading the source grid and
 * writing the destination through plain pointers, no ito header. Same
 * problem, same RESULT checksum as heat.c.
 * Usage: heat_heap [N (3..65536) [STEPS [repeats]]]   (defaults: 1024, 20, 1)
 */
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

#include "../common/checksum.h"
#include "common/timing.h"

static const double alpha = 0.2;

static void init(double *g, size_t n) {
  cilk_for(size_t i = 0; i < n; i++) {
    for (size_t j = 0; j < n; j++)
      g[i * n + j] = i == 0 ? 1.0 : 0.0;
  }
}

static void step(const double *src, double *dst, size_t n) {
  cilk_for(size_t i = 1; i < n - 1; i++) {
    const double *up = src + (i - 1) * n, *mid = src + i * n,
                 *down = src + (i + 1) * n;
    double *out = dst + i * n;
    out[0] = mid[0];
    out[n - 1] = mid[n - 1];
    for (size_t j = 1; j + 1 < n; j++)
      out[j] = mid[j] +
               alpha * (up[j] + down[j] + mid[j - 1] + mid[j + 1] - 4 * mid[j]);
  }
}

int main(int argc, char **argv) {
  long long n = argc > 1 ? atoll(argv[1]) : 1024;
  long long steps = argc > 2 ? atoll(argv[2]) : 20;
  int reps = argc > 3 ? atoi(argv[3]) : 1;
  if (n < 3 || n > (1 << 16) || steps < 0 || steps > (1 << 20) || reps < 1 ||
      reps > MAX_REPEATS) {
    fprintf(stderr,
            "usage: heat_heap [N (3..65536) [STEPS [repeats (1..%d)]]]\n",
            MAX_REPEATS);
    return 2;
  }
  const size_t size = (size_t)n;
  double *a = malloc(size * size * sizeof(double));
  double *b = malloc(size * size * sizeof(double));
  if (!a || !b) {
    fprintf(stderr, "heat_heap: out of memory\n");
    return 1;
  }
  double times[MAX_REPEATS];
  double sum = 0;
  checksum grid = checksum_empty();
  for (int r = 0; r < reps; r++) {
    init(a, size);
    init(b, size);
    double t0 = now();
    double *src = a, *dst = b;
    for (long long s = 0; s < steps; s++) {
      step(src, dst, size);
      double *t = src;
      src = dst;
      dst = t;
    }
    sum = 0;
    for (size_t k = 0; k < size * size; k++)
      sum += src[k];
    times[r] = now() - t0;
    grid = checksum_empty();
    for (size_t k = 0; k < size * size; k++)
      grid = checksum_add_double(grid, src[k]);
  }
  /* Heat only enters through the top edge: the plate holds at most n more
   * than that edge per step, and at least the edge itself. */
  int ok = sum >= (double)n && sum <= (double)n * (double)(steps + 1);
  printf("RESULT heat time_s=%.6f verified=%s n=%lld steps=%lld sum=%.17g "
         "checksum=%016llx\n",
         median(times, reps), ok ? "yes" : "no", n, steps, sum,
         (unsigned long long)grid.hash);
  free(b);
  free(a);
  return ok ? 0 : 1;
}
