// Blocks with spawns get an unwind guard in C++: an exception that leaves the
// block first waits for the block's children, and the serially earliest
// exception goes on (::ito::cilk::__unwind, given the sites in spawn order).
// A try block with spawns or syncs of its block syncs before the try and at
// the end of its try block, and guards its try block the same way. Handlers
// of main come back to process 0. Without exceptions (-fno-exceptions) no
// guard is written.
//
// RUN: %ito-translate %s -- -std=c++17 -I %ito-include > %t.cpp
// RUN: grep -v -e '^ *//' -e '^ *$' %t.cpp | FileCheck %s
// RUN: %clangxx -fsyntax-only -std=c++17 -Wall -I %ito-include %t.cpp
// RUN: %ito-translate %s -- -std=c++17 -fno-exceptions -DNO_EXCEPTIONS -I %ito-include > %t.noexc.cpp
// RUN: grep -v -e '^ *//' -e '^ *$' %t.noexc.cpp | FileCheck --check-prefix=NOEXC %s
// RUN: %clangxx -fsyntax-only -std=c++17 -fno-exceptions -DNO_EXCEPTIONS -Wall -I %ito-include %t.noexc.cpp

#include <cilk/cilk.h>

int f(int n) { return n; }
void g(int n) { (void)n; }

int two(int n) {
  // CHECK: {{^}}int two(int n) {ito::cilk::__spawn<int> __ito_s[[A:[0-9]+]]; ito::cilk::__spawn<int> __ito_s[[B:[0-9]+]]; try {
  // NOEXC: {{^}}int two(int n) {ito::cilk::__spawn<int> __ito_s{{[0-9]+}}; ito::cilk::__spawn<int> __ito_s{{[0-9]+}}; {{$}}
  int a = cilk_spawn f(n);
  int b = cilk_spawn f(n + 1);
  cilk_sync;
  return a + b;
  // CHECK: {{^}}__ito_s[[B]].__sync(); __ito_s[[A]].__sync(); } catch (...) { ::ito::cilk::__unwind(__ito_s[[A]], __ito_s[[B]]); throw; } }
  // NOEXC-NOT: __unwind
}

void loop(int n) {
  // CHECK: {{^}}void loop(int n) {ito::cilk::__spawn_list [[L:__ito_l[0-9]+]]; try {
  for (int i = 0; i < n; i++)
    cilk_spawn g(i);
  // CHECK: {{^}}[[L]].__sync(); } catch (...) { ::ito::cilk::__unwind([[L]]); throw; } }
}

#ifndef NO_EXCEPTIONS
int handled(int n) {
  // CHECK: {{^}}int handled(int n) {ito::cilk::__spawn<void> __ito_s[[E:[0-9]+]]; ito::cilk::__spawn<void> __ito_s[[T:[0-9]+]]; try {
  cilk_spawn g(n);
  // CHECK-NEXT: __ito_s[[E]].__fork(
  try {
    cilk_spawn g(n + 1);
    g(n + 2);
  } catch (int e) {
    return e;
  }
  // CHECK-NEXT: {{^}}  __ito_s[[E]].__sync(); try {try {
  // CHECK-NEXT: __ito_s[[T]].__fork(
  // CHECK-NEXT: {{^}}    g(n + 2);
  // CHECK-NEXT: {{^}}  } catch (...) { ::ito::cilk::__unwind(__ito_s[[E]], __ito_s[[T]]); throw; } __ito_s[[T]].__sync(); __ito_s[[E]].__sync(); } catch (int e) {
  // A try without spawns or syncs is left alone.
  try {
    g(n);
  } catch (...) {
  }
  // CHECK: {{^}}  try {{[{]$}}
  // CHECK-NEXT: {{^}}    g(n);
  // CHECK-NEXT: {{^}}  } catch (...) {{[{]$}}
  return 0;
}

int main() {
  try {
    cilk_for (int i = 0; i < 10; i++)
      g(i);
  } catch (...) {
    return 1;
  }
  // CHECK: {{^}}int main() {
  // CHECK: {{^}}  } catch (...) { ito_abi_home();
  return two(1) + handled(2);
}
#else
int main() { return two(1); }
#endif
