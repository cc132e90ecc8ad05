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
typedef struct ito_span {
  void *data;
  size_t size, elem_size;
} ito_span;
void *ito_span_checkout(ito_span s, size_t offset, size_t count, int mode);
void ito_span_checkin(ito_span s, size_t offset, size_t count, int mode);

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

// The same through a span (ito_span_checkout).
long span_first(ito_span s, long *a, long n) {
  long *p = ito_span_checkout(s, 0, 1, 0); // expected-note {{checked out here}}
  long x = cilk_spawn sum(a, n); // expected-error {{the checkout of 's' is still open at this cilk_spawn}}
  cilk_sync;
  long first = p[0];
  ito_span_checkin(s, 0, 1, 0);
  return x + first;
}

// Near miss: the span's checkin comes before the spawn.
long span_fine(ito_span s, long *a, long n) {
  long *p = ito_span_checkout(s, 0, 1, 0);
  long first = p[0];
  ito_span_checkin(s, 0, 1, 0);
  long x = cilk_spawn sum(a, n);
  cilk_sync;
  return x + first;
}
