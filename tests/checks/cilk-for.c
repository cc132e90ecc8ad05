// -Wito-stack-sharing and -Wito-maybe-stack-sharing in cilk_for bodies: each
// iteration has its own copy of the enclosing function's variables (it may
// run in another process), so a write to one is lost and a local array is
// out of reach. Reading copies, the loop variable and the body's own locals
// are fine.
// The analysis itself: -fno-ito-promote keeps locals on the stack (the
// translation would move these off it; stack-promotion.c tests that).
// RUN: %ito-translate %s -- -fno-ito-promote -I %ito-include -Xclang -verify
// RUN: %clang -fsyntax-only -fplugin=%ito-plugin -fplugin-arg-ito--fno-ito-promote -Xclang -verify %s

#include <cilk/cilk.h>

void fill(int *p, int n);
int peek(const int *p);

int writes(int n) {
  int last = -1; // expected-note {{'last' is declared here, outside the cilk_for}}
  int count = 0; // expected-note {{'count' is declared here, outside the cilk_for}}
  int seen = 0;  // expected-note {{'seen' is declared here, outside the cilk_for}}
  cilk_for (int i = 0; i < n; i++) {
    if (i == n - 1)
      last = i; // expected-error {{cilk_for body writes 'last', a variable of the enclosing function; each iteration has its own copy (it may run in another process), so the parent never sees the write}}
    count++; // expected-error {{cilk_for body writes 'count'}}
    fill(&seen, 1); // expected-warning {{cilk_for body may write 'seen'}}
  }
  return last + count + seen;
}

int arrays(int n) {
  int out[64]; // expected-note 2 {{'out' is declared here, on the stack of 'arrays'}}
  int *p = out; // expected-note {{'p' gets that address here}}
  cilk_for (int i = 0; i < 64; i++)
    out[i] = i; // expected-error {{cilk_for body uses local array 'out' of 'arrays'}}
  cilk_for (int i = 0; i < 64; i++)
    p[i] = i; // expected-error {{cilk_for body uses 'p', the address of local array 'out' of 'arrays'}}
  return n;
}

// Near misses.
int fine(int n, int *param) {
  int scale = 3;
  const int *cp = param;
  cilk_for (int i = 0; i < n; i++) {
    int own[4] = {i * scale, peek(cp)};
    int *q = own;
    q[1] += i;
    fill(own, 4);
    param[i] = own[0] + q[1];
  }
  return n;
}
