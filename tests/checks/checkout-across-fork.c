// -Wito-checkout-across-fork: a checkout maps global memory into the
// process that runs the task until the checkin; a fork or join in between
// may move the task away from it.
// RUN: %ito-translate %s -- -I %ito-include -Xclang -verify
// RUN: %clang -fsyntax-only -fplugin=%ito-plugin -Xclang -verify %s

#include <cilk/cilk.h>
#include <stddef.h>

// libito's C interface to global memory (ito/ito.h).
void *ito_checkout(void *addr, size_t size, int mode);
void ito_checkin(void *addr, size_t size, int mode);

long sum(long *a, long n) {
  if (n < 1024) {
    long *p = ito_checkout(a, n * sizeof(long), 0);
    long s = 0;
    for (long i = 0; i < n; i++)
      s += p[i];
    ito_checkin(a, n * sizeof(long), 0);
    return s;
  }
  long *half = ito_checkout(a, sizeof(long), 0); // expected-note {{checked out here}}
  long x = cilk_spawn sum(a, n / 2); // expected-error {{the checkout of 'a' is still open at this cilk_spawn; the task may go on in another process, where the checked-out memory is not; check it in before and out again after}}
  long y = sum(a + n / 2, n - n / 2);
  cilk_sync;
  ito_checkin(a, sizeof(long), 0);
  return x + y + half[0];
}

// Near miss: checked in before the spawn, out again after the sync.
long fine(long *a, long n) {
  long *p = ito_checkout(a, sizeof(long), 0);
  long first = p[0];
  ito_checkin(a, sizeof(long), 0);
  long x = cilk_spawn sum(a, n);
  cilk_sync;
  p = ito_checkout(a, sizeof(long), 0);
  long again = p[0];
  ito_checkin(a, sizeof(long), 0);
  return x + first + again;
}
