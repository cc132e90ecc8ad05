// Spawning a callable a template forwards (`cilk_spawn
// std::forward<F>(f)(a)`, `std::move(f)(a)`), as generic task helpers do:
// the translator matched the template's call with its instantiations by
// where the call begins, where the callee `std::forward<F>(f)` (a call
// too, taking f by reference) begins as well, and reported that the
// instantiations disagree on how they take the argument. Only the call
// that ends where the spawned one does is its instantiation.
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -Werror %s -o %t
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: forward 5 move 12 function 7 variadic 9 both 22

#include <cilk/cilk.h>
#include <cstdio>
#include <utility>

template <class F> long spawn_forward(F &&f, long a) {
  long r = cilk_spawn std::forward<F>(f)(a);
  long s = 0;
  cilk_sync;
  return r + s;
}

template <class F> long spawn_moved(F f, long a) {
  long r = cilk_spawn std::move(f)(a);
  cilk_sync;
  return r;
}

// An rvalue argument, forwarded too: it was captured by reference (as the
// callee's instantiation takes f), which an rvalue cannot bind.
template <class F, class A> long spawn_both(F &&f, A &&a) {
  long r = cilk_spawn std::forward<F>(f)(std::forward<A>(a));
  cilk_sync;
  return r;
}

template <class F, class... A> long spawn_variadic(F &&f, A... a) {
  long r = cilk_spawn std::forward<F>(f)(a...);
  cilk_sync;
  return r;
}

static long plus_two(long x) { return x + 2; }

int main() {
  long k = 3;
  std::printf("forward %ld move %ld function %ld variadic %ld both %ld\n",
              spawn_forward([](long s) { return s; }, 5L),
              spawn_moved([k](long s) { return s * 4 + k - 3; }, 3L),
              spawn_forward(plus_two, 5L),
              spawn_variadic([](long x, long y) { return x + y; }, 4L, 5L),
              spawn_both(plus_two, 20L));
  return 0;
}
