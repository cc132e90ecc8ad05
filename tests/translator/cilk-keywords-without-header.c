// _Cilk_spawn, _Cilk_sync and _Cilk_for are keywords of Cilk: ito-cc
// translates them without <cilk/cilk.h>.
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 2 %t > %t.out1
// RUN: FileCheck %s --match-full-lines --input-file=%t.out1
// RUN: count 4 < %t.out1

#include <stdio.h>

static int f(int n) { return n * 3; }

int main(void) {
  int x = _Cilk_spawn f(1);
  int y = f(2);
  _Cilk_sync;
  _Cilk_for (int i = 0; i < 3; i++) {
    printf("iteration %d\n", i);
    fflush(stdout);
  }
  printf("%d\n", x + y);
  return 0;
}
// CHECK-DAG: iteration 0
// CHECK-DAG: iteration 1
// CHECK-DAG: iteration 2
// CHECK-DAG: {{^}}9{{$}}
