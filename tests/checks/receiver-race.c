// -Wito-receiver-race: a receiver is written when the sync joins its child;
// using it before then races with the child (in any Cilk).
// RUN: %ito-translate %s -- -I %ito-include -Xclang -verify
// RUN: %clang -fsyntax-only -fplugin=%ito-plugin -Xclang -verify %s
// RUN: %ito-translate %s -- -I %ito-include -Wno-ito-receiver-race > /dev/null

#include <cilk/cilk.h>

int f(int n);
void g(int *p);

int races(int n) {
  int x = cilk_spawn f(n); // expected-note {{'x' receives the value of this cilk_spawn}}
  int y;
  y = cilk_spawn f(n + 1); // expected-note {{'y' receives the value of this cilk_spawn}}
  int z = x + 1; // expected-error {{receiver 'x' is used before the sync that waits for its cilk_spawn; the child may still be writing it (a determinacy race)}}
  g(&y); // expected-error {{receiver 'y' is used before the sync}}
  cilk_sync; // expected-note 2 {{the value is there after this cilk_sync}}
  x = cilk_spawn f(z); // expected-note {{'x' receives the value of this cilk_spawn}}
  if (n > 2)
    return x; // a return syncs first
  x++; // expected-error {{receiver 'x' is used before the sync}}
  cilk_sync; // expected-note {{the value is there after this cilk_sync}}
  return x + y + z;
}

// Near misses: used after the sync; the parent's own array of receivers.
int fine(int n) {
  int count[8];
  int x = cilk_spawn f(n);
  for (int i = 0; i < 8; i++)
    count[i] = cilk_spawn f(i);
  cilk_sync;
  int s = x;
  for (int i = 0; i < 8; i++)
    s += count[i];
  return s;
}
