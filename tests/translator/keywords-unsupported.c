// This version of ito-translate translates no Cilk construct: it reports each
// one, at its keyword as spelled, and writes no output.
// RUN: not %ito-translate %s -o %t.c -- -I %ito-include 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --match-full-lines
// RUN: not ls %t.c

#include <cilk/cilk.h>

#define SPAWN_CALL(F, X) cilk_spawn F(X)
#define ID(X) X

int fib(int n) {
  if (n < 2)
    return n;
  // CHECK: {{.*}}keywords-unsupported.c:[[@LINE+1]]:11: error: 'cilk_spawn' is not supported by this version of ito-translate
  int x = cilk_spawn fib(n - 1);
  // CHECK: {{.*}}keywords-unsupported.c:[[@LINE+1]]:11: error: '_Cilk_spawn' is not supported by this version of ito-translate
  int y = _Cilk_spawn fib(n - 2);
  // CHECK: {{.*}}keywords-unsupported.c:[[@LINE+1]]:3: error: 'cilk_sync' is not supported by this version of ito-translate
  cilk_sync;
  // CHECK: {{.*}}keywords-unsupported.c:[[@LINE+1]]:3: error: '_Cilk_sync' is not supported by this version of ito-translate
  _Cilk_sync;
  return x + y;
}

void loops(int n, int *a) {
  // CHECK: {{.*}}keywords-unsupported.c:[[@LINE+1]]:3: error: 'cilk_for' is not supported by this version of ito-translate
  cilk_for (int i = 0; i < n; ++i)
    a[i] = fib(i);
  // CHECK: {{.*}}keywords-unsupported.c:[[@LINE+1]]:3: error: '_Cilk_for' is not supported by this version of ito-translate
  _Cilk_for (int i = 0; i < n; ++i) {
    a[i] = 0;
  }
}

void scopes(int n) {
  // CHECK: {{.*}}keywords-unsupported.c:[[@LINE+1]]:3: error: 'cilk_scope' is not supported by this version of ito-translate
  cilk_scope {
    // CHECK: {{.*}}keywords-unsupported.c:[[@LINE+1]]:5: error: 'cilk_spawn' is not supported by this version of ito-translate
    cilk_spawn fib(n);
  }
  // CHECK: {{.*}}keywords-unsupported.c:[[@LINE+1]]:3: error: '_Cilk_scope' is not supported by this version of ito-translate
  _Cilk_scope fib(n);
}

int macros(int n) {
  // A keyword in a macro is reported where the macro is used; one in a macro
  // argument, where it is spelled.
  // CHECK: {{.*}}keywords-unsupported.c:[[@LINE+1]]:11: error: 'cilk_spawn' is not supported by this version of ito-translate
  int x = SPAWN_CALL(fib, n);
  // CHECK: {{.*}}keywords-unsupported.c:[[@LINE+1]]:14: error: '_Cilk_spawn' is not supported by this version of ito-translate
  int y = ID(_Cilk_spawn fib(n));
  // CHECK: {{.*}}keywords-unsupported.c:[[@LINE+1]]:6: error: 'cilk_sync' is not supported by this version of ito-translate
  ID(cilk_sync);
  // The function a sync expands to, called directly, syncs too.
  // CHECK: {{.*}}keywords-unsupported.c:[[@LINE+1]]:3: error: '__ito_cilk_sync' is not supported by this version of ito-translate
  __ito_cilk_sync();
  return x + y;
}

// CHECK: 13 errors generated.
