// A benchmark's main as usually written: argv parsed with strtol/atoi and
// defaults, an environment variable read with getenv (in main and in the
// tasks), rand()/srand() to fill the input before any parallel code, and
// clock() and clock_gettime to time the run (the times are not printed).
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: env MATCH_PATTERN=3 %t.serial 150000 7 > %t.expected
// RUN: %t.serial > %t.expected.default
// RUN: %ito-cc -O2 %s -o %t
// RUN: env MATCH_PATTERN=3 %ito-run -n 1 %t 150000 7 | diff %t.expected -
// RUN: env MATCH_PATTERN=3 %ito-run -n 2 %t 150000 7 | diff %t.expected -
// RUN: env MATCH_PATTERN=3 %ito-run -n 4 %t 150000 7 | diff %t.expected -
// RUN: env MATCH_PATTERN=3 %ito-run -n 2 --internode %t 150000 7 \
// RUN:   | diff %t.expected -
// RUN: env MATCH_PATTERN=3 %ito-run -n 4 --internode %t 150000 7 \
// RUN:   | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected.default -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected.default -
// RUN: FileCheck %s --input-file=%t.expected
// RUN: FileCheck %s --check-prefix=DEFAULT --input-file=%t.expected.default
// CHECK: n 150000 seed 7 pattern 3 count {{[0-9]+}} env-in-tasks 150000
// CHECK-SAME: histogram-ok 1
// DEFAULT: n 100000 seed 1 pattern 0 count {{[0-9]+}} env-in-tasks 100000
// DEFAULT-SAME: histogram-ok 1

#include <cilk/cilk.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int pattern_from_env(void) {
  const char *p = getenv("MATCH_PATTERN");
  return p ? atoi(p) : 0;
}

static long count(const int *a, long n, int pattern) {
  if (n <= 1000) {
    long c = 0;
    for (long i = 0; i < n; i++)
      c += a[i] % 10 == pattern;
    return c;
  }
  long x = cilk_spawn count(a, n / 2, pattern);
  long y = count(a + n / 2, n - n / 2, pattern);
  cilk_sync;
  return x + y;
}

static long env_checks(long lo, long hi, int pattern) {
  if (hi - lo <= 5000) {
    long c = 0;
    for (long i = lo; i < hi; i++)
      c += pattern_from_env() == pattern;
    return c;
  }
  long mid = lo + (hi - lo) / 2;
  long x = cilk_spawn env_checks(lo, mid, pattern);
  long y = env_checks(mid, hi, pattern);
  cilk_sync;
  return x + y;
}

int main(int argc, char **argv) {
  long n = 100000;
  unsigned seed = 1;
  if (argc > 1) {
    char *end;
    errno = 0;
    n = strtol(argv[1], &end, 10);
    if (errno || *end || n <= 0) {
      fprintf(stderr, "bad n '%s'\n", argv[1]);
      return 2;
    }
  }
  if (argc > 2)
    seed = (unsigned)atoi(argv[2]);
  int pattern = pattern_from_env();

  srand(seed);
  int *a = malloc(n * sizeof *a);
  for (long i = 0; i < n; i++)
    a[i] = rand();
  long hist[10] = {0};
  for (long i = 0; i < n; i++)
    hist[a[i] % 10]++;

  clock_t c0 = clock();
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  long c = count(a, n, pattern);
  long e = env_checks(0, n, pattern);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double secs = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
  if (secs < 0 || cpu < 0 || getenv("SHOW_TIME"))
    fprintf(stderr, "time %.3f s cpu %.3f s\n", secs, cpu);
  printf("n %ld seed %u pattern %d count %ld env-in-tasks %ld histogram-ok "
         "%d\n",
         n, seed, pattern, c, e, hist[pattern] == c);
  free(a);
  return 0;
}
