// A cilk_for whose condition or increment has a shape the translation does
// not know: an error at the condition or the increment. (These are found
// when the translation is written, so this file has no other errors.)
// RUN: %ito-translate %s -- -I %ito-include -Xclang -verify
// RUN: not %ito-translate %s -- -I %ito-include 2>&1 | FileCheck %s --implicit-check-not=error:

#include <cilk/cilk.h>

void shapes(int n, int *out) {
  cilk_for (int i = 0; i == n; i++) { // expected-error {{cannot translate this 'cilk_for': the comparison must be <, <=, >, >= or !=; write it as for (T i = begin; i < end; i += step) (or <=, >, >=, !=, ++, --, -=)}}
    out[i] = i;
  }
  // CHECK-DAG: diag-cilk-for-shape.c:[[@LINE-3]]:24: error: cannot translate this 'cilk_for': the comparison must be <, <=, >, >= or !=
  cilk_for (int i = 0; n; i++) { // expected-error {{cannot translate this 'cilk_for': the condition is not a comparison}}
    out[i] = i;
  }
  // CHECK-DAG: diag-cilk-for-shape.c:[[@LINE-3]]:24: error: cannot translate this 'cilk_for': the condition is not a comparison
  int k = 0;
  cilk_for (int i = 0; k < n; i++) { // expected-error {{cannot translate this 'cilk_for': the condition does not compare the loop variable}}
    out[i] = i;
  }
  // CHECK-DAG: diag-cilk-for-shape.c:[[@LINE-3]]:24: error: cannot translate this 'cilk_for': the condition does not compare the loop variable
  cilk_for (int i = 1; i < n; i *= 2) { // expected-error {{cannot translate this 'cilk_for': the increment must be ++, --, += or -= on the loop variable}}
    out[i] = i;
  }
  // CHECK-DAG: diag-cilk-for-shape.c:[[@LINE-3]]:31: error: cannot translate this 'cilk_for': the increment must be ++, --, += or -= on the loop variable
  cilk_for (int i = 0; i < n; i = 2 - i) { // expected-error {{the increment must be ++, --, += or -= on the loop variable, or v = v + s, v = s + v or v = v - s}}
    out[i] = i;
  }
  // CHECK-DAG: diag-cilk-for-shape.c:[[@LINE-3]]:31: error: cannot translate this 'cilk_for': the increment must be
  cilk_for (int i = 0; i < n; k++) { // expected-error {{the increment must be ++, --, += or -= on the loop variable}}
    out[i] = i;
  }
  // CHECK-DAG: diag-cilk-for-shape.c:[[@LINE-3]]:31: error: cannot translate this 'cilk_for': the increment must be
  _Cilk_for (int i; i < n; i++) { // expected-error {{cannot translate this '_Cilk_for': the loop variable has no start}}
    out[i] = i;
  }
  // CHECK-DAG: diag-cilk-for-shape.c:[[@LINE-3]]:3: error: cannot translate this '_Cilk_for': the loop variable has no start
}
