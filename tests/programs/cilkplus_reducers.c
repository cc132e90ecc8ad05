// Intel Cilk Plus's C reducers: CILK_C_REDUCER_OPADD, CILK_C_REDUCER_MAX and
// _MIN (with their _CALC updates), a reducer declared with
// CILK_C_DECLARE_REDUCER / CILK_C_INIT_REDUCER of a user type, each
// registered, updated by parallel tasks, and read after the sync.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// CHECK: total 50005000 pairs 10000 sum 50005000 max 9973 min 3

#include <cilk/cilk.h>
#include <cilk/reducer_max.h>
#include <cilk/reducer_min.h>
#include <cilk/reducer_opadd.h>
#include <stdio.h>

typedef struct {
  long count, sum;
} pair;

static void pair_identity(void *v) {
  pair *p = v;
  p->count = 0;
  p->sum = 0;
}
static void pair_reduce(void *l, void *r) {
  pair *a = l, *b = r;
  a->count += b->count;
  a->sum += b->sum;
}
static void pair_destroy(void *v) { (void)v; }

CILK_C_REDUCER_OPADD(total, long, 0);
CILK_C_REDUCER_MAX(best, int, 0);
CILK_C_REDUCER_MIN(least, int, 1 << 30);

static int value(int i) { return (i * 7919 + 13) % 9974; }
CILK_C_DECLARE_REDUCER(pair)
pairs = CILK_C_INIT_REDUCER(pair, pair_reduce, pair_identity, pair_destroy,
                            {0, 0});

static void add(int lo, int hi) {
  if (hi - lo <= 16) {
    for (int i = lo; i < hi; i++) {
      REDUCER_VIEW(total) += i;
      REDUCER_VIEW(pairs).count++;
      REDUCER_VIEW(pairs).sum += i;
      CILK_C_REDUCER_MAX_CALC(best, value(i));
      CILK_C_REDUCER_MIN_CALC(least, value(i) + 3);
    }
    return;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn add(lo, mid);
  add(mid, hi);
  cilk_sync;
}

int main(void) {
  CILK_C_REGISTER_REDUCER(total);
  CILK_C_REGISTER_REDUCER(pairs);
  CILK_C_REGISTER_REDUCER(best);
  CILK_C_REGISTER_REDUCER(least);
  add(1, 10001);
  printf("total %ld pairs %ld sum %ld max %d min %d\n", REDUCER_VIEW(total),
         REDUCER_VIEW(pairs).count, REDUCER_VIEW(pairs).sum,
         REDUCER_VIEW(best), REDUCER_VIEW(least));
  CILK_C_UNREGISTER_REDUCER(least);
  CILK_C_UNREGISTER_REDUCER(best);
  CILK_C_UNREGISTER_REDUCER(pairs);
  CILK_C_UNREGISTER_REDUCER(total);
  return 0;
}
