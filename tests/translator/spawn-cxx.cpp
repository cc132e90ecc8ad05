// cilk_spawn in C++, in its three positions (a statement, the right side of
// an assignment, a variable's initializer), of void and non-void callees,
// with arguments that have side effects; cilk_sync; the implicit syncs at the
// end of a function and before a return that may leave spawns outstanding
// (and none before a return that comes before every spawn). Everything stays
// on its line: a spawn becomes .fork( of the site's state with a lambda whose
// captures are the arguments, evaluated in the parent.
//
// Comment and blank lines are dropped from the translation before FileCheck
// reads it, so that no pattern can match its own CHECK line.
// RUN: %ito-translate %s -- -std=c++17 -I %ito-include > %t.cpp
// RUN: grep -v -e '^ *//' -e '^ *$' %t.cpp | FileCheck %s
// The translation is C++ that compiles as it is.
// RUN: %clangxx -fsyntax-only -std=c++17 -Wall -I %ito-include %t.cpp

#include <cilk/cilk.h>

struct pair {
  int a;
  long b;
};

int f(int n) { return n; }
void v(int n) { (void)n; }
long g(int a, int b) { return a + b; }

// CHECK: {{^}}#include <ito/cilk_abi.hpp>
// CHECK-NEXT: {{^}}#line 1 "{{.*}}spawn-cxx.cpp"
// CHECK-NEXT: {{^}}#include <cilk/cilk.h>

int statements(int n) {
  // CHECK: {{^}}int statements(int n) {{[{].*}}ito::cilk::__spawn<int> __ito_s[[S1:[0-9]+]];{{.*}}ito::cilk::__spawn<void> __ito_s[[S2:[0-9]+]];
  cilk_spawn f(n);
  // CHECK-NEXT: {{^}}  __ito_s[[S1]].__fork({{.*}}(n){{.*}}{ return f({{.*}}__a0{{.*}}); });{{$}}
  cilk_spawn v(n);
  // CHECK-NEXT: {{^}}  __ito_s[[S2]].__fork({{.*}}(n){{.*}}v({{.*}}__a0{{.*}}); });{{$}}
  _Cilk_spawn f(n + 1);
  // CHECK-NEXT: {{^}}  __ito_s{{[0-9]+}}.__fork({{.*}}(n + 1){{.*}}f({{.*}}__a0{{.*}}); });{{$}}
  cilk_sync;
  // CHECK-NEXT: {{^}}  do { __ito_s{{[0-9]+}}.__sync(); __ito_s[[S2]].__sync(); __ito_s[[S1]].__sync(); } while (0);
  _Cilk_sync;
  // CHECK-NEXT: {{^}}  do { {{.*}}.__sync(); } while (0);
  return 0;
  // CHECK-NEXT: {{^}}  { {{.*}}__ito_s[[S1]].__sync(); return 0; }
  // The implicit sync at the end.
  // CHECK-NEXT: {{^.*}}__ito_s[[S1]].__sync(); } catch (...) { ::ito::cilk::__unwind({{.*}}); throw; } }{{$}}
}

// Assignments: to a local, to a local of another type, to a struct field, and
// to an array element in a loop (a spawn_list: one node per run of the
// site; with one site in a loop, every site of the block forks on the one
// list, which the sync joins newest first: serial order backwards, as
// reducers need). The receiver's address is taken in the parent.
int assignments(int n) {
  // CHECK-LABEL: {{^}}int assignments(int n) {
  int x;
  long y;
  struct pair p;
  int count[8];
  x = cilk_spawn f(n);
  // CHECK: {{^}}  { {{.*}}f({{.*}}__a0{{.*}}__ito_l[[L:[0-9]+]].__fork(__ito_m ? __ito_m : __builtin_alloca({{.*}}), &(x), {{.*}}}{{$}}
  y = cilk_spawn f(n);
  // CHECK-NEXT: {{^}}  { {{.*}}__ito_l[[L]].__fork(__ito_m ? __ito_m : __builtin_alloca({{.*}}), &(y), {{.*}}}{{$}}
  p.a = cilk_spawn f(n);
  // CHECK-NEXT: {{^}}  { {{.*}}__ito_l[[L]].__fork(__ito_m ? __ito_m : __builtin_alloca({{.*}}), &(p.a), {{.*}}}{{$}}
  for (int i = 0; i < 8; i++)
    count[i] = cilk_spawn f(i);
  // CHECK-NEXT: {{^}}  for (int i = 0; i < 8; i++)
  // CHECK-NEXT: {{^}}    { {{.*}}(i){{.*}}__ito_l[[L]].__fork(__ito_m ? __ito_m : __builtin_alloca({{.*}}), &(count[i]), {{.*}}}{{$}}
  cilk_sync;
  // CHECK-NEXT: {{^}}  do { __ito_l[[L]].__sync(); } while (0);
  return x + (int)y + p.a + count[7];
}

// Initializers: the variable is declared where it was, and assigned by the
// sync.
int initializers(int n) {
  // CHECK-LABEL: {{^}}int initializers(int n) {
  int x = cilk_spawn f(n);
  // CHECK: {{^}}  int x; __ito_s{{[0-9]+}}.__fork(&x, {{.*}}(n){{.*}}f({{.*}}__a0{{.*}}); });{{$}}
  long y = cilk_spawn f(n + 1);
  // CHECK-NEXT: {{^}}  long y; __ito_s{{[0-9]+}}.__fork(&y, {{.*}}(n + 1){{.*}}f({{.*}}__a0{{.*}}); });{{$}}
  const int z = _Cilk_spawn f(n + 2);
  // CHECK-NEXT: {{^}}  int z; __ito_s{{[0-9]+}}.__fork(&z, {{.*}}(n + 2){{.*}}f({{.*}}__a0{{.*}}); });{{$}}
  auto w = cilk_spawn g(n, n);
  // CHECK-NEXT: {{^}}  {{.*}} w; __ito_s{{[0-9]+}}.__fork(&w, {{.*}}g({{.*}}__a0{{.*}}__a1{{.*}}); });{{$}}
  cilk_sync;
  // CHECK-NEXT: {{^}}  do { {{.*}}.__sync(); {{.*}}.__sync(); {{.*}}.__sync(); {{.*}}.__sync(); } while (0);
  return x + (int)y + z + (int)w;
}

// Arguments are evaluated once, in the parent: they are the lambda's
// captures, and the call inside it names only the captures.
int side_effects(int n) {
  // CHECK-LABEL: {{^}}int side_effects(int n) {
  int c = 0;
  int x = cilk_spawn f(c++);
  // CHECK: {{^}}  int x; __ito_s{{[0-9]+}}.__fork(&x, [__a0 = (c++)]{{.*}}{ return f({{.*}}__a0{{.*}}); });{{$}}
  long y = cilk_spawn g(c++, n *= 2);
  // CHECK-NEXT: {{^}}  long y; __ito_s{{[0-9]+}}.__fork(&y, [__a0 = (c++), __a1 = (n *= 2)]{{.*}}{ return g({{.*}}__a0{{.*}}__a1{{.*}}); });{{$}}
  cilk_sync;
  return x + (int)y + c;
}

// Returns: no sync before a return that comes before every spawn; a sync of
// the spawns before it at a return that follows them.
int returns(int n) {
  // CHECK-LABEL: {{^}}int returns(int n) {
  if (n < 0)
    return -1;
  // CHECK-NEXT: {{^}}  if (n < 0)
  // CHECK-NEXT: {{^}}    return -1;{{$}}
  int x = cilk_spawn f(n);
  // CHECK-NEXT: {{^}}  int x; __ito_s[[R1:[0-9]+]].__fork(&x,
  if (n == 0)
    return x;
  // CHECK-NEXT: {{^}}  if (n == 0)
  // CHECK-NEXT: {{^}}    { __ito_s[[R1]].__sync(); return x; }{{$}}
  int y = cilk_spawn f(n - 1);
  // CHECK-NEXT: {{^}}  int y; __ito_s[[R2:[0-9]+]].__fork(&y,
  return x + y;
  // CHECK-NEXT: {{^}}  { __ito_s[[R2]].__sync(); __ito_s[[R1]].__sync(); return x + y; }
}

// A function without a return: the implicit sync at its end.
void no_return(int n) {
  // CHECK-LABEL: {{^}}void no_return(int n) {
  cilk_spawn v(n);
  // CHECK-NEXT: {{^}}  __ito_s[[N1:[0-9]+]].__fork(
}
// CHECK-NEXT: {{^}}__ito_s[[N1]].__sync(); } catch (...) { ::ito::cilk::__unwind({{.*}}); throw; } }

// A spawn inside a nested block, and one in a while loop.
int nested(int n) {
  // CHECK-LABEL: {{^}}int nested(int n) {
  int s = 0;
  if (n > 0) {
    int t = cilk_spawn f(n);
    // CHECK: {{^}}    int t; { {{.*}}__ito_l{{[0-9]+}}.__fork(__ito_m ? __ito_m : __builtin_alloca({{.*}}), &t,
    cilk_sync;
    // CHECK-NEXT: {{^}}    do { {{.*}}.__sync(); } while (0);
    s += t;
  }
  while (n-- > 0)
    cilk_spawn v(n);
  // CHECK: {{^}}    { {{.*}}__ito_l{{[0-9]+}}.__fork(__ito_m ? __ito_m : __builtin_alloca({{.*}}), nullptr, {{.*}}}{{$}}
  return s;
}

int main() {
  return statements(1) + assignments(2) + initializers(3) + side_effects(4) +
         returns(5) + nested(6);
}
