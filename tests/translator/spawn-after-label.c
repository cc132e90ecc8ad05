// A spawn or a sync that is the statement of a label, of a case or of a
// default is a whole statement:
//   case 1: x = cilk_spawn f(1);
//   default: cilk_spawn f(2);
//   done: cilk_sync;
// RUN: %ito-translate %s -- -I %ito-include -Xclang -verify
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 2 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// expected-no-diagnostics

#include <cilk/cilk.h>
#include <stdio.h>

static int f(int n) { return n * 10; }

static int pick(int k) {
  int x = 0, y = 0;
  switch (k) {
  case 1:
    x = cilk_spawn f(1);
    break;
  default:
    cilk_spawn f(2);
    break;
  }
  if (k > 5)
    goto done;
  y = 1;
done:
  cilk_sync;
  return x + y;
}

int main(void) {
  printf("%d %d %d\n", pick(1), pick(2), pick(9));
  return 0;
}
// CHECK: 11 1 0
