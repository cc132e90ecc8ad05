// C++ Cilk that comes close to the rules but keeps them: no diagnostic, and
// the translation compiles. A return in a lambda in a cilk_for body returns
// from the lambda; a spawn in a lambda in a cilk_for body is the lambda's; an
// overloaded operator= takes a spawn like the built-in one. (Spawns in a
// lambda that is an argument of a spawned call: spawn-lambda-argument.cpp.)
// RUN: %ito-translate %s -- -std=c++17 -I %ito-include -Xclang -verify
// RUN: %ito-translate %s -o %t.cpp -- -std=c++17 -I %ito-include
// RUN: %clangxx -fsyntax-only -std=c++17 -Wall -I %ito-include %t.cpp
// expected-no-diagnostics

#include <cilk/cilk.h>

static int f(int n) { return n; }

template <typename F> static int apply(F fn, int n) { return fn(n); }

struct Box {
  int v = 0;
  Box &operator=(int x) {
    v = x;
    return *this;
  }
};

void bodies(int n, int *out) {
  cilk_for (int i = 0; i < n; i++) {
    auto first = [&](int k) {
      for (int j = 0; j < k; j++)
        if (out[j] == i)
          return j;
      return -1;
    };
    out[i] = first(i);
    auto spawning = [](int k) {
      int a = cilk_spawn f(k);
      cilk_sync;
      return a;
    };
    out[i] += spawning(i);
  }
}

int spawns(int n) {
  int x = cilk_spawn apply([](int k) { return k + 1; }, n);
  Box b;
  b = cilk_spawn f(n);
  cilk_sync;
  return x + b.v;
}
