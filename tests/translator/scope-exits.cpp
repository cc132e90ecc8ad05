// cilk_scope in C++: its braces become a task block that syncs at its end;
// break and continue out of a cilk_scope inside a loop, and return out of
// one, sync the spawns of the blocks they leave first (only the spawns that
// may have run). A cilk_scope without spawns is a plain block.
//
// Comment and blank lines are dropped from the translation before FileCheck
// reads it, so that no pattern can match its own CHECK line.
// (Receivers are read before their sync on purpose: -Wno-ito-receiver-race.)
// RUN: %ito-translate %s -- -Wno-ito-receiver-race -std=c++17 -I %ito-include > %t.cpp
// RUN: grep -v -e '^ *//' -e '^ *$' %t.cpp | FileCheck %s
// RUN: %clangxx -fsyntax-only -std=c++17 -Wall -I %ito-include %t.cpp

#include <cilk/cilk.h>

int f(int n) { return n; }

int loops(int n) {
  // CHECK-LABEL: {{^}}int loops(int n) {
  int total = 0;
  for (int i = 0; i < n; i++) {
    cilk_scope {
      // CHECK: {{^}}  for (int i = 0; i < n; i++) {
      // CHECK-NEXT: {{^ *}}{{[{]}}ito::cilk::__spawn<int> __ito_s[[A:[0-9]+]]; ito::cilk::__spawn<int> __ito_s[[B:[0-9]+]];
      int a = cilk_spawn f(i);
      // CHECK-NEXT: {{^}}      int a; __ito_s[[A]].__fork(&a,
      if (i == 3)
        continue;
      // CHECK-NEXT: {{^}}      if (i == 3)
      // CHECK-NEXT: {{^}}        { __ito_s[[A]].__sync(); continue; }{{$}}
      int b = cilk_spawn f(i + 1);
      // CHECK-NEXT: {{^}}      int b; __ito_s[[B]].__fork(&b,
      if (i == 7)
        break;
      // CHECK-NEXT: {{^}}      if (i == 7)
      // CHECK-NEXT: {{^}}        { __ito_s[[B]].__sync(); __ito_s[[A]].__sync(); break; }{{$}}
      total += a + b;
      // CHECK-NEXT: {{^}}      total += a + b;
      // CHECK-NEXT: {{^}}    __ito_s[[B]].__sync(); __ito_s[[A]].__sync(); } catch (...) { ::ito::cilk::__unwind({{.*}}); throw; } }{{$}}
    }
    total += 1;
  }
  while (n > 0) {
    _Cilk_scope {
      // CHECK: {{^}}  while (n > 0) {
      // CHECK-NEXT: {{^ *}}{{[{]}}ito::cilk::__spawn<int> __ito_s[[C:[0-9]+]];
      cilk_spawn f(n);
      // CHECK-NEXT: {{^}}      __ito_s[[C]].__fork(
      if (n == 2)
        break;
      // CHECK-NEXT: {{^}}      if (n == 2)
      // CHECK-NEXT: {{^}}        { __ito_s[[C]].__sync(); break; }{{$}}
    }
    // CHECK-NEXT: {{^}}    __ito_s[[C]].__sync(); } catch (...) { ::ito::cilk::__unwind({{.*}}); throw; } }{{$}}
    n--;
  }
  // A break out of a loop inside the scope leaves no task block.
  cilk_scope {
    for (int i = 0; i < n; i++) {
      cilk_spawn f(i);
      if (i == 5)
        break;
      // CHECK: {{^}}      if (i == 5)
      // CHECK-NEXT: {{^}}        break;{{$}}
    }
  }
  return total;
}

int scopes(int n) {
  // CHECK-LABEL: {{^}}int scopes(int n) {
  int a = 0, b = 0;
  cilk_scope {
    // CHECK-NEXT: {{^}}  int a = 0, b = 0;
    // CHECK-NEXT: {{^ *}}{{[{]}}ito::cilk::__spawn<int> __ito_s[[D:[0-9]+]];
    a = cilk_spawn f(n);
    // CHECK-NEXT: {{^}}    __ito_s[[D]].__fork(&(a),
    cilk_scope {
      // CHECK-NEXT: {{^ *}}{{[{]}}ito::cilk::__spawn<int> __ito_s[[E:[0-9]+]];
      b = cilk_spawn f(n + 1);
      // CHECK-NEXT: {{^}}      __ito_s[[E]].__fork(&(b),
    }
    // The inner scope syncs only its own spawn.
    // CHECK-NEXT: {{^}}    __ito_s[[E]].__sync(); } catch (...) { ::ito::cilk::__unwind({{.*}}); throw; } }{{$}}
    if (n > 3)
      return a + b;
    // CHECK-NEXT: {{^}}    if (n > 3)
    // CHECK-NEXT: {{^}}      { __ito_s[[D]].__sync(); return a + b; }{{$}}
  }
  // CHECK-NEXT: {{^}}  __ito_s[[D]].__sync(); } catch (...) { ::ito::cilk::__unwind({{.*}}); throw; } }{{$}}
  cilk_scope {
    // A scope without spawns is a block.
    // CHECK-NEXT: {{^}}   {{[{]$}}
    int unused = 0;
    (void)unused;
  }
  // CHECK-NEXT: {{^}}    int unused = 0;
  // CHECK-NEXT: {{^}}    (void)unused;
  // CHECK-NEXT: {{^}}  }
  // CHECK-NEXT: {{^}}  return a + b;{{$}}
  return a + b;
}

int main() { return loops(10) + scopes(4); }
