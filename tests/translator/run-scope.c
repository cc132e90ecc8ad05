// cilk_scope end to end: everything spawned inside a scope is done, and its
// receivers written, at the scope's end; break and continue out of a scope
// in a loop sync it first. Compiled with the translation and as the serial
// elision, run on 1, 2 and 4 processes and on 2 that are nodes of their own;
// every run prints the same lines. (Values travel only through spawn
// receivers and the tasks' own locals: globals and the heap are per process.
// The root's lines may come from different processes, hence CHECK-DAG.)
//
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.out1
// RUN: FileCheck %s --match-full-lines --input-file=%t.out1
// RUN: count 4 < %t.out1
// RUN: %ito-run -n 1 %t > %t.out2
// RUN: FileCheck %s --match-full-lines --input-file=%t.out2
// RUN: count 4 < %t.out2
// RUN: %ito-run -n 2 %t > %t.out3
// RUN: FileCheck %s --match-full-lines --input-file=%t.out3
// RUN: count 4 < %t.out3
// RUN: %ito-run -n 4 %t > %t.out4
// RUN: FileCheck %s --match-full-lines --input-file=%t.out4
// RUN: count 4 < %t.out4
// RUN: %ito-run -n 2 --internode %t > %t.out5
// RUN: FileCheck %s --match-full-lines --input-file=%t.out5
// RUN: count 4 < %t.out5

#include <cilk/cilk.h>
#include <stdio.h>

static int work(int v) {
  volatile int s = 0;
  for (int i = 0; i < 20000; i++)
    s += i;
  return v;
}

static long fib(int n) {
  if (n < 2)
    return n;
  long x = cilk_spawn fib(n - 1);
  long y = fib(n - 2);
  cilk_sync;
  return x + y;
}

// The receivers are written at the scope's end, without a cilk_sync.
static int scope_end(void) {
  int a = 0, b = 0;
  long c = 0;
  cilk_scope {
    a = cilk_spawn work(1);
    b = cilk_spawn work(2);
    c = cilk_spawn fib(15);
  }
  return a * 10000 + b * 1000 + (int)c;
}
// CHECK-DAG: scope_end=12610

// Nested scopes: the inner one is done at its own end.
static int nested(void) {
  int a = 0, b = 0, seen_b = -1;
  cilk_scope {
    a = cilk_spawn work(3);
    cilk_scope {
      b = cilk_spawn work(4);
    }
    seen_b = b;
  }
  return a * 100 + b * 10 + seen_b;
}
// CHECK-DAG: nested=344

// A scope per iteration of a loop, with a continue and a break out of it:
// both sync the scope first, so the receivers are written when the next
// iteration, or the code after the loop, reads them.
static void loop(void) {
  int total = 0, prev = 0, a = 0, b = 0;
  for (int i = 0; i < 100; i++) {
    prev += a; // the last iteration's a
    cilk_scope {
      a = cilk_spawn work(i);
      if (i % 2 == 1)
        continue;
      b = cilk_spawn work(2 * i);
      if (i == 10)
        break;
    }
    total += a + b;
  }
  printf("loop: total=%d prev=%d a+b=%d\n", total, prev, a + b);
}
// CHECK-DAG: loop: total=60 prev=45 a+b=30

// The scope's receivers, read after the scope in each iteration.
static int loop_receivers(void) {
  int total = 0;
  for (int i = 0; i < 8; i++) {
    int sq[4];
    cilk_scope {
      for (int j = 0; j < 4; j++)
        sq[j] = cilk_spawn work(i * j);
    }
    total += sq[0] + sq[1] + sq[2] + sq[3];
  }
  return total;
}
// CHECK-DAG: loop_receivers=168

int main(void) {
  int s = scope_end();
  int n = nested();
  loop();
  int r = loop_receivers();
  printf("scope_end=%d\n", s);
  printf("nested=%d\n", n);
  printf("loop_receivers=%d\n", r);
  return 0;
}
