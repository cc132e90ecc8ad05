/* cilksort over the heap: the same parallel merge sort as cilksort.c, written
 * as the Cilk-5 suite and the OpenCilk tutorials write it, for one machine:
 * the keys and the buffer are malloc'd arrays, every task reads and writes
 * them through plain pointers, with no ito header and no checkout. ito-cc
 * makes it run on any number of processes: the heap is global memory (on
 * one node every process reaches it in place; from another node a task's
 * first touch of a block fetches it). Same keys, same RESULT checksum as
 * cilksort.c, so the two can be compared.
 * Usage: cilksort_heap [N [cutoff [R]]]   (defaults: N=1000000, cutoff=2048,
 * R=1) */
#include <cilk/cilk.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/checksum.h"
#include "common/timing.h"

typedef uint32_t key;

static key key_at(size_t i, unsigned repeat) {
  uint64_t z = (i + 1) * 0x9e3779b97f4a7c15ull + repeat;
  z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9ull;
  return (key)(z >> 32);
}

static void fill(key *a, size_t n, size_t offset, unsigned repeat,
                 size_t cutoff) {
  if (n <= 4 * cutoff) {
    for (size_t i = 0; i < n; i++)
      a[i] = key_at(offset + i, repeat);
    return;
  }
  size_t half = n / 2;
  cilk_spawn fill(a, half, offset, repeat, cutoff);
  fill(a + half, n - half, offset + half, repeat, cutoff);
  cilk_sync;
}

/* The first position in s[0..n) whose key is not less than k. */
static size_t lower_bound(const key *s, size_t n, key k) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (s[mid] < k)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* Merges sorted s1[0..n1) and s2[0..n2) into d. */
static void cilkmerge(key *s1, size_t n1, key *s2, size_t n2, key *d,
                      size_t cutoff) {
  if (n1 + n2 < cutoff) {
    size_t i = 0, j = 0, k = 0;
    while (i < n1 && j < n2)
      d[k++] = s2[j] < s1[i] ? s2[j++] : s1[i++];
    memcpy(d + k, s1 + i, (n1 - i) * sizeof(key));
    memcpy(d + k + n1 - i, s2 + j, (n2 - j) * sizeof(key));
    return;
  }
  if (n1 < n2) {
    key *s = s1;
    s1 = s2;
    s2 = s;
    size_t n = n1;
    n1 = n2;
    n2 = n;
  }
  size_t p1 = (n1 + 1) / 2;
  size_t p2 = lower_bound(s2, n2, s1[p1 - 1]);
  cilk_spawn cilkmerge(s1, p1, s2, p2, d, cutoff);
  cilkmerge(s1 + p1, n1 - p1, s2 + p2, n2 - p2, d + p1 + p2, cutoff);
  cilk_sync;
}

static int compare_keys(const void *x, const void *y) {
  key a = *(const key *)x, b = *(const key *)y;
  return (a > b) - (a < b);
}

/* Sorts a[0..n), with b[0..n) as the buffer. */
static void cilksort(key *a, key *b, size_t n, size_t cutoff) {
  if (n < cutoff) {
    qsort(a, n, sizeof(key), compare_keys);
    return;
  }
  size_t q = n / 4;
  cilk_spawn cilksort(a, b, q, cutoff);
  cilk_spawn cilksort(a + q, b + q, q, cutoff);
  cilk_spawn cilksort(a + 2 * q, b + 2 * q, q, cutoff);
  cilksort(a + 3 * q, b + 3 * q, n - 3 * q, cutoff);
  cilk_sync;
  cilk_spawn cilkmerge(a, q, a + q, q, b, cutoff);
  cilkmerge(a + 2 * q, q, a + 3 * q, n - 3 * q, b + 2 * q, cutoff);
  cilk_sync;
  cilkmerge(b, 2 * q, b + 2 * q, n - 2 * q, a, cutoff);
}

int main(int argc, char **argv) {
  long long n = argc > 1 ? atoll(argv[1]) : 1000000;
  long long cutoff = argc > 2 ? atoll(argv[2]) : 2048;
  int reps = argc > 3 ? atoi(argv[3]) : 1;
  if (n < 1 || n > (1ll << 32) || cutoff < 2 || reps < 1 ||
      reps > MAX_REPEATS) {
    fprintf(stderr,
            "usage: cilksort_heap [N keys [cutoff (>= 2) [repeats "
            "(1..%d)]]]\n",
            MAX_REPEATS);
    return 2;
  }
  size_t size = (size_t)n, cut = (size_t)cutoff;
  key *a = malloc(size * sizeof(key));
  key *b = malloc(size * sizeof(key));
  if (!a || !b) {
    fprintf(stderr, "cilksort_heap: out of memory\n");
    return 1;
  }
  double times[MAX_REPEATS];
  int ok = 1;
  checksum order = checksum_empty();
  for (int r = 0; r < reps; r++) {
    fill(a, size, 0, (unsigned)r, cut);
    uint64_t want = 0, got = 0;
    for (size_t i = 0; i < size; i++)
      want += checksum_mix(a[i]);
    double t0 = now();
    cilksort(a, b, size, cut);
    times[r] = now() - t0;
    order = checksum_empty();
    for (size_t i = 0; i < size; i++) {
      ok &= i == 0 || a[i - 1] <= a[i];
      got += checksum_mix(a[i]);
      order = checksum_add(order, a[i]);
    }
    ok &= got == want;
  }
  printf("cilksort(%lld) first=%u last=%u\n", n, a[0], a[size - 1]);
  printf("RESULT cilksort time_s=%.6f verified=%s n=%lld cutoff=%lld "
         "checksum=%016llx\n",
         median(times, reps), ok ? "yes" : "no", n, cutoff,
         (unsigned long long)order.hash);
  free(b);
  free(a);
  return ok ? 0 : 1;
}
