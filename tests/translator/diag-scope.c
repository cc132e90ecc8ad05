// The body of a cilk_scope with spawns must be a block in braces (found when
// the translation is written, so this file has no other errors). Without
// spawns, any statement does.
// RUN: %ito-translate %s -- -I %ito-include -Xclang -verify
// RUN: not %ito-translate %s -- -I %ito-include 2>&1 | FileCheck %s --implicit-check-not=error:

#include <cilk/cilk.h>

int f(int n) { return n; }

int g(int n) {
  int x = 0;
  cilk_scope x = cilk_spawn f(n); // expected-error {{the body of a 'cilk_scope' must be a block in braces}}
  // CHECK-DAG: diag-scope.c:[[@LINE-1]]:3: error: the body of a 'cilk_scope' must be a block in braces
  _Cilk_scope cilk_spawn f(n); // expected-error-re {{the body of a '{{_Cilk|cilk}}_scope' must be a block in braces}}
  // CHECK-DAG: diag-scope.c:[[@LINE-1]]:3: error: the body of a '{{_Cilk|cilk}}_scope' must be a block in braces
  cilk_scope x += f(n);
  return x;
}
