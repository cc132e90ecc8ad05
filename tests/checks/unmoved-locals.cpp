// -Wito-stack-sharing through a call: a function that may fork (not
// spawned) gets the address of a local that the translation cannot move
// off the stack. Its tasks may run in another process. Before, nothing was
// reported and between nodes such a stencil over a C++ variable-length
// array printed a wrong sum. Locals it can move, reducers, file-scope data
// and libito's own API stay silent.
// RUN: %ito-translate %s -- -I %ito-include -Xclang -verify
// RUN: not %ito-translate %s -- -I %ito-include 2>&1 | FileCheck %s
// RUN: %clang -fsyntax-only -fplugin=%ito-plugin -Xclang -verify %s

#include <cilk/cilk.h>

static void step(int n, double *a, double *b) {
  cilk_for (int i = 1; i < n - 1; i++)
    b[i] = (a[i - 1] + a[i + 1]) / 2;
}

double grid[64];

void stencil(int n) {
  double a[n], b[n]; // expected-note {{'a' is declared here, on the stack of 'stencil'}} expected-note {{'b' is declared here, on the stack of 'stencil'}}
  double fixed[64];
  for (int t = 0; t < 10; t++) {
    step(n, a, b); // expected-error {{'step', which may fork, gets its address here, and 'a' of 'stencil' stays on its stack (C++ has no variable-length arrays to move); a task of that call may run in another process and cannot reach it}} expected-error {{'step', which may fork, gets its address here, and 'b' of 'stencil' stays on its stack}}
    step(64, fixed, grid);
  }
}
// CHECK: unmoved-locals.cpp:[[@LINE-4]]:13: error: 'step', which may fork, gets its address here, and 'a' of 'stencil' stays on its stack (C++ has no variable-length arrays to move); a task of that call may run in another process and cannot reach it [-Wito-stack-sharing]

// A lambda that captures by reference a condition's variable, which is
// declared again each time the condition is evaluated.
template <typename F> static void each(int n, const F &f) {
  cilk_for (int i = 0; i < n; i++)
    f(i);
}
static int next_batch(int *left) { return (*left)-- > 0 ? *left : 0; }
void batches(double *out) {
  int left = 3;
  while (int k = next_batch(&left)) // expected-note {{'k' is declared here, on the stack of 'batches'}}
    each(8, [&](int i) { out[i] += k; }); // expected-error {{'each', which may fork, gets a lambda that captures it by reference here, and 'k' of 'batches' stays on its stack (its declaration cannot be rewritten)}}
}

// A function that does not fork, and one whose tasks are spawned (the
// other checks' business): silent.
static double sum(const double *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}
double quiet(int n) {
  double a[n];
  for (int i = 0; i < n; i++)
    a[i] = i;
  return sum(a, n);
}
