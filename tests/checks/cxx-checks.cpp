// The receiver, static-write and checkout checks on C++ code (C versions:
// receiver-race.c, static-write.c, checkout-across-fork.c).
// RUN: %ito-translate %s -- -fno-ito-promote -std=c++17 -I %ito-include -Xclang -verify
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%ito-plugin -fplugin-arg-ito--fno-ito-promote -Xclang -verify %s

#include <cilk/cilk.h>
#include <cstddef>

namespace ito {
// As libito declares them (ito/ito.hpp).
template <class T> T *checkout(T *p, std::size_t n);
template <class T> void checkin(T *p, std::size_t n);
} // namespace ito

// Defined in another file, which may not be a Cilk source: per process.
struct stats {
  static long calls; // expected-note {{'calls' is declared here}}
};
// Defined here, so one copy for all processes: not reported.
struct shared_stats {
  static long calls;
};
long shared_stats::calls = 0;
thread_local int depth; // expected-note {{'depth' is declared here}}

template <class T> T value(T v) { return v; }

long tree(int n) {
  stats::calls++; // expected-warning {{task writes 'calls', a static data member; every process has its own copy, and tasks in other processes do not see the write}}
  shared_stats::calls++;
  depth = n; // expected-warning {{task uses thread_local 'depth'}}
  if (n < 2)
    return n;
  auto label = cilk_spawn value(std::size_t(n)); // expected-note {{'label' receives the value of this cilk_spawn}}
  long b = cilk_spawn tree(n - 1);
  auto len = label + 1; // expected-error {{receiver 'label' is used before the sync that waits for its cilk_spawn}}
  cilk_sync; // expected-note {{the value is there after this cilk_sync}}
  return b + (long)len;
}

long sum(long *a, long n) {
  if (n < 64) {
    long *p = ito::checkout(a, n);
    long s = 0;
    for (long i = 0; i < n; i++)
      s += p[i];
    ito::checkin(a, n);
    return s;
  }
  long *first = ito::checkout(a, 1); // expected-note {{checked out here}}
  long x = cilk_spawn sum(a, n / 2); // expected-error {{the checkout of 'a' is still open at this cilk_spawn}}
  long y = sum(a + n / 2, n - n / 2);
  cilk_sync;
  long f = first[0];
  ito::checkin(a, 1);
  return x + y + f;
}
