/* cilksort: parallel merge sort in Cilk over ito's global memory (the
 * program of Itoyori SC'23, Fig. 1). The keys and the buffer are collective
 * allocations (block distribution); every leaf checks out the range it works
 * on, and the binary search that splits a merge checks out single keys.
 * Pointers into global memory may go to any task: they are the same in
 * every process. Built with a plain compiler (-DITO_SERIAL), global memory
 * is the C heap and the program is its serial elision.
 * Key i of repeat r is a function of i and r alone, so the input does not
 * depend on which task fills it. The output must be sorted and hold the
 * input's keys (a permutation-invariant checksum of them, computed in main
 * from the function, not from the array); the RESULT line's checksum is an
 * order-dependent hash of the sorted keys, which the serial elision must
 * match.
 * Usage: cilksort [N [cutoff [R]]]   (defaults: N=1000000, cutoff=2048, R=1) */
#include <cilk/cilk.h>
#include <ito/ito.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

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
    key *p = ito_checkout(a, n * sizeof(key), ITO_MODE_WRITE);
    for (size_t i = 0; i < n; i++)
      p[i] = key_at(offset + i, repeat);
    ito_checkin(a, n * sizeof(key), ITO_MODE_WRITE);
    return;
  }
  size_t half = n / 2;
  cilk_spawn fill(a, half, offset, repeat, cutoff);
  fill(a + half, n - half, offset + half, repeat, cutoff);
  cilk_sync;
}

static key get_key(const key *p) {
  key k = *(const key *)ito_checkout(p, sizeof(key), ITO_MODE_READ);
  ito_checkin(p, sizeof(key), ITO_MODE_READ);
  return k;
}

/* The first position in s[0..n) whose key is not less than k. */
static size_t lower_bound(const key *s, size_t n, key k) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (get_key(s + mid) < k)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

static void seqmerge(const key *a, size_t na, const key *b, size_t nb, key *d) {
  size_t i = 0, j = 0, k = 0;
  while (i < na && j < nb)
    d[k++] = b[j] < a[i] ? b[j++] : a[i++];
  while (i < na)
    d[k++] = a[i++];
  while (j < nb)
    d[k++] = b[j++];
}

/* Merges sorted s1[0..n1) and s2[0..n2) into d. */
static void cilkmerge(key *s1, size_t n1, key *s2, size_t n2, key *d,
                      size_t cutoff) {
  if (n1 + n2 < cutoff) {
    const key *a = ito_checkout(s1, n1 * sizeof(key), ITO_MODE_READ);
    const key *b = ito_checkout(s2, n2 * sizeof(key), ITO_MODE_READ);
    key *out = ito_checkout(d, (n1 + n2) * sizeof(key), ITO_MODE_WRITE);
    seqmerge(a, n1, b, n2, out);
    ito_checkin(d, (n1 + n2) * sizeof(key), ITO_MODE_WRITE);
    ito_checkin(s2, n2 * sizeof(key), ITO_MODE_READ);
    ito_checkin(s1, n1 * sizeof(key), ITO_MODE_READ);
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
  size_t p2 = lower_bound(s2, n2, get_key(s1 + p1 - 1));
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
    key *p = ito_checkout(a, n * sizeof(key), ITO_MODE_READ_WRITE);
    qsort(p, n, sizeof(key), compare_keys);
    ito_checkin(a, n * sizeof(key), ITO_MODE_READ_WRITE);
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

struct summary {
  checksum order;   /* of the keys in their order */
  uint64_t content; /* the sum of checksum_mix(key): the same in any order */
  key first, last;
  int sorted;
};

static struct summary summarize(const key *a, size_t n, size_t cutoff) {
  if (n <= 4 * cutoff) {
    struct summary s = {checksum_empty(), 0, 0, 0, 1};
    const key *p = ito_checkout(a, n * sizeof(key), ITO_MODE_READ);
    for (size_t i = 0; i < n; i++) {
      s.order = checksum_add(s.order, p[i]);
      s.content += checksum_mix(p[i]);
      s.sorted &= i == 0 || p[i - 1] <= p[i];
    }
    s.first = n ? p[0] : 0;
    s.last = n ? p[n - 1] : 0;
    ito_checkin(a, n * sizeof(key), ITO_MODE_READ);
    return s;
  }
  size_t half = n / 2;
  struct summary x = cilk_spawn summarize(a, half, cutoff);
  struct summary y = summarize(a + half, n - half, cutoff);
  cilk_sync;
  struct summary s = {checksum_then(x.order, y.order), x.content + y.content,
                      x.first, y.last,
                      x.sorted && y.sorted && x.last <= y.first};
  return s;
}

/* The content checksum of repeat r's input, from key_at alone. */
static uint64_t input_content(size_t n, unsigned repeat) {
  uint64_t c = 0;
  for (size_t i = 0; i < n; i++)
    c += checksum_mix(key_at(i, repeat));
  return c;
}

int main(int argc, char **argv) {
  long long n = argc > 1 ? atoll(argv[1]) : 1000000;
  long long cutoff = argc > 2 ? atoll(argv[2]) : 2048;
  int reps = argc > 3 ? atoi(argv[3]) : 1;
  if (n < 1 || n > (1ll << 32) || cutoff < 2 || reps < 1 ||
      reps > MAX_REPEATS) {
    fprintf(stderr,
            "usage: cilksort [N keys [cutoff (>= 2) [repeats "
            "(1..%d)]]]\n",
            MAX_REPEATS);
    return 2;
  }
  size_t size = (size_t)n, cut = (size_t)cutoff;
  key *a = ito_malloc_collective(size * sizeof(key), ITO_DIST_BLOCK, 0);
  key *b = ito_malloc_collective(size * sizeof(key), ITO_DIST_BLOCK, 0);
  double times[MAX_REPEATS];
  int ok = 1;
  struct summary after = {checksum_empty(), 0, 0, 0, 0};
  for (int r = 0; r < reps; r++) {
    const uint64_t want = input_content(size, (unsigned)r);
    fill(a, size, 0, (unsigned)r, cut);
    const struct summary before = summarize(a, size, cut);
    double t0 = now();
    cilksort(a, b, size, cut);
    times[r] = now() - t0;
    after = summarize(a, size, cut);
    ok &= before.content == want && after.sorted && after.content == want;
  }
  printf("cilksort(%lld) first=%u last=%u\n", n, after.first, after.last);
  printf("RESULT cilksort time_s=%.6f verified=%s n=%lld cutoff=%lld "
         "checksum=%016llx\n",
         median(times, reps), ok ? "yes" : "no", n, cutoff,
         (unsigned long long)after.order.hash);
  ito_free_collective(b);
  ito_free_collective(a);
  return ok ? 0 : 1;
}
