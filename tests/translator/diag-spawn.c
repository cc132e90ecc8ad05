// A cilk_spawn may only be a whole statement, the right side of an
// assignment statement, or the initializer of a variable; and it must spawn a
// call. Every other use is an error at the keyword (clang's -verify checks
// the messages and lines, the FileCheck run the columns, in any order), and
// there is no translation.
// RUN: %ito-translate %s -- -I %ito-include -Xclang -verify
// RUN: not %ito-translate %s -- -I %ito-include 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %ito-translate %s -- -I %ito-include 2>/dev/null | count 0

#include <cilk/cilk.h>

int f(int n) { return n; }
int use(int a, int b) { return a + b; }
struct pair { int a, b; };

int positions(int n) {
  int x = 0;
  x = f(n) + cilk_spawn f(n); // expected-error {{'cilk_spawn' can only be a whole statement, the right side of an assignment statement, or the initializer of a variable}}
  // CHECK-DAG: diag-spawn.c:[[@LINE-1]]:14: error: 'cilk_spawn' can only be a whole statement, the right side of an assignment statement, or the initializer of a variable
  x = use(cilk_spawn f(n), 1); // expected-error {{'cilk_spawn' can only be}}
  // CHECK-DAG: diag-spawn.c:[[@LINE-1]]:11: error: 'cilk_spawn' can only be
  x += cilk_spawn f(n); // expected-error {{'cilk_spawn' can only be}}
  // CHECK-DAG: diag-spawn.c:[[@LINE-1]]:8: error: 'cilk_spawn' can only be
  x = cilk_spawn f(n) + cilk_spawn f(n); // expected-error 2 {{'cilk_spawn' can only be}}
  // CHECK-DAG: diag-spawn.c:[[@LINE-1]]:7: error: 'cilk_spawn' can only be
  // CHECK-DAG: diag-spawn.c:[[@LINE-2]]:25: error: 'cilk_spawn' can only be
  int y = cilk_spawn f(n) * 2; // expected-error {{'cilk_spawn' can only be}}
  // CHECK-DAG: diag-spawn.c:[[@LINE-1]]:11: error: 'cilk_spawn' can only be
  if (cilk_spawn f(n)) // expected-error {{'cilk_spawn' can only be}}
    x++;
  // CHECK-DAG: diag-spawn.c:[[@LINE-2]]:7: error: 'cilk_spawn' can only be
  while (cilk_spawn f(n)) // expected-error {{'cilk_spawn' can only be}}
    x++;
  // CHECK-DAG: diag-spawn.c:[[@LINE-2]]:10: error: 'cilk_spawn' can only be
  for (int i = cilk_spawn f(n); i < n; i++) // expected-error {{'cilk_spawn' can only be}}
    x++;
  // CHECK-DAG: diag-spawn.c:[[@LINE-2]]:16: error: 'cilk_spawn' can only be
  x = (cilk_spawn f(n), 1); // expected-error {{'cilk_spawn' can only be}}
  // CHECK-DAG: diag-spawn.c:[[@LINE-1]]:8: error: 'cilk_spawn' can only be
  x = n ? cilk_spawn f(n) : 0; // expected-error {{'cilk_spawn' can only be}}
  // CHECK-DAG: diag-spawn.c:[[@LINE-1]]:11: error: 'cilk_spawn' can only be
  int a = cilk_spawn f(n), b = 0; // expected-error {{'cilk_spawn' can only be}}
  // CHECK-DAG: diag-spawn.c:[[@LINE-1]]:11: error: 'cilk_spawn' can only be
  y = x = cilk_spawn f(n); // expected-error {{'cilk_spawn' can only be}}
  // CHECK-DAG: diag-spawn.c:[[@LINE-1]]:11: error: 'cilk_spawn' can only be
  struct pair p = {cilk_spawn f(n), 0}; // expected-error {{'cilk_spawn' can only be}}
  // CHECK-DAG: diag-spawn.c:[[@LINE-1]]:20: error: 'cilk_spawn' can only be
  cilk_sync;
  return x + y + a + b + p.a;
}

int returned(int n) {
  return cilk_spawn f(n); // expected-error {{'cilk_spawn' can only be}}
  // CHECK-DAG: diag-spawn.c:[[@LINE-1]]:10: error: 'cilk_spawn' can only be
}

// A spawn in the argument of a spawned call.
int nested(int n) {
  int x = cilk_spawn use(cilk_spawn f(n), 1); // expected-error {{'cilk_spawn' can only be}}
  // CHECK-DAG: diag-spawn.c:[[@LINE-1]]:26: error: 'cilk_spawn' can only be
  cilk_sync;
  return x;
}

// What follows the keyword must be a call.
int not_calls(int n) {
  int x = 0;
  x = cilk_spawn (n + 1); // expected-error {{'cilk_spawn' must be followed by a call}}
  // CHECK-DAG: diag-spawn.c:[[@LINE-1]]:7: error: 'cilk_spawn' must be followed by a call
  int y = _Cilk_spawn x; // expected-error {{'_Cilk_spawn' must be followed by a call}}
  // CHECK-DAG: diag-spawn.c:[[@LINE-1]]:11: error: '_Cilk_spawn' must be followed by a call
  cilk_spawn n++; // expected-error {{'cilk_spawn' must be followed by a call}}
  // CHECK-DAG: diag-spawn.c:[[@LINE-1]]:3: error: 'cilk_spawn' must be followed by a call
  cilk_sync;
  return x + y;
}
