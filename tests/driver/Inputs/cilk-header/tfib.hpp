// Cilk in a C++ header: a template instantiated in the source, and an
// inline function.
#pragma once
#include <cilk/cilk.h>

template <typename T> T tfib(T n) {
  if (n < 2)
    return n;
  T x = cilk_spawn tfib(n - 1);
  T y = tfib(n - 2);
  cilk_sync;
  return x + y;
}

inline long ifib(int n) {
  if (n < 2)
    return n;
  long x = cilk_spawn ifib(n - 1);
  long y = ifib(n - 2);
  cilk_sync;
  return x + y;
}
