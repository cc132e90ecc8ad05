// A cilk_sync must be a statement of its own.
// RUN: %ito-translate %s -- -I %ito-include -Xclang -verify
// RUN: not %ito-translate %s -- -I %ito-include 2>&1 | FileCheck %s --implicit-check-not=error:

#include <cilk/cilk.h>

int f(int n) { return n; }

int g(int n) {
  int x = cilk_spawn f(n);
  int y = (cilk_sync, 1); // expected-error {{'cilk_sync' must be a statement of its own}}
  // CHECK-DAG: diag-sync.c:[[@LINE-1]]:12: error: 'cilk_sync' must be a statement of its own
  for (int i = 0; i < n; cilk_sync) // expected-error {{'cilk_sync' must be a statement of its own}}
    i++;
  // CHECK-DAG: diag-sync.c:[[@LINE-2]]:26: error: 'cilk_sync' must be a statement of its own
  n > 0 ? cilk_sync : (void)0; // expected-error {{'cilk_sync' must be a statement of its own}}
  // CHECK-DAG: diag-sync.c:[[@LINE-1]]:11: error: 'cilk_sync' must be a statement of its own
  x = (_Cilk_sync, x); // expected-error {{'_Cilk_sync' must be a statement of its own}}
  // CHECK-DAG: diag-sync.c:[[@LINE-1]]:8: error: '_Cilk_sync' must be a statement of its own
  cilk_sync;
  return x + y;
}
