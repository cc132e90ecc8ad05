// In C, `cilk_spawn { ... }` (OpenCilk spawns a compound statement) is an
// error that says what to write instead; before, "expected expression".
// C++ spawns the block (programs/spawned_blocks.cpp).
// RUN: not %ito-cc -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: spawned-block-c.c:[[#@LINE+8]]:3: error: 'cilk_spawn' of a compound statement is C++ only in ito; in C, move the statements into a function and spawn a call to it

#include <cilk/cilk.h>

static int twice(int n) { return n * 2; }

int main(void) {
  int x = 0;
  cilk_spawn { x = twice(21); }
  cilk_sync;
  return x;
}
