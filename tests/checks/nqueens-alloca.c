// The Cilk-5 nqueens: each child gets a board in a buffer its parent
// allocated with alloca, so it reads its parent's stack. Reported at the
// spawn, naming the buffer, with where it was allocated.
// The analysis itself: -fno-ito-promote keeps locals on the stack (the
// translation would move these off it; stack-promotion.c tests that).
// RUN: %ito-translate %s -- -fno-ito-promote -I %ito-include -Xclang -verify
// RUN: not %ito-cc -fno-ito-promote --ito-check-only %s 2>&1 | FileCheck %s
// CHECK: nqueens-alloca.c:[[#@LINE+35]]:47: error: spawned task receives 'b', the address of memory that 'nqueens' allocated on its stack with alloca; a task may run in another process and cannot reach its parent's stack [-Wito-stack-sharing]
// CHECK: nqueens-alloca.c:[[#@LINE+30]]:17: note: allocated here, on the stack of 'nqueens'
// CHECK: nqueens-alloca.c:[[#@LINE+29]]:7: note: 'b' gets that address here
// CHECK: 1 error generated.

#include <alloca.h>
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ok(int n, char *a) {
  for (int i = 0; i < n; i++) {
    char p = a[i];
    for (int j = i + 1; j < n; j++) {
      char q = a[j];
      if (q == p || q == p - (j - i) || q == p + (j - i))
        return 0;
    }
  }
  return 1;
}

int nqueens(int n, int j, char *a) {
  char *b;
  int i, *count;
  if (n == j)
    return 1;
  count = (int *)alloca(n * sizeof(int));
  memset(count, 0, n * sizeof(int));
  for (i = 0; i < n; i++) {
    b = (char *)alloca((j + 1) * sizeof(char)); // expected-note {{allocated here, on the stack of 'nqueens'}} expected-note {{'b' gets that address here}}
    memcpy(b, a, j * sizeof(char));
    b[j] = (char)i;
    if (ok(j + 1, b))
      count[i] = cilk_spawn nqueens(n, j + 1, b); // expected-error {{spawned task receives 'b', the address of memory that 'nqueens' allocated on its stack with alloca}}
  }
  cilk_sync;
  int solNum = 0;
  for (i = 0; i < n; i++)
    solNum += count[i];
  return solNum;
}

int main(int argc, char *argv[]) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  char *a = (char *)alloca(n * sizeof(char));
  int res = nqueens(n, 0, a);
  printf("%d\n", res);
  return 0;
}
