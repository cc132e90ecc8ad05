// Cilk-5 style macros (`#define spawn cilk_spawn`, `#define sync
// cilk_sync`, a `parallel_for` spelling of cilk_for) and macros that happen
// to share a name with what the translation writes (promoted, view, get,
// fork, hold, memory, next): the translation names only reserved
// identifiers, which no macro of a program may define. Before, the
// translation of this program did not compile ("expected unqualified-id"
// at `ito::cilk::spawn<long>`, `ito::cilk::parallel_for`, `.sync()`).
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: par_do 610 987
// CHECK-NEXT: fib 6765 squares 338350 parts 45 total 4950 big 2013

#include <cilk/cilk.h>
#include <cilk/opadd_reducer.h>
#include <cstdio>
#include <string>
#include <vector>

#define spawn cilk_spawn
#define sync cilk_sync
#define parallel_for cilk_for
#define promoted 1
#define view viewed
#define get got
#define fork forked
#define hold held
#define memory mem
#define next nxt

long fib(int n) {
  if (n < 2)
    return n;
  long x = spawn fib(n - 1);
  long y = fib(n - 2);
  sync;
  return x + y;
}

long square(long i) { return i * i; }
int part(const std::vector<int> &v, int i) { return v[i]; }

// A PBBS-style par_do: both a spawn and a sync in the macro's body, with
// lambdas as its arguments.
#define par_do(a, b)                                                         \
  {                                                                          \
    cilk_spawn a();                                                          \
    b();                                                                     \
    cilk_sync;                                                               \
  }

int main() {
  long l = 0, r = 0;
  par_do([&] { l = fib(15); }, [&] { r = fib(16); });
  std::printf("par_do %ld %ld\n", l, r);
  long squares[101];
  parallel_for(int i = 0; i <= 100; i++) squares[i] = square(i);
  long s = 0;
  for (long q : squares)
    s += q;

  std::vector<int> v(10);
  for (int i = 0; i < 10; i++)
    v[i] = i;
  int parts[10];
  for (int i = 0; i < 10; i++)
    parts[i] = spawn part(v, i);
  sync;
  int p = 0;
  for (int x : parts)
    p += x;

  cilk::opadd_reducer<long> total = 0;
  parallel_for(int i = 0; i < 100; i++) total += i;

  std::string big(promoted, 'x');
  auto grow = [&big](int n) {
    for (int i = 0; i < n; i++)
      big += std::to_string(i);
  };
  spawn grow(10);
  grow(0);
  sync;
  std::printf("fib %ld squares %ld parts %d total %ld big %zu\n", fib(20), s, p,
              (long)total, big.size() * 183);
  return 0;
}
