// The program's heap is global memory (new, delete and the standard
// containers): heap data shared with children, used after a fork or join, or
// by a cilk_for body is fine in any process, so nothing here is reported
// (-Wito-local-heap is retired).
// expected-no-diagnostics
// RUN: %ito-translate %s -- -fno-ito-promote -std=c++17 -I %ito-include -Xclang -verify
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%ito-plugin -fplugin-arg-ito--fno-ito-promote -Xclang -verify %s

#include <cilk/cilk.h>
#include <ito/ito.hpp>
#include <string>
#include <vector>

int f(int n) { return n; }

int containers(int n) {
  std::vector<int> v(n);
  std::string name = "x";
  cilk_for (int i = 0; i < n; i++)
    v[i] = i;
  int x = cilk_spawn f(n);
  cilk_sync;
  return x + (int)name.size();
}

long with_api(int n) {
  int *p = new int[n];
  ito::thread<long> t([n] { return (long)n; });
  long r = t.join();
  delete[] p;
  return r;
}

// A range-based cilk_for moves the task as well.
int after_range_for(int n, int (&a)[8]) {
  std::vector<int> v(n);
  cilk_for (int &x : a)
    x = f(x);
  return v[0];
}

// Near miss: a vector made and used between forks.
long between(int n) {
  long a = cilk_spawn f(n);
  cilk_sync;
  std::vector<long> w(4, a);
  long s = 0;
  for (long x : w)
    s += x;
  return s;
}
