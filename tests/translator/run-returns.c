// Returns with spawns outstanding, end to end: a return syncs the spawns
// that may have run before it (in the function and in the cilk_scope blocks
// it leaves) before its value is computed (ito's rule, stronger than Cilk's
// sync at the function's end), so what it returns is what the serial
// elision gives; and deep recursion with a spawn per level. Compiled
// with the translation and as the serial elision, run on 1, 2 and 4
// processes and on 2 that are nodes of their own; every run prints the same
// lines. (Values travel only through spawn receivers and the tasks' own
// locals: globals and the heap are per process. The root's lines may come
// from different processes, hence CHECK-DAG.)
//
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.out1
// RUN: FileCheck %s --match-full-lines --input-file=%t.out1
// RUN: count 6 < %t.out1
// RUN: %ito-run -n 1 %t > %t.out2
// RUN: FileCheck %s --match-full-lines --input-file=%t.out2
// RUN: count 6 < %t.out2
// RUN: %ito-run -n 2 %t > %t.out3
// RUN: FileCheck %s --match-full-lines --input-file=%t.out3
// RUN: count 6 < %t.out3
// RUN: %ito-run -n 4 %t > %t.out4
// RUN: FileCheck %s --match-full-lines --input-file=%t.out4
// RUN: count 6 < %t.out4
// RUN: %ito-run -n 2 --internode %t > %t.out5
// RUN: FileCheck %s --match-full-lines --input-file=%t.out5
// RUN: count 6 < %t.out5

#include <cilk/cilk.h>
#include <stdio.h>

static int work(int v) {
  volatile int s = 0;
  for (int i = 0; i < 5000; i++)
    s += i;
  return v;
}

// A tree walk that returns from three places: before any spawn, with one
// spawn outstanding (whose value it returns), and with two.
static long walk(int n) {
  if (n <= 0)
    return 1;
  long a = cilk_spawn walk(n - 1);
  if (n % 3 == 0)
    return a + 10; // a is outstanding: synced first
  long b = cilk_spawn walk(n - 2);
  long c = work(n);
  if (n % 3 == 1)
    return a + b + c; // a and b outstanding
  cilk_sync;
  return a + b + c + 100;
}
// CHECK-DAG: walk(18)=41725

// A return inside a loop that spawns: every run of the site before it is
// synced, and the receivers are written, before the return's value is
// computed.
static int sum(const int *v, int n) {
  int s = 0;
  for (int j = 0; j < n; j++)
    s += v[j];
  return s;
}
static int first_over(int limit) {
  int seen[32];
  for (int i = 0; i < 32; i++) {
    seen[i] = cilk_spawn work(i * i);
    if (i * i > limit)
      return sum(seen, i) + seen[i] * 1000;
  }
  cilk_sync;
  return -1;
}
// CHECK-DAG: first_over(50)=64140

// A return out of a cilk_scope syncs the scope's spawns and the function's.
static int scoped_return(int n) {
  int a = cilk_spawn work(n);
  int b = 0, c = 0;
  cilk_scope {
    b = cilk_spawn work(n + 1);
    c = cilk_spawn work(n + 2);
    if (n > 0)
      return a * 100 + b * 10 + c;
  }
  cilk_sync;
  return -(a + b + c);
}
// CHECK-DAG: scoped_return(1)=123 scoped_return(0)=-3

// A void function that returns early with spawns outstanding; the caller's
// receiver is the one that tells.
static void early_void(int n) {
  cilk_spawn work(n);
  if (n > 5)
    return;
  cilk_spawn work(n + 1);
}
static int after_void(int n) {
  cilk_spawn early_void(n);
  int r = cilk_spawn work(n);
  cilk_sync;
  return r;
}
// CHECK-DAG: after_void(9)=9

// Deep recursion: a chain of spawns, one per level.
static int chain(int n) {
  if (n == 0)
    return 0;
  int r = cilk_spawn chain(n - 1);
  cilk_sync;
  return r + 1;
}
// CHECK-DAG: chain(3000)=3000

// Deep and wide: a binary tree of spawns.
static long tree(int depth) {
  if (depth == 0)
    return work(1);
  long l = cilk_spawn tree(depth - 1);
  long r = cilk_spawn tree(depth - 1);
  cilk_sync;
  return l + r;
}
// CHECK-DAG: tree(12)=4096

int main(void) {
  long w = walk(18);
  int f = first_over(50);
  int s1 = scoped_return(1), s0 = scoped_return(0);
  int v = after_void(9);
  int c = chain(3000);
  long t = tree(12);
  printf("walk(18)=%ld\n", w);
  printf("first_over(50)=%d\n", f);
  printf("scoped_return(1)=%d scoped_return(0)=%d\n", s1, s0);
  printf("after_void(9)=%d\n", v);
  printf("chain(3000)=%d\n", c);
  printf("tree(12)=%ld\n", t);
  return 0;
}
