// What a C++ spawn must do, checked end to end: spawns of a function
// template, of a member function of this, of a member function of another
// object, of a lambda, of a functor and through a function pointer; spawns
// inside a lambda, a member function and a template; receivers of class
// type, in a loop (one per run of the site), in a cilk_scope; arguments
// evaluated in the parent. Compiled with the translation and as the serial
// elision, run on 1, 2 and 4 processes and on 2 that are nodes of their own;
// every run prints the same lines.
//
// Across processes, only what a spawn returns into its receiver (and the
// parent's own locals) is shared: globals and the heap are per process, and
// a child must not point into its parent's stack. So values are plain data
// kept in the tasks' locals, the objects whose members are spawned are in
// static storage, and the root's lines may come from different processes
// (hence CHECK-DAG).
//
// RUN: %ito-c++ -std=c++17 -O2 %s -o %t
// RUN: %ito-c++ -std=c++17 --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.out1
// RUN: FileCheck %s --match-full-lines --input-file=%t.out1
// RUN: count 4 < %t.out1
// RUN: %ito-run -n 1 %t > %t.out2
// RUN: FileCheck %s --match-full-lines --input-file=%t.out2
// RUN: count 4 < %t.out2
// RUN: %ito-run -n 2 %t > %t.out3
// RUN: FileCheck %s --match-full-lines --input-file=%t.out3
// RUN: count 4 < %t.out3
// RUN: %ito-run -n 4 %t > %t.out4
// RUN: FileCheck %s --match-full-lines --input-file=%t.out4
// RUN: count 4 < %t.out4
// RUN: %ito-run -n 2 --internode %t > %t.out5
// RUN: FileCheck %s --match-full-lines --input-file=%t.out5
// RUN: count 4 < %t.out5

#include <cilk/cilk.h>

#include <array>
#include <cstdio>
#include <utility>

static int work(int v) {
  volatile int s = 0;
  for (int i = 0; i < 20000; i++)
    s += i;
  return v;
}

static int sq(int v) { return work(v) * v; }

// A function template that spawns itself: its spawn sites have dependent
// types.
template <typename T> T tfib(T n) {
  if (n < 2)
    return n;
  T x = cilk_spawn tfib(n - 1);
  T y = tfib<T>(n - 2);
  cilk_sync;
  return x + y;
}

template <typename T, int N> std::array<T, N> squares(T base) {
  std::array<T, N> out{};
  for (int i = 0; i < N; i++)
    out[i] = cilk_spawn sq(static_cast<int>(base) + i);
  cilk_sync;
  return out;
}

// Objects that spawn on this. A child must not reach into its parent's
// stack, and a task may continue in another process: so the objects are in
// static storage, initialized at compile time, the same in every process.
struct Node {
  int weight;
  int left, right; // indices in nodes[], -1: none
  long count() const;
  int scaled(int k) const { return work(weight * k); }
  int total(int k) const {
    int a = cilk_spawn scaled(k);       // this, implicitly
    int b = cilk_spawn this->scaled(k + 1);
    cilk_sync;
    return a + b;
  }
};

static const Node nodes[] = {
    {1, 1, 2}, {2, 3, 4}, {3, 5, 6}, {4, -1, -1},
    {5, -1, -1}, {6, -1, 7}, {7, -1, -1}, {8, -1, -1},
};

long Node::count() const {
  long l = 0, r = 0;
  if (left >= 0)
    l = cilk_spawn nodes[left].count();
  if (right >= 0)
    r = cilk_spawn nodes[right].count();
  long self = cilk_spawn scaled(1);
  cilk_sync;
  return l + r + self;
}

struct Adder {
  int base;
  int operator()(int k) const { return work(base + k); }
};

struct Point {
  int x, y;
};
static Point make_point(int v) { return Point{work(v), -v}; }
static std::pair<int, long> make_pair_of(int v) { return {v, 2L * v}; }

static void callables() {
  auto lambda = [](int k) { return work(k) + 1; };
  int (*fp)(int) = sq;
  Adder add{100};
  const Node &t = nodes[6];
  const Node *pt = &nodes[7];
  int c = 0;
  int a = cilk_spawn lambda(c++);
  int b = cilk_spawn fp(c++);
  int d = cilk_spawn add(c++);
  int e = cilk_spawn t.scaled(c++);
  int f = cilk_spawn pt->scaled(c++);
  long g = cilk_spawn tfib(20L);
  int h = cilk_spawn tfib<int>(15);
  int m = cilk_spawn t.total(3);
  cilk_sync;
  std::printf("callables: a=%d b=%d d=%d e=%d f=%d g=%ld h=%d m=%d c=%d\n", a,
              b, d, e, f, g, h, m, c);
}
// CHECK-DAG: callables: a=1 b=1 d=102 e=21 f=32 g=6765 h=610 m=49 c=5

static void receivers() {
  Point p{0, 0};
  std::pair<int, long> q;
  std::array<int, 4> arr{};
  p = cilk_spawn make_point(5);
  q = cilk_spawn make_pair_of(6);
  auto s = cilk_spawn squares<int, 4>(2);
  for (int i = 0; i < 4; i++)
    arr[i] = cilk_spawn sq(10 + i);
  cilk_sync;
  std::printf("receivers: p={%d,%d} q={%d,%ld} s={%d..%d} arr={%d..%d}\n", p.x,
              p.y, q.first, q.second, s[0], s[3], arr[0], arr[3]);
}
// CHECK-DAG: receivers: p={5,-5} q={6,12} s={4..25} arr={100..169}

static void lambdas() {
  int base = 3;
  // A lambda with spawns of its own: its spawns sync at its end.
  auto pair_sum = [base](int k) {
    int x = cilk_spawn sq(k + base);
    int y = cilk_spawn sq(k - base);
    cilk_sync;
    return x + y;
  };
  int r = cilk_spawn pair_sum(4);
  int s = pair_sum(5);
  cilk_sync;
  int total = 0;
  cilk_scope {
    total = cilk_spawn pair_sum(10);
  }
  std::printf("lambdas: r=%d s=%d total=%d\n", r, s, total);
}
// CHECK-DAG: lambdas: r=50 s=68 total=218

int main() {
  callables();
  receivers();
  lambdas();
  long weights = nodes[0].count();
  std::printf("tree count=%ld\n", weights);
  return 0;
}
// CHECK-DAG: tree count=36
