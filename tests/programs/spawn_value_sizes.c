// A spawned call's value may be at most 192 bytes (what a join entry holds):
// a bigger one is an error at the keyword, not an overflow at run time. 192
// bytes are fine, and run on several processes.
// RUN: %ito-translate %s -- -I %ito-include -DBIG -Xclang -verify=big
// RUN: not %ito-cc -DBIG -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: diag-spawn-value-size.c:[[#@LINE+22]]:18: error: the value of a spawned call may be at most 192 bytes (this one has 200); return a pointer to the data instead
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 2 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 2 --internode %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// CHECK: total=87600

#include <cilk/cilk.h>
#include <stdio.h>

struct fits {
  long v[24]; // 192 bytes
};
struct big {
  long v[25]; // 200 bytes
};

#ifdef BIG
static struct big make_big(int n) {
  struct big b = {{n}};
  return b;
}
void f(void) {
  struct big b = cilk_spawn make_big(1); // big-error {{the value of a spawned call may be at most 192 bytes (this one has 200); return a pointer to the data instead}}
  cilk_sync;
  (void)b;
}
#endif

static struct fits make(int n) {
  struct fits s;
  volatile long w = 0;
  for (long k = 0; k < 20000; k++)
    w += k;
  for (int i = 0; i < 24; i++)
    s.v[i] = n + i;
  return s;
}

static long sum(struct fits s) {
  long t = 0;
  for (int i = 0; i < 24; i++)
    t += s.v[i];
  return t;
}

int main(void) {
  long total = 0;
  for (int r = 0; r < 50; r++) {
    struct fits a = cilk_spawn make(r);
    struct fits b = make(r + 1);
    cilk_sync;
    total += sum(a) + sum(b);
  }
  printf("total=%ld\n", total);
  return 0;
}
