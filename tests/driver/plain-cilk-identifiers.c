// A source that uses cilk_sync and the like as plain names, without
// <cilk/cilk.h>, is plain C to ito-cc.
// RUN: %clang -fsyntax-only %s
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | FileCheck %s

#include <stdio.h>

static int cilk_sync = 1;
static int cilk_for(int x) { return x + cilk_sync; }

int main(void) {
  int cilk_spawn = cilk_for(1);
  int cilk_scope = cilk_spawn * 2;
  printf("%d %d\n", cilk_spawn, cilk_scope);
  return 0;
}
// CHECK: 2 4
