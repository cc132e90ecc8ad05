// -Wito-checkout-across-fork follows control flow: a checkout is open at a
// fork or join when some path leads there from the checkout with no
// checkin of the same address on it.
// RUN: %ito-translate %s -- -I %ito-include -Xclang -verify
// RUN: %clang -fsyntax-only -fplugin=%ito-plugin -Xclang -verify %s

#include <cilk/cilk.h>
#include <ito/ito.h>

long count(long *a, long n);

// The checkout and the spawn are in exclusive branches.
long exclusive(long *a, long n, int leaf) {
  long *p = 0, x = 0, s = 0;
  if (leaf) {
    p = ito_checkout(a, sizeof(long), ITO_MODE_READ);
  } else {
    x = cilk_spawn count(a, n);
    cilk_sync;
  }
  if (leaf) {
    s = p[0];
    ito_checkin(a, sizeof(long), ITO_MODE_READ);
  }
  return x + s;
}

// Near misses: each must fire.

// Checked in on one path only.
long one_path(long *a, long n, int c) {
  long *p = ito_checkout(a, sizeof(long), ITO_MODE_READ); // expected-note {{checked out here}}
  long s = p[0];
  if (c)
    ito_checkin(a, sizeof(long), ITO_MODE_READ);
  long x = cilk_spawn count(a, n); // expected-error {{the checkout of 'a' is still open at this cilk_spawn}}
  cilk_sync;
  if (!c)
    ito_checkin(a, sizeof(long), ITO_MODE_READ);
  return x + s;
}

// Checked out in one iteration, still open at the next one's spawn.
long next_iteration(long *a, long n) {
  long s = 0, x = 0;
  for (int i = 0; i < 4; i++) {
    x = cilk_spawn count(a, n); // expected-error {{the checkout of 'a' is still open at this cilk_spawn}}
    cilk_sync;
    long *p = ito_checkout(a, sizeof(long), ITO_MODE_READ); // expected-note {{checked out here}}
    s += p[0];
  }
  ito_checkin(a, sizeof(long), ITO_MODE_READ);
  return x + s;
}

// A spawn statement (no receiver).
void spawn_statement(long *a, long n) {
  long *p = ito_checkout(a, sizeof(long), ITO_MODE_READ); // expected-note {{checked out here}}
  cilk_spawn count(a, n); // expected-error {{the checkout of 'a' is still open at this cilk_spawn}}
  ito_checkin(a, sizeof(long), ITO_MODE_READ);
  (void)p;
  cilk_sync;
}
