// Constructor parameters whose address reaches tasks move off the stack like
// other parameters, in constructors and constructor templates alike (a
// PBBS-style sequence built from a function of the index); a member
// initializer that reads such a parameter reads it before the body, as
// written. A temporary that a call which may fork takes by reference (a
// lambda into `const F &`) is made in the heap for the call. Before, the
// parameter of a template constructor and the temporary stayed on their
// stacks without a word, and np 4 crashed (division by zero, a null
// function).
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -Werror %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: %until-stolen %ito-run -n 2 %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: modulo 99999
// CHECK-NEXT: scaled 14999850000 (scale 3)
// CHECK-NEXT: tabulate 5714214285
// CHECK-NEXT: pair 14999850000
// CHECK-NEXT: by reference 333328333350000{{$}}
// CHECK-NEXT: free function 5000050000

#include <cilk/cilk.h>
#include <cstdio>
#include <utility>

template <class F> void parallel_for(long lo, long hi, F f) {
  cilk_for (long i = lo; i < hi; i++)
    f(i);
}

template <class T> struct sequence {
  T *data;
  long n;
  // Built from a function of the index: by value, as PBBS's tabulate.
  template <class F> sequence(long n, F f) : data(new T[n]), n(n) {
    parallel_for(0, n, [&](long i) { data[i] = f(i); });
  }
  ~sequence() { delete[] data; }
  T sum() const {
    T s = 0;
    for (long i = 0; i < n; i++)
      s += data[i];
    return s;
  }
};

struct modulo {
  long *a;
  long n;
  template <class K> modulo(long n, K k) : a(new long[n]), n(n) {
    parallel_for(0, n, [&](long i) { a[i] = i % k; });
  }
  ~modulo() { delete[] a; }
};

// Not a template; the initializer reads `scale` before the body moves it.
struct scaled {
  long *a;
  long n, factor;
  scaled(long n, long scale) : a(new long[n]), n(n), factor(scale) {
    parallel_for(0, n, [&](long i) { a[i] = i * scale; });
  }
  ~scaled() { delete[] a; }
};

// A function of the index by const reference: main's lambda is a temporary.
struct squares {
  long *a;
  long n;
  template <class F> squares(long n, const F &f) : a(new long[n]), n(n) {
    parallel_for(0, n, [&](long i) { a[i] = f(i); });
  }
  ~squares() { delete[] a; }
};
template <class F> long reduce_with(long n, const F &f) {
  long *t = new long[n];
  parallel_for(0, n, [&](long i) { t[i] = f(i); });
  long s = 0;
  for (long i = 0; i < n; i++)
    s += t[i];
  delete[] t;
  return s;
}

template <class A, class B> struct pair_sum {
  long total = 0;
  pair_sum(std::pair<A, B> p, long n) {
    long *t = new long[n];
    parallel_for(0, n, [&](long i) { t[i] = p.first * i + p.second; });
    for (long i = 0; i < n; i++)
      total += t[i];
    delete[] t;
  }
};

int main() {
  modulo m(100000, 3);
  long s = 0;
  for (long i = 0; i < m.n; i++)
    s += m.a[i];
  std::printf("modulo %ld\n", s);

  scaled c(100000, 3);
  long t = 0;
  for (long i = 0; i < c.n; i++)
    t += c.a[i];
  std::printf("scaled %ld (scale %ld)\n", t, c.factor);

  long k = 7;
  sequence<long> q(100000, [k](long i) { return i * (i % k == 0 ? 2 : 1); });
  std::printf("tabulate %ld\n", q.sum());

  pair_sum<int, long> p(std::pair<int, long>(3, 0), 100000);
  std::printf("pair %ld\n", p.total);

  squares sq(100000, [&](long i) { return i * i / (k - 6); });
  long u = 0;
  for (long i = 0; i < sq.n; i++)
    u += sq.a[i];
  std::printf("by reference %ld\n", u);
  std::printf("free function %ld\n",
              reduce_with(100000, [&](long i) { return i + k / 7; }));
  return 0;
}
