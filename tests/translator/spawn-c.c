// cilk_spawn in C, in its three positions (a statement, the right side of an
// assignment, a variable's initializer), of void and non-void callees, with
// arguments that have side effects; cilk_sync; the implicit syncs at the end
// of a function and before a return that may leave spawns outstanding (and
// none before a return that comes before every spawn).
//
// Comment and blank lines are dropped from the translation before FileCheck
// reads it, so that no pattern can match its own CHECK line.
// RUN: %ito-translate %s -- -fno-ito-promote -I %ito-include > %t.c
// RUN: grep -v -e '^ *//' -e '^ *$' %t.c | FileCheck %s
// The translation is C that compiles as it is.
// RUN: %clang -fsyntax-only -Wall -I %ito-include %t.c

#include <cilk/cilk.h>

struct pair {
  int a;
  long b;
};

int f(int n) { return n; }
void v(int n) { (void)n; }
long g(int a, int b) { return a + b; }

// The prologue includes the interface, then goes back to the user's line 1.
// CHECK: {{^}}#include <ito/cilk_abi.h>
// CHECK-NEXT: {{^}}#line 1 "{{.*}}spawn-c.c"
// CHECK-NEXT: {{^}}#include <cilk/cilk.h>

// Spawns as statements: the value, if any, is dropped. Each spawn site gets
// an argument block and an entry function at file scope, declared before the
// function and defined after it.
// CHECK: struct __ito_a{{[0-9]+}} {
// CHECK: static void __ito_e{{[0-9]+}}(void *);
// CHECK: #line [[#@LINE+1]] "{{.*}}spawn-c.c"
int statements(int n) {
  // CHECK-NEXT: int statements(int n) {{[{]}}ito_abi_spawn __ito_s[[S1:[0-9]+]] = ito_abi_spawn_init;
  cilk_spawn f(n);
  // CHECK-NEXT: {{^}}  {{.*}}__ito_a[[S1]] {{.*}}{ n, {{.*}}ito_abi_fork(&__ito_s[[S1]], __ito_e[[S1]], {{.*}}}{{$}}
  cilk_spawn v(n);
  // CHECK-NEXT: {{^}}  {{.*}}{ n }; ito_abi_fork({{.*}}}{{$}}
  _Cilk_spawn f(n + 1);
  // CHECK-NEXT: {{^}}  {{.*}}{ n + 1, {{.*}}ito_abi_fork(
  cilk_sync;
  // CHECK-NEXT: {{^}}  do { {{.*}}ito_abi_sync({{.*}}ito_abi_sync({{.*}}ito_abi_sync({{.*}} } while (0);
  _Cilk_sync;
  // CHECK-NEXT: {{^}}  do { {{.*}}ito_abi_sync({{.*}} } while (0);
  return 0;
  // CHECK-NEXT: {{^}}  { {{.*}}ito_abi_sync({{.*}}return 0; }
  // The implicit sync at the end of the function, then the entries (in no
  // particular order): the child calls the function with the copied
  // arguments and hands its value over.
  // CHECK-NEXT: {{^.*}}ito_abi_sync({{.*}} }
  // CHECK-DAG: static void __ito_e[[S1]](void *__p) {
  // CHECK-DAG: int __v = f(__a.a0);
  // CHECK-DAG: ito_abi_child_return(__a.out, &__v, sizeof __v);
  // CHECK-DAG: {{^}}  v(__a.a0);
  // CHECK-DAG: ito_abi_child_return(0, 0, 0);
}
// Back to the user's lines after the function.
// CHECK: #line [[#@LINE-2]] "{{.*}}spawn-c.c"

// Assignments: to a local, to a local of another type, to a struct field, and
// to an array element in a loop (a node per run of the site, on the stack,
// chained for the sync; with a spawn in a loop, every spawn of the block
// keeps a node on the block's one list, which the sync joins newest first,
// each node by its site's function: serial order backwards, as reducers
// need). The receiver's address is taken in the parent.
// CHECK: struct __ito_n[[N:[0-9]+]] { ito_abi_node h; int v; int *r; };
// CHECK-NEXT: static void __ito_d[[N]](ito_abi_node *__h) { {{.*}} if (ito_abi_sync(&__n->h.s, &__n->v, sizeof __n->v)) *__n->r = __n->v; }
// CHECK: #line [[#@LINE+1]] "{{.*}}spawn-c.c"
int assignments(int n) {
  // CHECK-NEXT: int assignments(int n) {ito_abi_node *__ito_l[[L:[0-9]+]] = 0;
  int x;
  long y;
  struct pair p;
  int count[8];
  x = cilk_spawn f(n);
  // CHECK: {{^}}  { {{.*}}alloca({{.*}}__ito_l[[L]] = &__n->h; __n->r = &(x); {{.*}}ito_abi_fork(&__n->h.s,
  y = cilk_spawn f(n);
  // CHECK-NEXT: {{^}}  { {{.*}}alloca({{.*}}__n->r = &(y); {{.*}}ito_abi_fork(
  p.a = cilk_spawn f(n);
  // CHECK-NEXT: {{^}}  { {{.*}}alloca({{.*}}__n->r = &(p.a); {{.*}}ito_abi_fork(
  for (int i = 0; i < 8; i++)
    count[i] = cilk_spawn f(i);
  // CHECK-NEXT: {{^}}  for (int i = 0; i < 8; i++)
  // CHECK-NEXT: {{^}}    { {{.*}}alloca({{.*}}&(count[i]);{{.*}}{ i, {{.*}}ito_abi_fork({{.*}}}{{$}}
  cilk_sync;
  // Every receiver is written by the sync.
  // CHECK-NEXT: {{^}}  do { for (ito_abi_node *__n = __ito_l[[L]]; __n; __n = __n->__ito_next) __n->__ito_sync(__n); __ito_l[[L]] = 0; } while (0);
  return x + (int)y + p.a + count[7];
}

// Initializers: the variable is declared where it was, and assigned by the
// sync.
// CHECK: #line [[#@LINE+1]] "{{.*}}spawn-c.c"
int initializers(int n) {
  int x = cilk_spawn f(n);
  // CHECK: {{^}}  int x; { {{.*}}ito_abi_fork(
  long y = cilk_spawn f(n + 1);
  // CHECK-NEXT: {{^}}  long y; { {{.*}}ito_abi_fork(
  int z = _Cilk_spawn f(n + 2);
  // CHECK-NEXT: {{^}}  int z; { {{.*}}ito_abi_fork(
  cilk_sync;
  // CHECK-NEXT: {{^}}  do { {{.*}}ito_abi_sync({{.*}}ito_abi_sync({{.*}}ito_abi_sync({{.*}} } while (0);
  return x + (int)y + z;
}

// Arguments are evaluated once, in the parent, into the argument block: the
// entry function only reads the block.
// CHECK: #line [[#@LINE+1]] "{{.*}}spawn-c.c"
int side_effects(int n) {
  int c = 0;
  int x = cilk_spawn f(c++);
  // CHECK: {{^}}  int x; { {{.*}}{ c++, {{.*}}ito_abi_fork(
  long y = cilk_spawn g(c++, n *= 2);
  // CHECK-NEXT: {{^}}  long y; { {{.*}}{ c++, n *= 2, {{.*}}ito_abi_fork(
  cilk_sync;
  return x + (int)y + c;
  // CHECK-NOT: c++
  // CHECK-DAG: int __v = f(__a.a0);
  // CHECK-DAG: long __v = g(__a.a0, __a.a1);
  // CHECK-NOT: c++
}
// CHECK: #line [[#@LINE-1]] "{{.*}}spawn-c.c"

// Returns: no sync before a return that comes before every spawn; a sync of
// the spawns before it at a return that follows them (the later spawn is not
// joined there: it cannot have run).
// CHECK: #line [[#@LINE+1]] "{{.*}}spawn-c.c"
int returns(int n) {
  if (n < 0)
    return -1;
  // CHECK: {{^}}  if (n < 0)
  // CHECK-NEXT: {{^}}    return -1;{{$}}
  int x = cilk_spawn f(n);
  // CHECK-NEXT: {{^}}  int x; { {{.*}}ito_abi_fork(&__ito_s[[R1:[0-9]+]],
  if (n == 0)
    return x;
  // CHECK-NEXT: {{^}}  if (n == 0)
  // CHECK-NEXT: {{^}}    { {{.*}}ito_abi_sync(&__ito_s[[R1]], {{.*}}return x; }{{$}}
  int y = cilk_spawn f(n - 1);
  // CHECK-NEXT: {{^}}  int y; { {{.*}}ito_abi_fork(&__ito_s[[R2:[0-9]+]],
  return x + y;
  // CHECK-NEXT: {{^}}  { {{.*}}ito_abi_sync(&__ito_s[[R2]], {{.*}}ito_abi_sync(&__ito_s[[R1]], {{.*}}return x + y; }
}

// A function without a return: the implicit sync at its end.
// CHECK: #line [[#@LINE+1]] "{{.*}}spawn-c.c"
void no_return(int n) {
  cilk_spawn v(n);
  // CHECK: {{^}}  {{.*}}{ n }; ito_abi_fork(&__ito_s[[N1:[0-9]+]],
}
// CHECK-NEXT: {{^.*}}ito_abi_sync(&__ito_s[[N1]], 0, 0); }

// A spawn inside a nested block, and one in a while loop.
// CHECK: #line [[#@LINE+1]] "{{.*}}spawn-c.c"
int nested(int n) {
  int s = 0;
  if (n > 0) {
    int t = cilk_spawn f(n);
    // CHECK: {{^}}    int t; { {{.*}}ito_abi_fork(
    cilk_sync;
    // CHECK-NEXT: {{^}}    do { for (ito_abi_node *__n = {{.*}}__n->__ito_sync(__n); {{.*}} } while (0);
    s += t;
  }
  while (n-- > 0)
    cilk_spawn v(n);
  // CHECK: {{^}}    { {{.*}}alloca({{.*}}ito_abi_fork(&__n->h.s,
  return s;
}

int main(void) {
  return statements(1) + assignments(2) + initializers(3) + side_effects(4) +
         returns(5) + nested(6);
}
