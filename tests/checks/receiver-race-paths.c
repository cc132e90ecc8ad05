// -Wito-receiver-race follows control flow: a use races only if a path
// leads to it from a spawn into the receiver with no sync between (an
// explicit cilk_sync, the end of the spawn's cilk_scope or cilk_for body, a
// return). Exclusive branches are not a race; loops, gotos and paths that
// skip the sync are.
// RUN: %ito-translate %s -- -I %ito-include -Xclang -verify
// RUN: %clang -fsyntax-only -fplugin=%ito-plugin -Xclang -verify %s

#include <cilk/cilk.h>

int f(int n);
void g(int *p);

// The two spawns into 'a' are in exclusive branches, and the end of the
// scope is the sync.
int exclusive(int x, int y) {
  int a, b;
  cilk_scope {
    if (x > y) { a = cilk_spawn f(1); b = f(2); }
    else       { a = cilk_spawn f(3); b = f(4); }
  }
  return a + b;
}

// The same with an explicit sync in each branch, and a switch.
int exclusive_syncs(int k) {
  int a = 0;
  switch (k) {
  case 0:
    a = cilk_spawn f(0);
    cilk_sync;
    break;
  case 1:
    a = cilk_spawn f(1);
    cilk_sync;
    break;
  default:
    a = k;
  }
  return a;
}

// A loop that syncs each iteration before the next use.
int loop_synced(int n) {
  int x = 0, s = 0;
  for (int i = 0; i < n; i++) {
    s += x;
    x = cilk_spawn f(i);
    cilk_sync;
  }
  return s + x;
}

// A cilk_scope in a loop: its end syncs each iteration.
int scope_in_loop(int n) {
  int x = 0, s = 0;
  for (int i = 0; i < n; i++) {
    s += x;
    cilk_scope { x = cilk_spawn f(i); }
  }
  return s + x;
}

// Near misses: each must fire.

// Used in the same branch after the spawn.
int same_branch(int x, int y) {
  int a = 0;
  cilk_scope {
    if (x > y) {
      a = cilk_spawn f(1); // expected-note {{'a' receives the value of this cilk_spawn}}
      g(&a); // expected-error {{receiver 'a' is used before the sync that waits for its cilk_spawn}}
    } else {
      a = cilk_spawn f(3);
    }
  }
  return a;
}

// Spawned in one branch, used after the if before the sync (the write in
// the other branch is not a race).
int after_if(int c) {
  int x;
  if (c)
    x = cilk_spawn f(1); // expected-note {{'x' receives the value of this cilk_spawn}}
  else
    x = 2;
  g(&x); // expected-error {{receiver 'x' is used before the sync}}
  cilk_sync; // expected-note {{the value is there after this cilk_sync}}
  return x;
}

// A spawn in one iteration reaches the use in the next.
int next_iteration(int n) {
  int x = 0, s = 0;
  for (int i = 0; i < n; i++) {
    s += x; // expected-error {{receiver 'x' is used before the sync}}
    x = cilk_spawn f(i); // expected-note {{'x' receives the value of this cilk_spawn}}
  }
  cilk_sync; // expected-note {{the value is there after this cilk_sync}}
  return s;
}

// The sync is skipped on one path.
int skipped_sync(int c) {
  int x = cilk_spawn f(1); // expected-note {{'x' receives the value of this cilk_spawn}}
  if (c) {
    cilk_sync; // expected-note {{the value is there after this cilk_sync}}
  }
  int y = x + 1; // expected-error {{receiver 'x' is used before the sync}}
  cilk_sync;
  return y;
}

// A goto runs the spawn again before the sync: two children write 'x'.
int goto_again(int c) {
  int x;
again:
  x = cilk_spawn f(c); // expected-error {{receiver 'x' is used before the sync}} expected-note {{'x' receives the value of this cilk_spawn}}
  if (c-- > 0)
    goto again;
  cilk_sync; // expected-note {{the value is there after this cilk_sync}}
  return x;
}

// An early exit from a loop skips the sync in its body.
int early_break(int n) {
  int x = 0;
  for (int i = 0; i < n; i++) {
    x = cilk_spawn f(i); // expected-note {{'x' receives the value of this cilk_spawn}}
    if (i == 3)
      break;
    cilk_sync; // expected-note {{the value is there after this cilk_sync}}
  }
  g(&x); // expected-error {{receiver 'x' is used before the sync}}
  cilk_sync;
  return x;
}

// A sync in a nested cilk_scope joins only the scope's own spawns.
int inner_scope(void) {
  int x = cilk_spawn f(1); // expected-note {{'x' receives the value of this cilk_spawn}}
  cilk_scope {
    int y = cilk_spawn f(2);
    cilk_sync;
    g(&y);
  }
  int z = x; // expected-error {{receiver 'x' is used before the sync}}
  cilk_sync; // expected-note {{the value is there after this cilk_sync}}
  return z;
}
