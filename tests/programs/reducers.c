// Reducers in C, as OpenCilk programs write them: a typedef'd reducer
// passed to children through a pointer to it, a file-scope reducer, a
// reducer field of a struct, a local reducer (initialized to 1000) declared
// by a task that may run in a stolen continuation, a cilk_for with a
// grainsize pragma adding to a reducer, and a list that tasks append to in
// parallel, whose order is the serial program's only if views are reduced
// in serial order, and a struct reducer used through a pointer with `->`.
// Reducers travel nowhere: each strand has its view, in
// whichever process it runs, and views meet at the joins.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// Preprocessed first (ito-cc -E keeps the reducer keyword), then compiled.
// RUN: %ito-cc -E %s -o %t.i
// RUN: %ito-cc -O2 %t.i -o %t.pre
// RUN: %ito-run -n 2 --internode %t.pre | diff %t.expected -
// Other schedules (ITO_STEAL_SEED): the same answer under each.
// RUN: sh -c 'for s in 1 2 3 4 5 6 7 8; do ITO_STEAL_SEED=$s %ito-run -n 4 %t | diff %t.expected - || exit 1; done'
// RUN: sh -c 'for s in 1 2 3 4; do ITO_STEAL_SEED=$s %ito-run -n 4 --internode %t | diff %t.expected - || exit 1; done'
// CHECK: fib 317811 calls 1028457 field 1028457 locals 640000 squares 333332833333500000 list 20000 in order 1 pairs 100000 4999950000

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

static void zero_long(void *v) { *(long *)v = 0; }
static void add_long(void *l, void *r) { *(long *)l += *(long *)r; }

typedef long cilk_reducer(zero_long, add_long) long_sum;

static long_sum calls;

struct stats {
  int id;
  long cilk_reducer(zero_long, add_long) visits;
};

static void fib(int n, long_sum *result, struct stats *s) {
  calls += 1;
  s->visits++;
  if (n < 2) {
    *result += n;
    return;
  }
  cilk_spawn fib(n - 1, result, s);
  fib(n - 2, result, s);
  cilk_sync;
}

static void add_to(long cilk_reducer(zero_long, add_long) *to, int n) {
  for (int i = 0; i < n; i++)
    *to += 1;
}

// Each call starts its own reducer at 1000 and spawns children that add
// to it; some calls run in stolen continuations.
static long count_in(int k) {
  long cilk_reducer(zero_long, add_long) local = 1000;
  for (int i = 0; i < 8; i++)
    cilk_spawn add_to(&local, 1000 + k);
  cilk_sync;
  return local - 1000 - 8 * k;
}

typedef struct node {
  int value;
  struct node *next;
} node;
typedef struct {
  node *head, *tail;
} list;

static void list_empty(void *v) {
  list *l = v;
  l->head = l->tail = NULL;
}
static void list_append(void *left, void *right) {
  list *l = left, *r = right;
  if (!r->head)
    return;
  if (l->tail)
    l->tail->next = r->head;
  else
    l->head = r->head;
  l->tail = r->tail;
}

static list cilk_reducer(list_empty, list_append) items;

static void push(list *l, int v) {
  node *n = malloc(sizeof *n);
  n->value = v;
  n->next = NULL;
  if (l->tail)
    l->tail->next = n;
  else
    l->head = n;
  l->tail = n;
}

// A struct reducer reached through a pointer and used with `->`.
typedef struct {
  long n, s;
} pair;
static void pair_zero(void *v) { ((pair *)v)->n = ((pair *)v)->s = 0; }
static void pair_add(void *l, void *r) {
  ((pair *)l)->n += ((pair *)r)->n;
  ((pair *)l)->s += ((pair *)r)->s;
}

static void tally_pairs(int lo, int hi,
                        pair cilk_reducer(pair_zero, pair_add) *pr) {
  if (hi - lo <= 4) {
    for (int i = lo; i < hi; i++) {
      pr->n++;
      pr->s += i;
    }
    return;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn tally_pairs(lo, mid, pr);
  tally_pairs(mid, hi, pr);
  cilk_sync;
}

static void collect(int lo, int hi) {
  if (hi - lo <= 8) {
    for (int i = lo; i < hi; i++)
      push(&items, i);
    return;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn collect(lo, mid);
  collect(mid, hi);
  cilk_sync;
}

int main(void) {
  long_sum result = 0;
  struct stats s = {7, 0};
  fib(28, &result, &s);

  long counts[80];
  for (int k = 0; k < 80; k++)
    counts[k] = cilk_spawn count_in(k);
  cilk_sync;
  long locals = 0;
  for (int k = 0; k < 80; k++)
    locals += counts[k];

  long cilk_reducer(zero_long, add_long) squares = 0;
#pragma cilk grainsize 64
  cilk_for (long i = 0; i < 1000000; i++)
    squares += i * i;

  collect(0, 20000);
  pair cilk_reducer(pair_zero, pair_add) pairs = {0, 0};
  tally_pairs(0, 100000, &pairs);
  int n = 0, in_order = 1;
  for (node *p = items.head; p; p = p->next, n++)
    in_order &= p->value == n;

  printf("fib %ld calls %ld field %ld locals %ld squares %ld list %d in order "
         "%d pairs %ld %ld\n",
         result, calls, s.visits, locals, squares, n, in_order, pairs.n,
         pairs.s);
  return 0;
}
