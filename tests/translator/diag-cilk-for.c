// What a cilk_for body may not do: break out of the loop, goto out of it, or
// return; and a cilk_for must declare its loop variable and have a condition
// and an increment. (The shapes of condition and increment that cannot be
// translated are in diag-cilk-for-shape.c: they are reported once the rest
// is well-formed.)
// RUN: %ito-translate %s -- -I %ito-include -Xclang -verify
// RUN: not %ito-translate %s -- -I %ito-include 2>&1 | FileCheck %s --implicit-check-not=error:

#include <cilk/cilk.h>

int f(int n) { return n; }

int jumps(int n, int *out) {
  cilk_for (int i = 0; i < n; i++) {
    if (out[i] < 0)
      break; // expected-error {{cannot break out of a 'cilk_for'}}
    // CHECK-DAG: diag-cilk-for.c:[[@LINE-1]]:7: error: cannot break out of a 'cilk_for'
    out[i] = i;
  }
  cilk_for (int i = 0; i < n; i++) {
    if (out[i] < 0)
      goto done; // expected-error {{cannot jump out of the body of a 'cilk_for'}}
    // CHECK-DAG: diag-cilk-for.c:[[@LINE-1]]:7: error: cannot jump out of the body of a 'cilk_for'
  }
  cilk_for (int i = 0; i < n; i++) {
    if (out[i] < 0)
      return i; // expected-error {{cannot return from the body of a 'cilk_for'}}
    // CHECK-DAG: diag-cilk-for.c:[[@LINE-1]]:7: error: cannot return from the body of a 'cilk_for'
  }
  // Out of a cilk_for nested in another one, or through a plain loop: still
  // out of a cilk_for body.
  cilk_for (int i = 0; i < n; i++) {
    cilk_for (int j = 0; j < n; j++) {
      if (j == i)
        break; // expected-error {{cannot break out of a 'cilk_for'}}
      // CHECK-DAG: diag-cilk-for.c:[[@LINE-1]]:9: error: cannot break out of a 'cilk_for'
    }
    for (int j = 0; j < n; j++) {
      if (j == i)
        return j; // expected-error {{cannot return from the body of a 'cilk_for'}}
      // CHECK-DAG: diag-cilk-for.c:[[@LINE-1]]:9: error: cannot return from the body of a 'cilk_for'
    }
  }
  // Out of a cilk_scope (here in a cilk_for body): a goto out of a scope is
  // not supported.
  _Cilk_for (int i = 0; i < n; i++) {
    cilk_scope {
      cilk_spawn f(i);
      if (i == 3)
        goto done; // expected-error {{a goto out of a 'cilk_scope' is not supported; leave it with break, continue or return}}
      // CHECK-DAG: diag-cilk-for.c:[[@LINE-1]]:9: error: a goto out of a 'cilk_scope' is not supported
    }
  }
  // A return in the body of a _Cilk_for names the keyword as spelled.
  _Cilk_for (int i = 0; i < n; i++) {
    if (i == 3)
      return 1; // expected-error {{cannot return from the body of a '_Cilk_for'}}
    // CHECK-DAG: diag-cilk-for.c:[[@LINE-1]]:7: error: cannot return from the body of a '_Cilk_for'
  }
  // So do the goto errors.
  _Cilk_for (int i = 0; i < n; i++) {
    if (i == 2)
      goto done; // expected-error {{cannot jump out of the body of a '_Cilk_for'}}
    _Cilk_scope {
      cilk_spawn f(i);
      if (i == 3)
        goto done; // expected-error {{a goto out of a '_Cilk_scope' is not supported}}
    }
  }
done:
  return 0;
}

int heads(int n, int *out) {
  int j;
  cilk_for (j = 0; j < n; j++) { // expected-error {{the loop variable of a 'cilk_for' must be declared in its initialization, as in cilk_for (int i = 0; i < n; ++i)}}
    out[j] = j;
  }
  // CHECK-DAG: diag-cilk-for.c:[[@LINE-3]]:3: error: the loop variable of a 'cilk_for' must be declared in its initialization
  cilk_for (; j < n; j++) { // expected-error {{the loop variable of a 'cilk_for' must be declared}}
    out[j] = j;
  }
  // CHECK-DAG: diag-cilk-for.c:[[@LINE-3]]:3: error: the loop variable of a 'cilk_for' must be declared
  cilk_for (int i = 0, k = 0; i < n; i++) { // expected-error {{the loop variable of a 'cilk_for' must be declared}}
    out[i] = k;
  }
  // CHECK-DAG: diag-cilk-for.c:[[@LINE-3]]:3: error: the loop variable of a 'cilk_for' must be declared
  cilk_for (int i = 0;; i++) { // expected-error {{a 'cilk_for' needs a condition and an increment}}
    out[i] = i;
  }
  // CHECK-DAG: diag-cilk-for.c:[[@LINE-3]]:3: error: a 'cilk_for' needs a condition and an increment
  cilk_for (int i = 0; i < n;) { // expected-error {{a 'cilk_for' needs a condition and an increment}}
    out[i++] = 0;
  }
  // CHECK-DAG: diag-cilk-for.c:[[@LINE-3]]:3: error: a 'cilk_for' needs a condition and an increment
  return 0;
}
