// A local reducer whose view holds a pointer (a dynamic-size histogram, as
// k-means' centroid sums are written): the cilk_for body only reads the
// view's member and writes through it, so the translation copied the
// reducer into the loop's context by value and looked its views up under
// the copy's address; at np 2 the reduce met garbage and crashed
// (SIGSEGV in the reduce function). A reducer used in a cilk_for body now
// always moves to global memory, as its views are found by its address.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %until-stolen %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: 250000 250000 total 2000000

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

#define K 8

typedef struct {
  long *count;
} histogram;

static void histogram_identity(void *v) {
  ((histogram *)v)->count = calloc(K, sizeof(long));
}

static void histogram_reduce(void *left, void *right) {
  histogram *l = left, *r = right;
  for (int k = 0; k < K; k++)
    l->count[k] += r->count[k];
  free(r->count);
}

int main(void) {
  histogram cilk_reducer(histogram_identity, histogram_reduce) h;
  h.count = calloc(K, sizeof(long));
  cilk_for (int i = 0; i < 2000000; i++)
    h.count[i % K] += 1;
  long total = 0;
  for (int k = 0; k < K; k++)
    total += h.count[k];
  printf("%ld %ld total %ld\n", h.count[0], h.count[K - 1], total);
  free(h.count);
  return 0;
}
