// -Wito-stack-sharing, the other way: a child stores an address in its own
// stack where its parent (or a sibling) can read it.
// The analysis itself: -fno-ito-promote keeps locals on the stack (the
// translation would move these off it; stack-promotion.c tests that).
// RUN: %ito-translate %s -- -fno-ito-promote -I %ito-include -Wno-ito-static-write -Xclang -verify
// RUN: %clang -fsyntax-only -fplugin=%ito-plugin -fplugin-arg-ito--fno-ito-promote -fplugin-arg-ito--Wno-ito-static-write -Xclang -verify %s

#include <cilk/cilk.h>

int *last_seen;

void child(int **out, int n) {
  int mine[4] = {n}; // expected-note 2 {{'mine' is declared here, on the stack of 'child'}}
  *out = mine; // expected-error {{spawned function 'child' stores the address of local array 'mine' of 'child' where its parent can read it; that stack is the child's, and it may be in another process or gone}}
  last_seen = &mine[1]; // expected-error {{spawned function 'child' stores the address of local array 'mine'}}
  int *own = mine; // near miss: its own variable
  (void)own;
}

void parent(int n, int **slots) {
  int *got; // expected-note {{'got' is declared here, on the stack of 'parent'}}
  cilk_spawn child(&got, n); // expected-error {{spawned task receives the address of local variable 'got'}}
  cilk_for (int i = 0; i < 8; i++) {
    int x = i; // expected-note {{'x' is declared here, on the stack of 'parent'}}
    slots[i] = &x; // expected-error {{cilk_for body stores the address of local variable 'x' of 'parent' where its parent can read it}}
    int *own = &x; // near miss
    (void)own;
  }
  cilk_sync;
}
