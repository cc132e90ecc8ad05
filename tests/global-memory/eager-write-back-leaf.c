// With the eager write-back policy, a process writes back what it wrote at
// its next fork, not at the polls inside a leaf's loops (every 16 us):
// there each write-back made the next write fault again, and the merges of
// this sort ran 100 times slower at np 4 between nodes (about 3,400 releases
// instead of a few dozen). The release count bounds that, far from both.
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: env ITO_CACHE_POLICY=write-back ITO_STATS=json:%t.json %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: %python %S/Inputs/stats_bounds.py %t.json "total.releases<=400"
// RUN: env ITO_CACHE_POLICY=write-back %ito-run -n 2 --internode %t | diff %t.expected -

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void merge(const int *a, int na, const int *b, int nb, int *out) {
  int i = 0, j = 0, k = 0;
  while (i < na && j < nb)
    out[k++] = a[i] <= b[j] ? a[i++] : b[j++];
  while (i < na)
    out[k++] = a[i++];
  while (j < nb)
    out[k++] = b[j++];
}

static void sort(int *a, int *tmp, int n) {
  if (n <= 4096) {
    for (int i = 1; i < n; i++) {
      int v = a[i], j = i - 1;
      while (j >= 0 && a[j] > v) {
        a[j + 1] = a[j];
        j--;
      }
      a[j + 1] = v;
    }
    return;
  }
  int h = n / 2;
  cilk_spawn sort(a, tmp, h);
  sort(a + h, tmp + h, n - h);
  cilk_sync;
  merge(a, h, a + h, n - h, tmp);
  memcpy(a, tmp, n * sizeof(int));
}

int main(void) {
  const int n = 100000;
  int *a = malloc(n * sizeof *a), *tmp = malloc(n * sizeof *tmp);
  if (!a || !tmp)
    return 1;
  unsigned x = 12345;
  for (int i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    a[i] = (int)(x % 10000000);
  }
  sort(a, tmp, n);
  long unsorted = 0, sum = 0;
  for (int i = 0; i < n; i++) {
    unsorted += i && a[i - 1] > a[i];
    sum = (sum + (long)a[i] * (i % 1000)) % 1000000007;
  }
  printf("unsorted %ld checksum %ld\n", unsorted, sum);
  free(tmp);
  free(a);
  return 0;
}
