// What a C spawn must do, checked end to end: the program is compiled with
// the translation and as its serial elision (--ito-no-translate), and every
// run prints the same lines: the elision directly, the translation on 1, 2
// and 4 processes and on 2 processes that are nodes of their own.
//
// Across processes, only what a spawn returns into its receiver (and the
// parent's own locals) is shared: global variables and the heap are per
// process, and a task may continue in another process after any spawn or
// sync. So the program keeps every value in the locals of its tasks. The
// root task's lines may come from different processes (each flushes its
// output at exit), hence CHECK-DAG. Each child works a little, so that idle
// processes steal continuations.
//
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.out1
// RUN: FileCheck %s --match-full-lines --input-file=%t.out1
// RUN: count 7 < %t.out1
// RUN: %ito-run -n 1 %t > %t.out2
// RUN: FileCheck %s --match-full-lines --input-file=%t.out2
// RUN: count 7 < %t.out2
// RUN: %ito-run -n 2 %t > %t.out3
// RUN: FileCheck %s --match-full-lines --input-file=%t.out3
// RUN: count 7 < %t.out3
// RUN: %ito-run -n 4 %t > %t.out4
// RUN: FileCheck %s --match-full-lines --input-file=%t.out4
// RUN: count 7 < %t.out4
// RUN: %ito-run -n 2 --internode %t > %t.out5
// RUN: FileCheck %s --match-full-lines --input-file=%t.out5
// RUN: count 7 < %t.out5

#include <cilk/cilk.h>
#include <stdio.h>

struct pair {
  int a;
  long b;
};

struct small {
  int v[8];
};

static int work(int v) {
  volatile int s = 0;
  for (int i = 0; i < 20000; i++)
    s += i;
  return v;
}

static int sq(int v) { return work(v) * v; }
static long big(int v) { return (long)work(v) * 1000000000L; }
static void burn(int v) { (void)work(v); }
static struct pair make_pair(int a) {
  struct pair p = {work(a), -(long)a};
  return p;
}
static struct small make_small(int base) {
  struct small s;
  for (int i = 0; i < 8; i++)
    s.v[i] = base + i;
  (void)work(base);
  return s;
}

// Arguments are evaluated in the parent, in order, at the spawn; the
// parent's later changes to them do not reach the child.
static void arguments(void) {
  int c = 0;
  int x = cilk_spawn work(c++);
  int y = cilk_spawn work(c++);
  int z = work(c++);
  cilk_sync;
  int a = 5, r;
  r = cilk_spawn work(a);
  a = 100;
  cilk_sync;
  int k = 1;
  int arr[4] = {0, 0, 0, 0};
  arr[k++] = cilk_spawn sq(3); // the receiver is arr[1]
  arr[k] = cilk_spawn sq(4);   // and this one arr[2]
  k = 3;
  cilk_sync;
  printf("arguments: x=%d y=%d z=%d c=%d r=%d a=%d\n", x, y, z, c, r, a);
  printf("receivers chosen at the spawn: %d %d %d %d k=%d\n", arr[0], arr[1],
         arr[2], arr[3], k);
}
// CHECK-DAG: arguments: x=0 y=1 z=2 c=3 r=5 a=100
// CHECK-DAG: receivers chosen at the spawn: 0 9 16 0 k=3

// Receivers of every kind, written by the sync.
static void receivers(void) {
  int x;
  long y;                  // of another type than the value
  double d;                // converted
  struct pair p;           // a struct value
  struct small s;          // a bigger one
  struct pair q = {0, 0};  // a field
  int c = cilk_spawn sq(6);
  x = cilk_spawn sq(7);
  y = cilk_spawn sq(8);
  d = cilk_spawn sq(9);
  p = cilk_spawn make_pair(10);
  s = cilk_spawn make_small(20);
  q.b = cilk_spawn big(3);
  long l = cilk_spawn big(2);
  cilk_spawn burn(1); // a void spawn, and a value dropped
  cilk_spawn sq(1);
  cilk_sync;
  printf("receivers: c=%d x=%d y=%ld d=%.1f p={%d,%ld} s={%d..%d} q.b=%ld "
         "l=%ld\n",
         c, x, y, d, p.a, p.b, s.v[0], s.v[7], q.b, l);
}
// CHECK-DAG: receivers: c=36 x=49 y=64 d=81.0 p={10,-10} s={20..27} q.b=3000000000 l=2000000000

// A site in a loop runs many times before the sync: every run has its own
// receiver, here the parent's own array.
static void loop_receivers(void) {
  int count[16];
  for (int i = 0; i < 16; i++)
    count[i] = cilk_spawn sq(i);
  int more[8];
  int i = 0;
  while (i < 8) {
    more[i] = cilk_spawn work(100 + i);
    i++;
  }
  cilk_sync;
  long total = 0;
  for (int j = 0; j < 16; j++)
    total += count[j];
  printf("loop receivers: count[0]=%d count[15]=%d total=%ld more=%d..%d\n",
         count[0], count[15], total, more[0], more[7]);
}
// CHECK-DAG: loop receivers: count[0]=0 count[15]=225 total=1240 more=100..107

// Several syncs in one function: a site runs again after a sync.
static void phases(void) {
  int total = 0;
  for (int round = 0; round < 4; round++) {
    int a = cilk_spawn sq(round);
    int b = cilk_spawn sq(round + 1);
    cilk_sync;
    total += a + b;
  }
  int x = 0;
  for (int round = 0; round < 3; round++) {
    x = cilk_spawn work(x + 10);
    cilk_sync;
  }
  printf("phases: total=%d x=%d\n", total, x);
}
// CHECK-DAG: phases: total=44 x=30

// Spawns through a function pointer and an array of them.
typedef int (*op)(int);
static void pointers(void) {
  op f = sq;
  op table[2] = {work, sq};
  int k = 0;
  int a = cilk_spawn f(5);
  int b = cilk_spawn table[k++](6);
  int c = cilk_spawn (*table[k])(7);
  cilk_sync;
  printf("pointers: a=%d b=%d c=%d k=%d\n", a, b, c, k);
}
// CHECK-DAG: pointers: a=25 b=6 c=49 k=1

// fib, a spawn per call.
static long fib(int n) {
  if (n < 2)
    return n;
  long x = cilk_spawn fib(n - 1);
  long y = fib(n - 2);
  cilk_sync;
  return x + y;
}

int main(void) {
  arguments();
  receivers();
  loop_receivers();
  phases();
  pointers();
  long f = fib(22);
  printf("fib(22)=%ld\n", f);
  return 0;
}
// CHECK-DAG: fib(22)=17711
