/* matmul over the heap: C += A * B for n x n matrices in malloc'd arrays,
 * by the divide-and-conquer recursion of the Cilk-5 suite's matmul (split
 * the largest of the three dimensions; the two halves of a split of the
 * shared dimension run one after the other, since they write the same part
 * of C), with a plain triple loop at the leaves. No ito header.
 * Usage: matmul_heap [N [leaf [repeats]]]   (defaults: 512, 32, 1) */
#include <cilk/cilk.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../common/checksum.h"
#include "common/timing.h"

/* C[m x p] += A[m x k] * B[k x p]; ld: the row length of all three. */
static void mm(double *c, const double *a, const double *b, size_t m, size_t k,
               size_t p, size_t ld, size_t leaf) {
  if (m <= leaf && k <= leaf && p <= leaf) {
    for (size_t i = 0; i < m; i++)
      for (size_t l = 0; l < k; l++) {
        const double x = a[i * ld + l];
        for (size_t j = 0; j < p; j++)
          c[i * ld + j] += x * b[l * ld + j];
      }
    return;
  }
  if (m >= k && m >= p) {
    cilk_spawn mm(c, a, b, m / 2, k, p, ld, leaf);
    mm(c + m / 2 * ld, a + m / 2 * ld, b, m - m / 2, k, p, ld, leaf);
    cilk_sync;
  } else if (p >= k) {
    cilk_spawn mm(c, a, b, m, k, p / 2, ld, leaf);
    mm(c + p / 2, a, b + p / 2, m, k, p - p / 2, ld, leaf);
    cilk_sync;
  } else {
    mm(c, a, b, m, k / 2, p, ld, leaf);
    mm(c, a + k / 2, b + k / 2 * ld, m, k - k / 2, p, ld, leaf);
  }
}

/* Small integers, so every sum is exact whatever the order. */
static double entry(size_t i, size_t j, unsigned salt) {
  return (double)((i * 31 + j * 17 + salt) % 7) - 3.0;
}

int main(int argc, char **argv) {
  long long n = argc > 1 ? atoll(argv[1]) : 512;
  long long leaf = argc > 2 ? atoll(argv[2]) : 32;
  int reps = argc > 3 ? atoi(argv[3]) : 1;
  if (n < 1 || n > (1 << 14) || leaf < 1 || reps < 1 || reps > MAX_REPEATS) {
    fprintf(stderr, "usage: matmul_heap [N [leaf [repeats (1..%d)]]]\n",
            MAX_REPEATS);
    return 2;
  }
  const size_t size = (size_t)n;
  double *a = malloc(size * size * sizeof(double));
  double *b = malloc(size * size * sizeof(double));
  double *c = malloc(size * size * sizeof(double));
  if (!a || !b || !c) {
    fprintf(stderr, "matmul_heap: out of memory\n");
    return 1;
  }
  double times[MAX_REPEATS];
  int ok = 1;
  checksum result = checksum_empty();
  for (int r = 0; r < reps; r++) {
    for (size_t i = 0; i < size; i++)
      for (size_t j = 0; j < size; j++) {
        a[i * size + j] = entry(i, j, 1);
        b[i * size + j] = entry(j, i, 2);
        c[i * size + j] = 0;
      }
    double t0 = now();
    mm(c, a, b, size, size, size, size, (size_t)leaf);
    times[r] = now() - t0;
    /* Check a few entries against their dot products. */
    for (size_t t = 0; t < 16; t++) {
      const size_t i = (t * 7919) % size, j = (t * 104729) % size;
      double want = 0;
      for (size_t l = 0; l < size; l++)
        want += entry(i, l, 1) * entry(j, l, 2);
      ok &= c[i * size + j] == want;
    }
    result = checksum_empty();
    for (size_t k = 0; k < size * size; k++)
      result = checksum_add_double(result, c[k]);
  }
  printf("RESULT matmul time_s=%.6f verified=%s n=%lld leaf=%lld "
         "checksum=%016llx\n",
         median(times, reps), ok ? "yes" : "no", n, leaf,
         (unsigned long long)result.hash);
  free(c);
  free(b);
  free(a);
  return ok ? 0 : 1;
}
