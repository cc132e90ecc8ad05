// Small arrays malloc'd or calloc'd once into file-scope pointers, as C
// programs keep their tables: results that a spawn loop and a cilk_for
// write, a permutation that main sets and tasks read, per-block partial
// sums. Never freed, so LLVM's global optimizer turns each allocation into
// a global of its own (`res.body`, and a flag `res.init`), which was
// private to each process: np 2 printed unwritten 100 of 200, and between
// nodes about half. They stay shared now, like the pointers.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: sh -c 'for s in 1 2 3; do ITO_STEAL_SEED=$s %ito-run -n 2 --internode %t | diff %t.expected - || exit 1; done'
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: %ito-cc -O1 %s -o %t.o1
// RUN: %ito-run -n 2 %t.o1 | diff %t.expected -
// CHECK: unwritten 0 looped 0 permuted 173892 partial 16773120

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

#define N 200
static long *res;
static long *looped;
static int *perm;
static double *partial;

static long work(int i) {
  unsigned s = i;
  long acc = 1;
  for (int k = 0; k < 20000; k++) {
    s = s * 1103515245u + 12345u;
    acc += (s >> 16) & 1;
  }
  return acc;
}

static void fill(int i) { res[i] = work(i); }

static long lookup(int lo, int hi) {
  if (hi - lo <= 16) {
    long s = 0;
    for (int i = lo; i < hi; i++)
      s += perm[i] * (long)i / 1023;
    return s;
  }
  int mid = (lo + hi) / 2;
  long a = cilk_spawn lookup(lo, mid);
  long b = lookup(mid, hi);
  cilk_sync;
  return a + b;
}

int main(void) {
  res = calloc(N, sizeof(long));
  for (int i = 0; i < N; i++)
    cilk_spawn fill(i);
  cilk_sync;
  int unwritten = 0;
  for (int i = 0; i < N; i++)
    unwritten += res[i] != work(i);

  looped = malloc(N * sizeof(long));
  cilk_for (int i = 0; i < N; i++) looped[i] = work(i) + 1;
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += looped[i] != work(i) + 1;

  perm = malloc(1024 * sizeof(int));
  for (int i = 0; i < 1024; i++)
    perm[i] = 1023 - i;
  for (int i = 0; i < 1024; i += 2) {
    int t = perm[i];
    perm[i] = perm[i + 1];
    perm[i + 1] = t;
  }
  long permuted = lookup(0, 1024);

  partial = malloc(64 * sizeof(double));
  cilk_for (int b = 0; b < 64; b++) {
    double s = 0;
    for (int i = b * 64; i < (b + 1) * 64; i++)
      s += i;
    partial[b] = s;
  }
  double total = 0;
  for (int b = 0; b < 64; b++)
    total += partial[b] * 2;
  printf("unwritten %d looped %d permuted %ld partial %.0f\n", unwritten, bad,
         permuted, total);
  return 0;
}
