// C cilk_for bodies that use variables whose types the function declares:
// the body becomes a function at file scope, which sees the types through
// twins the translation declares there (the same members). A local struct
// read by value, a pointer to an array of local structs written through,
// a promoted local struct whose address the body takes, a local union, and
// Cilk Plus reducers declared in the function by CILK_C_REDUCER_OPADD and
// CILK_C_REDUCER_MAX (their anonymous struct; the macro's declaration
// stays, and a copy of the reducer is promoted). Before, each was the
// error "declare the type at file scope", and the promoted struct (whose
// declaration defines its type) stayed on the stack: -Wito-stack-sharing.
// Also bodies that name the function's types themselves (a local of a
// typedef'd unnamed struct assigned from a captured one, a struct tag, a
// union, a typedef of a pointer type, a pointer to the typedef'd struct),
// which were the error "cannot use '...', a static variable, type or enum
// constant of its function".
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 -Werror %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: sum 24998749965 best 500097 tags ad
// CHECK-NEXT: total 24999250062
// CHECK-NEXT: accumulators 42.0
// CHECK-NEXT: named 499550 499614
#include <cilk/cilk.h>
#include <cilk/reducer_max.h>
#include <cilk/reducer_opadd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long sums(int n) {
  struct range {
    int lo, hi;
    unsigned flag : 3;
  } r = {3, n - 2, 5};
  struct cell {
    long value;
    char tag;
  };
  struct cell *cells = malloc(n * sizeof *cells);
  union word {
    long l;
    unsigned char b[8];
  } w;
  w.l = 0;
  w.b[0] = 7;
  struct counter {
    long hits;
  } total = {0};
  struct counter *tp = &total;
  cilk_for (int i = 0; i < n; i++) {
    cells[i].value = i >= r.lo && i < r.hi ? (long)i * r.flag : -w.l;
    cells[i].tag = 'a' + i % 26;
  }
  CILK_C_REDUCER_OPADD(sum, long, 0);
  CILK_C_REDUCER_MAX(best, long, 0);
  CILK_C_REGISTER_REDUCER(sum);
  CILK_C_REGISTER_REDUCER(best);
  cilk_for (int i = 0; i < n; i++) {
    REDUCER_VIEW(sum) += cells[i].value;
    CILK_C_REDUCER_MAX_CALC(best, cells[i].value + cells[i].tag);
  }
  cilk_for (int i = 0; i < 1; i++) tp->hits = REDUCER_VIEW(best);
  long s = REDUCER_VIEW(sum) + total.hits;
  printf("sum %ld best %ld tags %c%c\n", REDUCER_VIEW(sum), total.hits,
         cells[0].tag, cells[n - 1].tag);
  CILK_C_UNREGISTER_REDUCER(best);
  CILK_C_UNREGISTER_REDUCER(sum);
  free(cells);
  return s;
}

static void named_in_body(void) {
  typedef struct {
    int lo, hi;
  } range_t;
  struct part {
    long s;
    int n;
  };
  typedef struct part part_t;
  typedef const char *str;
  union bits {
    int i;
    float f;
  };
  range_t r = {0, 1000};
  struct part base = {5, 0};
  part_t parts[10];
  str names[3] = {"x", "yy", "zzz"};
  long out[10];
  cilk_for (int i = 0; i < 10; ++i) {
    range_t mine = r;
    struct part a = base;
    union bits w;
    w.i = i;
    str name = names[i % 3];
    for (int k = mine.lo + i; k < mine.hi; k += 10)
      a.s += k;
    a.n = (int)strlen(name) + w.i;
    part_t *p = &parts[i];
    *p = a;
    out[i] = a.s;
  }
  long t = 0, m = 0;
  for (int i = 0; i < 10; ++i) {
    t += out[i];
    m += parts[i].n + parts[i].s;
  }
  printf("named %ld %ld\n", t, m);
}

int main(void) {
  printf("total %ld\n", sums(100000));
  // An array of a struct the declaration defines, written by a cilk_for.
  struct acc {
    double sum;
    int n;
  } b[8];
  cilk_for (int k = 0; k < 8; k++) {
    b[k].sum = k * 0.5;
    b[k].n = k;
  }
  double s = 0;
  for (int k = 0; k < 8; k++)
    s += b[k].sum + b[k].n;
  printf("accumulators %.1f\n", s);
  named_in_body();
  return 0;
}
