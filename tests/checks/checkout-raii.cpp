// -Wito-checkout-across-fork with libito's C++ global memory: checkout and
// checkin calls, and RAII checkouts open to the end of their scope.
// RUN: %ito-translate %s -- -fno-ito-promote -std=c++17 -I %ito-include -Xclang -verify
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%ito-plugin -fplugin-arg-ito--fno-ito-promote -Xclang -verify %s

#include <ito/ito.hpp>

long sum(long *a, long n) {
  if (n < 64) {
    auto s = ito::make_checkout<ito::mode::read>(a, n);
    long t = 0;
    for (long i = 0; i < n; i++)
      t += s[i];
    return t;
  }
  auto first = ito::make_checkout<ito::mode::read>(a, 1); // expected-note {{checked out here}}
  ito::thread<long> t([=] { return sum(a, n / 2); }); // expected-error {{the checkout of 'first' is still open at this fork; the task may go on in another process, where the checked-out memory is not; check it in before and out again after}}
  long y = sum(a + n / 2, n - n / 2);
  return t.join() + y + first[0];
}

long sum2(long *a, long n) {
  long *p = ito::checkout(a, n, ito::mode::read); // expected-note {{checked out here}}
  ito::thread<long> t([=] { return sum(a, n / 2); }); // expected-error {{the checkout of 'a' is still open at this fork}}
  long r = t.join() + p[0];
  ito::checkin(a, n, ito::mode::read);
  return r;
}

// Near miss: the scope ends, checking in, before the fork.
long fine(long *a, long n) {
  long first;
  {
    auto s = ito::make_checkout<ito::mode::read>(a, 1);
    first = s[0];
  }
  ito::thread<long> t([=] { return sum(a, n); });
  return t.join() + first;
}
