// cilk_for end to end, in C++: every iteration runs exactly once, with its
// own value of the loop variable, for each loop shape (<, <=, >, >=, != with
// ++, --, += and -=), over pointers and iterators, range-based over arrays,
// with grain sizes, in a function template, a lambda and a member function,
// with spawns and a cilk_scope in the body and a cilk_for in a cilk_for.
// Compiled with the translation and as the serial elision, run on 1, 2 and 4
// processes and on 2 that are nodes of their own.
//
// The iterations run in whatever process has them, and globals, the heap
// and the parent's stack are not shared between processes (what is read
// through pointers and iterators here is static const data, the same in
// every process): so each iteration computes its value itself (through
// spawns, whose receivers are shared) and prints one line, flushed at once;
// the lines are sorted before FileCheck reads them.
// RUN: %ito-c++ -std=c++17 -O2 %s -o %t
// RUN: %ito-c++ -std=c++17 --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial | env LC_ALL=C sort | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 1 %t | env LC_ALL=C sort | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 2 %t | env LC_ALL=C sort | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 4 %t | env LC_ALL=C sort | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 2 --internode %t | env LC_ALL=C sort | FileCheck %s --match-full-lines --implicit-check-not={{.}}

#include <cilk/cilk.h>

#include <array>
#include <cstdio>
#include <iterator>

static int work(int v) {
  volatile int s = 0;
  for (int i = 0; i < 20000; i++)
    s += i;
  return v;
}

static int sq(int v) { return work(v) * v; }

static void report(const char *tag, long i, long value) {
  std::printf("%s %ld %ld\n", tag, i, value);
  std::fflush(stdout);
}

static const int primes[] = {2, 3, 5, 7, 11};
static const std::array<int, 4> fours = {4, 8, 12, 16};

static void shapes(int n) {
  cilk_for (int i = 0; i < n; ++i) {
    int a = cilk_spawn sq(i);
    int b = sq(i + 1);
    cilk_sync;
    report("lt++", i, a + b);
  }
  cilk_for (int i = 1; i <= n; i += 4) {
    report("le+=4", i, sq(i));
  }
  cilk_for (int i = n; i > n - 3; i--) {
    report("gt--", i, sq(i));
  }
  cilk_for (int i = n; i >= 0; i -= 5) {
    report("ge-=5", i, sq(i));
  }
  cilk_for (long i = 0; i != n; ++i) {
    if (i % 3 == 0)
      report("ne++", i, sq(static_cast<int>(i)));
  }
  cilk_for (const int *p = std::begin(primes); p != std::end(primes); ++p) {
    report("pointer", p - primes, sq(*p));
  }
  cilk_for (auto it = fours.begin(); it < fours.end(); it += 2) {
    report("iterator", it - fours.begin(), sq(*it));
  }
  cilk_for (int i = 3; i < 3; i++) {
    report("never", i, 0);
  }
  cilk_for (int p : primes) {
    report("range", p, sq(p));
  }
#pragma cilk grainsize 1
  cilk_for (const auto &f : fours) {
    report("range-ref", f, sq(f));
  }
}

template <typename T> static void in_template(T n) {
#pragma cilk grainsize 2
  cilk_for (T i = 0; i < n; i++) {
    report("template", static_cast<long>(i), sq(static_cast<int>(i)));
  }
}

struct Grid {
  int scale;
  // this is a static object (the same in every process).
  void fill(int n) const {
#pragma cilk grainsize = 1
    cilk_for (int i = 0; i < n; i++) {
      report("member", i, scale * work(i));
    }
  }
};
static const Grid grid{7};

static void nested_blocks() {
  auto rows = [](int n) {
    cilk_for (int i = 0; i < n; i++) {
      cilk_for (int j = 0; j < 2; j++) {
        report("nested", i, 10 * i + work(j));
      }
    }
  };
  rows(3);
  cilk_for (int i = 0; i < 3; i++) {
    int a = 0, b = 0;
    cilk_scope {
      a = cilk_spawn sq(i);
      b = cilk_spawn sq(i + 10);
    }
    report("scope", i, a + b);
  }
}

int main() {
  shapes(10);
  in_template(5u);
  grid.fill(3);
  nested_blocks();
  std::printf("root done\n");
  return 0;
}

// CHECK-NOT: never
// CHECK: ge-=5 0 0
// CHECK-NEXT: ge-=5 10 100
// CHECK-NEXT: ge-=5 5 25
// CHECK-NEXT: gt-- 10 100
// CHECK-NEXT: gt-- 8 64
// CHECK-NEXT: gt-- 9 81
// CHECK-NEXT: iterator 0 16
// CHECK-NEXT: iterator 2 144
// CHECK-NEXT: le+=4 1 1
// CHECK-NEXT: le+=4 5 25
// CHECK-NEXT: le+=4 9 81
// CHECK-NEXT: lt++ 0 1
// CHECK-NEXT: lt++ 1 5
// CHECK-NEXT: lt++ 2 13
// CHECK-NEXT: lt++ 3 25
// CHECK-NEXT: lt++ 4 41
// CHECK-NEXT: lt++ 5 61
// CHECK-NEXT: lt++ 6 85
// CHECK-NEXT: lt++ 7 113
// CHECK-NEXT: lt++ 8 145
// CHECK-NEXT: lt++ 9 181
// CHECK-NEXT: member 0 0
// CHECK-NEXT: member 1 7
// CHECK-NEXT: member 2 14
// CHECK-NEXT: ne++ 0 0
// CHECK-NEXT: ne++ 3 9
// CHECK-NEXT: ne++ 6 36
// CHECK-NEXT: ne++ 9 81
// CHECK-NEXT: nested 0 0
// CHECK-NEXT: nested 0 1
// CHECK-NEXT: nested 1 10
// CHECK-NEXT: nested 1 11
// CHECK-NEXT: nested 2 20
// CHECK-NEXT: nested 2 21
// CHECK-NEXT: pointer 0 4
// CHECK-NEXT: pointer 1 9
// CHECK-NEXT: pointer 2 25
// CHECK-NEXT: pointer 3 49
// CHECK-NEXT: pointer 4 121
// CHECK-NEXT: range 11 121
// CHECK-NEXT: range 2 4
// CHECK-NEXT: range 3 9
// CHECK-NEXT: range 5 25
// CHECK-NEXT: range 7 49
// CHECK-NEXT: range-ref 12 144
// CHECK-NEXT: range-ref 16 256
// CHECK-NEXT: range-ref 4 16
// CHECK-NEXT: range-ref 8 64
// CHECK-NEXT: root done
// CHECK-NEXT: scope 0 100
// CHECK-NEXT: scope 1 122
// CHECK-NEXT: scope 2 148
// CHECK-NEXT: template 0 0
// CHECK-NEXT: template 1 1
// CHECK-NEXT: template 2 4
// CHECK-NEXT: template 3 9
// CHECK-NEXT: template 4 16
// CHECK-NOT: {{.}}
