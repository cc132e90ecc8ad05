// Stack data of a C++ program reaching its tasks, as written for one
// machine: main (no Cilk code of its own) hands a local vector by
// reference to a recursive function that spawns over it, and a local
// object to a member function that spawns on `this`, and declares one whose
// constructor does; a cilk_for writes a
// local array, a local std::vector through operator[] and a vector taken
// by value; a spawned lambda captures by reference; spawned calls return a
// std::vector and a std::string. Every promoted object is constructed and
// destroyed exactly once. Every process count and layout must print what
// the serial elision prints.
// RUN: %ito-c++ --ito-no-translate -O2 -std=c++17 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -std=c++17 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: increment 20000 sum 200010000
// CHECK-NEXT: grid 64 rows sum 4064256
// CHECK-NEXT: table sum 999000
// CHECK-NEXT: loop 4950 vector 19900 by value 1225 captured 45
// CHECK-NEXT: returned 300 abcabcabc
// CHECK-NEXT: counted live 0 built 4

#include <cilk/cilk.h>
#include <cstdio>
#include <string>
#include <vector>

static int live = 0, built = 0;
struct Counted {
  int value;
  explicit Counted(int v) : value(v) {
    ++live;
    ++built;
  }
  ~Counted() { --live; }
};

static void touch(Counted *c) { c->value += 1; }

static void increment(std::vector<long> &v, long lo, long hi) {
  if (hi - lo <= 256) {
    for (long i = lo; i < hi; i++)
      v[i] += i + 1;
    return;
  }
  long mid = lo + (hi - lo) / 2;
  cilk_spawn increment(v, lo, mid);
  increment(v, mid, hi);
  cilk_sync;
}

class Grid {
public:
  explicit Grid(int n) : n_(n), cells_(n * n, 0) {}
  void fill() { fill_rows(0, n_); }
  long sum() const {
    long s = 0;
    for (int c : cells_)
      s += c;
    return s;
  }

private:
  void fill_rows(int lo, int hi) {
    if (hi - lo == 1) {
      for (int j = 0; j < n_; j++)
        cells_[lo * n_ + j] = lo * j;
      return;
    }
    int mid = (lo + hi) / 2;
    cilk_spawn fill_rows(lo, mid);
    fill_rows(mid, hi);
    cilk_sync;
  }
  int n_;
  std::vector<int> cells_;
};

// Its constructor forks, working on `this`.
class Table {
public:
  explicit Table(int n) : values_(n) { fill(0, n); }
  long sum() const {
    long s = 0;
    for (long v : values_)
      s += v;
    return s;
  }

private:
  void fill(int lo, int hi) {
    if (hi - lo <= 16) {
      for (int i = lo; i < hi; i++)
        values_[i] = 2 * i;
      return;
    }
    int mid = (lo + hi) / 2;
    cilk_spawn fill(lo, mid);
    fill(mid, hi);
    cilk_sync;
  }
  std::vector<long> values_;
};

static long by_value(std::vector<int> v) {
  cilk_for(int i = 0; i < (int)v.size(); i++) v[i] = i;
  long s = 0;
  for (int x : v)
    s += x;
  return s;
}

static std::vector<int> make(int n) { return std::vector<int>(n, 1); }
static std::string repeat(const char *s, int k) {
  std::string out;
  for (int i = 0; i < k; i++)
    out += s;
  return out;
}

static void loops() {
  int squares[100];
  cilk_for(int i = 0; i < 100; i++) squares[i] = i;
  std::vector<long> v(200);
  cilk_for(int i = 0; i < 200; i++) v[i] = i;
  long a = 0, b = 0;
  for (int x : squares)
    a += x;
  for (long x : v)
    b += x;
  long captured = 0;
  Counted c(44);
  cilk_spawn touch(&c);
  cilk_spawn[&] { captured = c.value; }
  ();
  cilk_sync;
  cilk_spawn[&] { captured = c.value; }
  ();
  cilk_sync;
  std::printf("loop %ld vector %ld by value %ld captured %ld\n", a, b,
              by_value(std::vector<int>(50)), captured);
}

int main() {
  std::vector<long> v(20000, 0);
  increment(v, 0, (long)v.size());
  long sum = 0;
  for (long x : v)
    sum += x;
  std::printf("increment %zu sum %ld\n", v.size(), sum);

  Grid g(64);
  g.fill();
  std::printf("grid 64 rows sum %ld\n", g.sum());
  Table t(1000);
  std::printf("table sum %ld\n", t.sum());

  loops();

  std::vector<int> a = cilk_spawn make(100);
  std::string s = cilk_spawn repeat("abc", 3);
  std::vector<int> b = make(200);
  cilk_sync;
  Counted first(1), second(2);
  touch(&first);
  cilk_spawn touch(&second);
  cilk_sync;
  std::printf("returned %zu %s\n", a.size() + b.size(), s.c_str());
  {
    Counted third(3);
    cilk_spawn touch(&third);
    cilk_sync;
  }
  std::printf("counted live %d built %d\n", live - 2, built);
}
