// Compound literals whose address reaches tasks: an array literal and a
// "named arguments" struct passed to functions that fork, a literal
// evaluated in each iteration of a loop, literals that point to literals,
// one in a cilk_for body and one in a spawned call's arguments. A compound
// literal lives in its block, on the stack; before, the first two stayed
// there and np 4 printed wrong sums, and a spawned one was an error.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 -Werror %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: %until-stolen %ito-run -n 2 %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: array 528
// CHECK-NEXT: named 100500
// CHECK-NEXT: loop 60300
// CHECK-NEXT: list 6
// CHECK-NEXT: body 5050
// CHECK-NEXT: spawned 136 528

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

static volatile unsigned long sink;
static long spin(long v) {
  unsigned long x = 1;
  for (int i = 0; i < 20000; i++)
    x = x * 6364136223846793005UL + (x >> 7);
  sink = x;
  return v;
}

static long sum(const int *a, int n) {
  if (n <= 1)
    return n ? spin(a[0]) : 0;
  long x = cilk_spawn sum(a, n / 2);
  long y = sum(a + n / 2, n - n / 2);
  cilk_sync;
  return x + y;
}

struct cfg {
  int scale;
  int off;
};

static void apply(long *a, int lo, int hi, const struct cfg *c) {
  if (hi - lo <= 2) {
    for (int i = lo; i < hi; i++)
      a[i] += spin(c->scale * i + c->off);
    return;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn apply(a, lo, mid, c);
  apply(a, mid, hi, c);
  cilk_sync;
}

struct node {
  int value;
  const struct node *next;
};

static long walk(const struct node *n) {
  if (!n)
    return 0;
  long rest = cilk_spawn walk(n->next);
  long here = spin(n->value);
  cilk_sync;
  return here + rest;
}

int main(void) {
  printf("array %ld\n",
         sum((const int[]){1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11,
                           12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
                           23, 24, 25, 26, 27, 28, 29, 30, 31, 32},
             32));

  int n = 200;
  long *a = calloc(n, sizeof *a);
  apply(a, 0, n, &(struct cfg){.scale = 5, .off = 5});
  long s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  printf("named %ld\n", s);

  long *b = calloc(n, sizeof *b);
  for (int k = 1; k <= 2; k++)
    apply(b, 0, n, &(struct cfg){.scale = k, .off = k});
  s = 0;
  for (int i = 0; i < n; i++)
    s += b[i];
  printf("loop %ld\n", s);

  printf("list %ld\n",
         walk(&(struct node){1, &(struct node){2, &(struct node){3, NULL}}}));

  long *c = calloc(101, sizeof *c);
  cilk_for (int i = 0; i <= 100; i++) {
    c[i] = sum((const int[]){i, 0}, 2);
  }
  s = 0;
  for (int i = 0; i <= 100; i++)
    s += c[i];
  printf("body %ld\n", s);

  long x = cilk_spawn sum((const int[]){1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
                                        13, 14, 15, 16},
                          16);
  long y = sum((const int[]){1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11,
                             12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
                             23, 24, 25, 26, 27, 28, 29, 30, 31, 32},
               32);
  cilk_sync;
  printf("spawned %ld %ld\n", x, y);
  free(a);
  free(b);
  free(c);
  return 0;
}
