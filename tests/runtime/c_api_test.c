/* The C task API: fork with a function pointer and an argument block, join
 * with a result buffer, root execution, at any process count. */
#include <ito/ito.h>

#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"

static void fib(void *args, void *result) {
  int n = *(int *)args;
  if (n < 2) {
    *(long *)result = n;
    return;
  }
  ito_task t;
  long x, y;
  int a = n - 1, b = n - 2;
  ito_fork(&t, fib, &a, sizeof a, &x, sizeof x);
  fib(&b, &y);
  ito_join(&t);
  *(long *)result = x + y;
}

/* A block of arguments larger than a word, and a struct result. */
struct range {
  uint64_t lo, hi;
  uint64_t salt[6];
};
struct sums {
  uint64_t sum, count;
};

static void sum_range(void *args, void *result) {
  struct range r = *(struct range *)args;
  struct sums *out = result;
  if (r.hi - r.lo <= 64) {
    out->sum = 0;
    for (uint64_t i = r.lo; i < r.hi; i++)
      out->sum += i ^ r.salt[i % 6];
    out->count = r.hi - r.lo;
    return;
  }
  struct range left = r, right = r;
  left.hi = right.lo = r.lo + (r.hi - r.lo) / 2;
  struct sums a, b;
  ito_task t;
  ito_fork(&t, sum_range, &left, sizeof left, &a, sizeof a);
  sum_range(&right, &b);
  ito_join(&t);
  out->sum = a.sum + b.sum;
  out->count = a.count + b.count;
}

int main(int argc, char **argv) {
  ito_init(&argc, &argv);
  ITO_CHECK(!ito_is_root());
  for (int rep = 0; rep < 5; rep++) {
    int n = 25;
    long v = 0;
    ito_root_exec(fib, &n, sizeof n, &v, sizeof v);
    ITO_CHECK(v == 75025);

    struct range r = {0, 200000, {1, 22, 333, 4444, 55555, 666666}};
    struct sums s;
    ito_root_exec(sum_range, &r, sizeof r, &s, sizeof s);
    uint64_t expect = 0;
    for (uint64_t i = r.lo; i < r.hi; i++)
      expect += i ^ r.salt[i % 6];
    ITO_CHECK(s.sum == expect);
    ITO_CHECK(s.count == r.hi - r.lo);
  }
  if (ito_is_master())
    printf("c_api: ok\n");
  ito_fini();
  return 0;
}
