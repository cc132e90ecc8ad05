// What a C++ spawn may call: a function template (its state a spawn_list,
// as the value's type depends on the template's parameters), a member
// function of this, a member function of another object, a lambda, a
// function pointer, a functor; and spawns inside a lambda, which is a
// function of its own. The callee and the arguments are evaluated in the
// parent (the lambda's captures); the call is made in the child.
//
// Comment and blank lines are dropped from the translation before FileCheck
// reads it, so that no pattern can match its own CHECK line.
// (Spawning a member call on a local object shares the parent's stack: the
// checks say so; this test is about the translation, -Wno-ito-stack-sharing.)
// RUN: %ito-translate %s -- -Wno-ito-stack-sharing -std=c++17 -I %ito-include > %t.cpp
// RUN: grep -v -e '^ *//' -e '^ *$' %t.cpp | FileCheck %s
// RUN: %clangxx -fsyntax-only -std=c++17 -Wall -I %ito-include %t.cpp

#include <cilk/cilk.h>

template <typename T> T tfib(T n) {
  // CHECK: {{^}}template <typename T> T tfib(T n) {{[{]}}ito::cilk::__spawn_list __ito_l[[X:[0-9]+]]; try {{[{] *$}}
  if (n < 2)
    return n;
  // CHECK-NEXT: {{^}}  if (n < 2)
  // CHECK-NEXT: {{^}}    return n;{{$}}
  T x = cilk_spawn tfib(n - 1);
  // CHECK-NEXT: {{^}}  {{.*}} x; {{.*}}(n - 1){{.*}}return tfib({{.*}}__a0{{.*}}); }; {{.*}}__ito_l[[X]].__fork(__ito_m ? __ito_m : __builtin_alloca({{.*}}), &x, {{.*}}}{{$}}
  auto y = cilk_spawn tfib<T>(n - 2);
  // CHECK-NEXT: {{^}}  {{.*}} y; {{.*}}(n - 2){{.*}}return tfib<T>({{.*}}__a0{{.*}}); }; {{.*}}__ito_l[[X]].__fork(__ito_m ? __ito_m : __builtin_alloca({{.*}}), &y, {{.*}}}{{$}}
  cilk_sync;
  // CHECK-NEXT: {{^}}  do { __ito_l[[X]].__sync(); } while (0);
  return x + y;
}

struct Node {
  int value;
  int twice(int k) const { return 2 * value + k; }
  int sum(int k) {
    // CHECK-LABEL: {{^}}  int sum(int k) {
    int a = cilk_spawn twice(k);
    // CHECK-NEXT: {{^}}    int a; __ito_s{{[0-9]+}}.__fork(&a, [this, {{.*}}(k){{.*}}{ return this->twice({{.*}}__a0{{.*}}); });{{$}}
    int b = cilk_spawn this->twice(k + 1);
    // CHECK-NEXT: {{^}}    int b; __ito_s{{[0-9]+}}.__fork(&b, [this, {{.*}}(k + 1){{.*}}{ return this->twice({{.*}}__a0{{.*}}); });{{$}}
    cilk_sync;
    return a + b;
  }
};

struct Adder {
  int base;
  int operator()(int k) const { return base + k; }
};

int sq(int n) { return n * n; }

int callables(int n) {
  // CHECK-LABEL: {{^}}int callables(int n) {
  auto lam = [](int k) { return k + 1; };
  int (*fp)(int) = sq;
  Adder add{10};
  Node node{5};
  Node *pn = &node;
  int a = cilk_spawn lam(n);
  // CHECK: {{^}}  int a; __ito_s{{[0-9]+}}.__fork(&a, [__f = (lam), __a0 = (n)]{{.*}}{ return __f({{.*}}__a0{{.*}}); });{{$}}
  int b = cilk_spawn fp(n);
  // CHECK-NEXT: {{^}}  int b; __ito_s{{[0-9]+}}.__fork(&b, [__f = (fp), __a0 = (n)]{{.*}}{ return __f({{.*}}__a0{{.*}}); });{{$}}
  int c = cilk_spawn (*fp)(n + 1);
  // CHECK-NEXT: {{^}}  int c; __ito_s{{[0-9]+}}.__fork(&c, [__f = {{.*}}fp{{.*}}, __a0 = (n + 1)]{{.*}}{ return __f({{.*}}__a0{{.*}}); });{{$}}
  int d = cilk_spawn add(n);
  // CHECK-NEXT: {{^}}  int d; __ito_s{{[0-9]+}}.__fork(&d, [__f = (add), __a0 = (n)]{{.*}}{ return __f({{.*}}__a0{{.*}}); });{{$}}
  int e = cilk_spawn node.twice(n);
  // CHECK-NEXT: {{^}}  int e; __ito_s{{[0-9]+}}.__fork(&e, [{{.*}}__o = (node), __a0 = (n)]{{.*}}{ return __o.twice({{.*}}__a0{{.*}}); });{{$}}
  int g = cilk_spawn pn->twice(n);
  // CHECK-NEXT: {{^}}  int g; __ito_s{{[0-9]+}}.__fork(&g, [__o = (pn), __a0 = (n)]{{.*}}{ return __o->twice({{.*}}__a0{{.*}}); });{{$}}
  int h = cilk_spawn tfib(n);
  // CHECK-NEXT: {{^}}  int h; __ito_s{{[0-9]+}}.__fork(&h, {{.*}}(n){{.*}}{ return tfib({{.*}}__a0{{.*}}); });{{$}}
  long i = cilk_spawn tfib<long>(n);
  // CHECK-NEXT: {{^}}  long i; __ito_s{{[0-9]+}}.__fork(&i, {{.*}}(n){{.*}}{ return tfib<long>({{.*}}__a0{{.*}}); });{{$}}
  cilk_sync;
  // CHECK-NEXT: {{^}}  do { {{.*}} } while (0);
  // A lambda with spawns is a function of its own: its own spawn states,
  // syncs and implicit sync at its end.
  auto inner = [n]() {
    // CHECK-NEXT: {{^}}  auto inner = [n]() {{[{]}}ito::cilk::__spawn<int> __ito_s[[IN:[0-9]+]];
    int x = cilk_spawn sq(n);
    // CHECK-NEXT: {{^}}    int x; __ito_s[[IN]].__fork(&x,
    int y = sq(n + 1);
    cilk_sync;
    // CHECK-NEXT: {{^}}    int y = sq(n + 1);
    // CHECK-NEXT: {{^}}    do { __ito_s[[IN]].__sync(); } while (0);
    return x + y;
    // CHECK-NEXT: {{^}}    { __ito_s[[IN]].__sync(); return x + y; }
  };
  // CHECK-NEXT: {{^}}  __ito_s[[IN]].__sync(); } catch (...) { ::ito::cilk::__unwind({{.*}}); throw; } };
  return a + b + c + d + e + g + h + (int)i + inner() + node.sum(n);
}

int main() { return callables(3); }
