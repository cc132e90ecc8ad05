// Function pointers in Cilk C: a reduction that spawns through a function
// pointer parameter (cilk_spawn op(...)), a file-scope table of operations
// that a cilk_for indexes, a struct of callbacks on the heap, and qsort
// with a comparator called inside spawned tasks.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: reduce add 1249975001 max 49999 min 1 xor 1
// CHECK-NEXT: table add 1275 mul 292 sub -25 max 50
// CHECK-NEXT: sorted 16 chunks of 4000: ok 1 desc-ok 1 sum {{[0-9]+}}
// CHECK-NEXT: callbacks 3 applied 65536

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

typedef long (*binop)(long, long);

static long add(long a, long b) { return a + b; }
static long mul(long a, long b) { return (a * b) % 10007; }
static long sub(long a, long b) { return a - b; }
static long max(long a, long b) { return a > b ? a : b; }
static long min(long a, long b) { return a < b ? a : b; }
static long bxor(long a, long b) { return a ^ b; }

binop table[] = {add, mul, sub, max};
const char *names[] = {"add", "mul", "sub", "max"};

static long leaf(binop op, const long *a, long n) {
  long r = a[0];
  for (long i = 1; i < n; i++)
    r = op(r, a[i]);
  return r;
}

static long reduce(binop op, const long *a, long n) {
  if (n <= 64)
    return leaf(op, a, n);
  long x = cilk_spawn reduce(op, a, n / 2);
  long y = reduce(op, a + n / 2, n - n / 2);
  cilk_sync;
  return op(x, y);
}

static long tree(binop op, long lo, long hi) {
  if (hi - lo == 1)
    return lo;
  long mid = lo + (hi - lo) / 2;
  long x = cilk_spawn tree(op, lo, mid);
  long y = tree(op, mid, hi);
  cilk_sync;
  long z = cilk_spawn op(x, y);
  cilk_sync;
  return z;
}

static int up(const void *p, const void *q) {
  int a = *(const int *)p, b = *(const int *)q;
  return (a > b) - (a < b);
}
static int down(const void *p, const void *q) { return up(q, p); }

static void sort_chunk(int *a, size_t n,
                       int (*cmp)(const void *, const void *)) {
  qsort(a, n, sizeof *a, cmp);
}

struct callbacks {
  void (*fn[3])(int *);
  int count;
};
static void inc(int *x) { *x += 1; }
static void dbl(int *x) { *x *= 2; }
static void dec(int *x) { *x -= 1; }

int main(void) {
  long n = 50000;
  long *a = malloc(n * sizeof *a);
  for (long i = 0; i < n; i++)
    a[i] = i;
  a[0] = 1;
  long r[4];
  binop ops[4] = {add, max, min, bxor};
  for (int k = 0; k < 4; k++)
    r[k] = cilk_spawn reduce(ops[k], a, n);
  cilk_sync;
  printf("reduce add %ld max %ld min %ld xor %ld\n", r[0], r[1], r[2], r[3]);

  long t[4];
  cilk_for(int k = 0; k < 4; k++) t[k] = tree(table[k], 1, k == 1 ? 9 : 51);
  printf("table %s %ld %s %ld %s %ld %s %ld\n", names[0], t[0], names[1], t[1],
         names[2], t[2], names[3], t[3]);

  int chunks = 16, len = 4000;
  int *v = malloc((size_t)chunks * len * sizeof *v);
  unsigned s = 7;
  for (int i = 0; i < chunks * len; i++) {
    s = s * 1664525u + 1013904223u;
    v[i] = (int)(s >> 12);
  }
  for (int c = 0; c < chunks; c++)
    cilk_spawn sort_chunk(v + (long)c * len, (size_t)len, c % 2 ? down : up);
  cilk_sync;
  int ok = 1, dok = 1;
  long sum = 0;
  for (int c = 0; c < chunks; c++)
    for (int i = 0; i < len; i++) {
      int *p = v + (long)c * len;
      sum += p[i] % 1000;
      if (i > 0 && c % 2 == 0 && p[i - 1] > p[i])
        ok = 0;
      if (i > 0 && c % 2 == 1 && p[i - 1] < p[i])
        dok = 0;
    }
  printf("sorted %d chunks of %d: ok %d desc-ok %d sum %ld\n", chunks, len, ok,
         dok, sum);

  struct callbacks *cb = malloc(sizeof *cb);
  cb->fn[0] = inc;
  cb->fn[1] = dbl;
  cb->fn[2] = dec;
  cb->count = 3;
  int *x = malloc(65536 * sizeof *x);
  cilk_for(int i = 0; i < 65536; i++) {
    x[i] = i;
    for (int k = 0; k < cb->count; k++)
      cb->fn[k](&x[i]);
  }
  long applied = 0;
  for (int i = 0; i < 65536; i++)
    applied += x[i] == 2 * i + 1;
  printf("callbacks %d applied %ld\n", cb->count, applied);
  free(a);
  free(v);
  free(x);
  free(cb);
  return 0;
}
