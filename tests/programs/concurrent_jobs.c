// Two jobs of the same user on one machine at the same time, one with its
// processes on one node and one with each its own: each has its own
// shared-memory segments (named by the job, created exclusively, mode
// 0600), so neither sees the other's heap, file-scope data or task stacks.
// The jobs wait for each other (marker files) before they compute and
// before they end, so their lifetimes overlap whatever the machine's load.
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial 7 > %t.expected-a
// RUN: %t.serial 11 > %t.expected-b
// RUN: %ito-cc -O2 %s -o %t
// RUN: %python %S/../run_together.py \
// RUN:   %t.dir/a.out "%ito-run -n 2 %t 7 %t.dir/a %t.dir/b" \
// RUN:   %t.dir/b.out "%ito-run -n 2 --internode %t 11 %t.dir/b %t.dir/a"
// RUN: diff %t.expected-a %t.dir/a.out
// RUN: diff %t.expected-b %t.dir/b.out
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define N 200000
static long table[N];

static long sum(const long *a, long lo, long hi) {
  if (hi - lo < 1000) {
    long s = 0;
    for (long i = lo; i < hi; i++)
      s += a[i];
    return s;
  }
  long mid = lo + (hi - lo) / 2;
  long left = cilk_spawn sum(a, lo, mid);
  long right = sum(a, mid, hi);
  cilk_sync;
  return left + right;
}

// Writes <mine>.<step> and waits (at most a minute) for <other>.<step>.
static void meet(const char *mine, const char *other, int step) {
  char path[4096];
  snprintf(path, sizeof path, "%s.%d", mine, step);
  FILE *f = fopen(path, "w");
  if (f)
    fclose(f);
  snprintf(path, sizeof path, "%s.%d", other, step);
  for (int i = 0; i < 6000 && access(path, F_OK) != 0; i++) {
    struct timespec pause = {0, 10000000};
    nanosleep(&pause, NULL);
  }
}

int main(int argc, char **argv) {
  long seed = argc > 1 ? atol(argv[1]) : 7;
  if (argc > 3)
    meet(argv[2], argv[3], 1);
  long *heap = malloc(N * sizeof *heap);
  long total = 0;
  for (int round = 0; round < 20; round++) {
    cilk_for(long i = 0; i < N; i++) {
      heap[i] = (i * seed + round) % 1009;
      table[i] += heap[i] % 7;
    }
    total += sum(heap, 0, N) + sum(table, 0, N);
  }
  if (argc > 3)
    meet(argv[2], argv[3], 2);
  printf("seed %ld: %ld\n", seed, total);
  free(heap);
  return 0;
}
