// fib.c in C++: one line from main, once in a Cilk program.
#include <cilk/cilk.h>
#include <cstdio>

template <typename T> static T fib(T n) {
  if (n < 2)
    return n;
  T x = cilk_spawn fib(n - 1);
  T y = fib(n - 2);
  cilk_sync;
  return x + y;
}

int main() {
  std::printf("fib(25)=%ld\n", fib(25L));
  return 0;
}
