// Intel Cilk Plus's C reducers: CILK_C_REDUCER_OPADD, CILK_C_REDUCER_MAX and
// _MIN (with their _CALC updates), reducers declared with
// CILK_C_DECLARE_REDUCER / CILK_C_INIT_REDUCER of user types, whose
// operations take the reducer first as Cilk Plus's do (a pair of sums, and
// a list of malloc'd nodes whose destroy counts the views it ends), each
// registered, updated by parallel tasks, and read after the sync. Before,
// the user's identity(reducer, view) was called as identity(view): a
// write to address 0 at np 2. Also a reducer declared in a function with
// CILK_C_DECLARE_REDUCER and the library's named operations
// (cilk_c_reducer_opadd_reduce_long, ...), and a local max passed by a
// pointer of CILK_C_REDUCER_MAX_TYPE: both were compile errors before.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// CHECK: total 50005000 pairs 10000 sum 50005000 max 9973 min 3
// CHECK-NEXT: list 10000 in order 1 key ok 1
// CHECK-NEXT: counted 1000 locally 499500
// CHECK-NEXT: declared here 332833500 max 9973

#include <cilk/cilk.h>
#include <cilk/reducer_max.h>
#include <cilk/reducer_min.h>
#include <cilk/reducer_opadd.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  long count, sum;
} pair;

static void pair_identity(void *reducer, void *v) {
  pair *p = v;
  p->count = 0;
  p->sum = 0;
}
static void pair_reduce(void *reducer, void *l, void *r) {
  pair *a = l, *b = r;
  a->count += b->count;
  a->sum += b->sum;
}
static void pair_destroy(void *reducer, void *v) {}

CILK_C_REDUCER_OPADD(total, long, 0);
CILK_C_REDUCER_MAX(best, int, 0);
CILK_C_REDUCER_MIN(least, int, 1 << 30);

typedef struct node {
  int value;
  struct node *next;
} node;
typedef struct {
  node *head, *tail;
} list;

static int key_ok = 1;

static void list_identity(void *reducer, void *v) {
  list *l = v;
  l->head = l->tail = NULL;
}
static void list_reduce(void *reducer, void *left, void *right) {
  list *a = left, *b = right;
  if (!a->head)
    *a = *b;
  else if (b->head) {
    a->tail->next = b->head;
    a->tail = b->tail;
  }
  b->head = b->tail = NULL;
}
static void list_destroy(void *reducer, void *v);

CILK_C_DECLARE_REDUCER(list)
numbers = CILK_C_INIT_REDUCER(list, list_reduce, list_identity, list_destroy,
                              {NULL, NULL});

static void list_destroy(void *reducer, void *v) {
  list *l = v;
  // What reduce left: nothing. The reducer passed is this one.
  if (l->head || reducer != (void *)&numbers)
    key_ok = 0;
}

static void append(int x) {
  node *n = malloc(sizeof *n);
  n->value = x;
  n->next = NULL;
  list *l = &REDUCER_VIEW(numbers);
  if (l->tail)
    l->tail->next = n;
  else
    l->head = n;
  l->tail = n;
}

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
      append(i);
    }
    return;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn add(lo, mid);
  add(mid, hi);
  cilk_sync;
}

// A reducer passed by pointer, of the type Cilk Plus names
// (CILK_C_REDUCER_OPADD_TYPE); and one declared in a function, updated by a
// cilk_for.
static void count_up(int lo, int hi, CILK_C_REDUCER_OPADD_TYPE(long) * cnt) {
  if (hi - lo < 100) {
    for (int i = lo; i < hi; i++)
      REDUCER_VIEW(*cnt) += 1;
    return;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn count_up(lo, mid, cnt);
  count_up(mid, hi, cnt);
  cilk_sync;
}

static long local_sum(int n) {
  CILK_C_REDUCER_OPADD(s, long, 0);
  CILK_C_REGISTER_REDUCER(s);
  cilk_for(int i = 0; i < n; i++) REDUCER_VIEW(s) += i;
  long v = REDUCER_VIEW(s);
  CILK_C_UNREGISTER_REDUCER(s);
  return v;
}

static long declared_here(int n) {
  CILK_C_DECLARE_REDUCER(long)
  r = CILK_C_INIT_REDUCER(long, cilk_c_reducer_opadd_reduce_long,
                          cilk_c_reducer_opadd_identity_long,
                          __cilkrts_hyperobject_noop_destroy, 0);
  CILK_C_REGISTER_REDUCER(r);
  cilk_for(int i = 0; i < n; i++) REDUCER_VIEW(r) += (long)i * i;
  CILK_C_UNREGISTER_REDUCER(r);
  return REDUCER_VIEW(r);
}

static void max_of(int lo, int hi, CILK_C_REDUCER_MAX_TYPE(int) * m) {
  if (hi - lo < 64) {
    for (int i = lo; i < hi; i++)
      CILK_C_REDUCER_MAX_CALC(*m, value(i));
    return;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn max_of(lo, mid, m);
  max_of(mid, hi, m);
  cilk_sync;
}

int main(void) {
  CILK_C_REGISTER_REDUCER(total);
  CILK_C_REGISTER_REDUCER(pairs);
  CILK_C_REGISTER_REDUCER(best);
  CILK_C_REGISTER_REDUCER(least);
  CILK_C_REGISTER_REDUCER(numbers);
  add(1, 10001);
  printf("total %ld pairs %ld sum %ld max %d min %d\n", REDUCER_VIEW(total),
         REDUCER_VIEW(pairs).count, REDUCER_VIEW(pairs).sum,
         REDUCER_VIEW(best), REDUCER_VIEW(least));
  int count = 0, in_order = 1;
  for (node *n = REDUCER_VIEW(numbers).head; n; n = n->next)
    in_order &= n->value == ++count;
  printf("list %d in order %d key ok %d\n", count, in_order, key_ok);
  CILK_C_UNREGISTER_REDUCER(numbers);
  CILK_C_REDUCER_OPADD(cnt, long, 0);
  CILK_C_REGISTER_REDUCER(cnt);
  count_up(0, 1000, &cnt);
  printf("counted %ld locally %ld\n", REDUCER_VIEW(cnt), local_sum(1000));
  CILK_C_UNREGISTER_REDUCER(cnt);
  CILK_C_REDUCER_MAX(m, int, -1);
  CILK_C_REGISTER_REDUCER(m);
  max_of(0, 10000, &m);
  printf("declared here %ld max %d\n", declared_here(1000), REDUCER_VIEW(m));
  CILK_C_UNREGISTER_REDUCER(m);
  CILK_C_UNREGISTER_REDUCER(least);
  CILK_C_UNREGISTER_REDUCER(best);
  CILK_C_UNREGISTER_REDUCER(pairs);
  CILK_C_UNREGISTER_REDUCER(total);
  return 0;
}
