// C: spawns at several sites of one loop body (and before it) append to a
// list reducer; the list must come out in the serial program's order, so
// the sync joins the block's children newest first across the sites.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// CHECK: items 601 in order 1 first 2584 sum 1999000

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct node {
  int value;
  struct node *next;
} node;
typedef struct {
  node *head, *tail;
} list;

void list_empty(void *v) {
  list *l = v;
  l->head = l->tail = NULL;
}
void list_append(void *left, void *right) {
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

static long fib(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

static void push(int v) {
  node *n = malloc(sizeof *n);
  n->value = v;
  n->next = NULL;
  list *l = &items;
  if (l->tail)
    l->tail->next = n;
  else
    l->head = n;
  l->tail = n;
}

static long first(void) {
  push(0);
  return fib(18);
}
static void a(int i) {
  push(3 * i + 1);
  (void)fib(19);
}
static void b(int i) {
  push(3 * i + 2);
  (void)fib(20);
}
static void c(int i) { push(3 * i + 3); }

int main(void) {
  long f = cilk_spawn first();
  for (int i = 0; i < 200; i++) {
    cilk_spawn a(i);
    cilk_spawn b(i);
    c(i);
  }
  long sum = 0;
  for (int i = 0; i < 2000; i++)
    sum += i;
  cilk_sync;
  int count = 0, in_order = 1;
  for (node *n = items.head; n; n = n->next, count++)
    in_order &= n->value == count;
  printf("items %d in order %d first %ld sum %ld\n", count, in_order, f, sum);
  return 0;
}
