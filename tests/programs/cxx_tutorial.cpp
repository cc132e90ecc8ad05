// C++ in the style of the OpenCilk tutorials: a cilk_for over a
// std::vector<double> whose body calls a lambda, std::transform and
// std::accumulate in the leaves of a spawned reduction, a class whose
// member function spawns on `this`, a template function that spawns, and
// std::unique_ptr / std::make_shared objects given to children (one copy
// of the shared_ptr per child; many children copying one shared_ptr at once
// is in shared_ptr.cpp).
// RUN: %ito-c++ --ito-no-translate -O2 -std=c++17 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -std=c++17 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: vector 100000 sum-of-squares 333338333350000 norm-sum {{[0-9.]+}}
// CHECK-NEXT: integrator steps 65536 integral 0.333333
// CHECK-NEXT: template int 5000050000 long 50005000 double 5000.5
// CHECK-NEXT: unique 500500 shared 1002 use_count 1 left 0

#include <algorithm>
#include <cilk/cilk.h>
#include <cstdio>
#include <memory>
#include <numeric>
#include <vector>

static double leaf_sum(const std::vector<double> &v, size_t lo, size_t hi) {
  std::vector<double> sq(hi - lo);
  std::transform(v.begin() + lo, v.begin() + hi, sq.begin(),
                 [](double x) { return x * x; });
  return std::accumulate(sq.begin(), sq.end(), 0.0);
}

static double sum_squares(const std::vector<double> &v, size_t lo, size_t hi) {
  if (hi - lo <= 2048)
    return leaf_sum(v, lo, hi);
  size_t mid = lo + (hi - lo) / 2;
  double a = cilk_spawn sum_squares(v, lo, mid);
  double b = sum_squares(v, mid, hi);
  cilk_sync;
  return a + b;
}

class Integrator {
public:
  Integrator(double lo, double hi, long steps)
      : lo_(lo), hi_(hi), steps_(steps) {}
  double run() const { return part(0, steps_) * (hi_ - lo_) / steps_; }

private:
  double f(double x) const { return x * x; }
  double part(long a, long b) const {
    if (b - a <= 1024) {
      double s = 0;
      for (long i = a; i < b; i++)
        s += f(lo_ + (i + 0.5) * (hi_ - lo_) / steps_);
      return s;
    }
    long m = a + (b - a) / 2;
    double x = cilk_spawn this->part(a, m);
    double y = part(m, b);
    cilk_sync;
    return x + y;
  }
  double lo_, hi_;
  long steps_;
};

template <typename T> T tsum(const T *a, long n) {
  if (n <= 512)
    return std::accumulate(a, a + n, T(0));
  T x = cilk_spawn tsum<T>(a, n / 2);
  T y = tsum<T>(a + n / 2, n - n / 2);
  cilk_sync;
  return x + y;
}

struct Counter {
  std::vector<long> values;
  explicit Counter(long n) : values(n) {
    std::iota(values.begin(), values.end(), 1);
  }
};

static long use_unique(std::unique_ptr<Counter> c) {
  return std::accumulate(c->values.begin(), c->values.end(), 0L);
}

static long use_shared(std::shared_ptr<const Counter> c, long k) {
  return c->values[k] + static_cast<long>(c.use_count());
}

int main() {
  const size_t n = 100000;
  std::vector<double> v(n);
  std::vector<double> norm(n);
  auto scale = [](size_t i) { return static_cast<double>(i + 1); };
  cilk_for(size_t i = 0; i < n; i++) v[i] = scale(i);
  double total = sum_squares(v, 0, n);
  double maxv = *std::max_element(v.begin(), v.end());
  cilk_for(size_t i = 0; i < n; i++) norm[i] = v[i] / maxv;
  double norm_sum = std::accumulate(norm.begin(), norm.end(), 0.0);
  std::printf("vector %zu sum-of-squares %.0f norm-sum %.3f\n", n, total,
              norm_sum);

  Integrator in(0.0, 1.0, 65536);
  double integral = cilk_spawn in.run();
  cilk_sync;
  std::printf("integrator steps 65536 integral %f\n", integral);

  std::vector<int> vi(100000);
  std::iota(vi.begin(), vi.end(), 1);
  std::vector<long> vl(10000);
  std::iota(vl.begin(), vl.end(), 1);
  std::vector<double> vd(10000);
  std::iota(vd.begin(), vd.end(), 1.0);
  std::vector<long long> wide(vi.begin(), vi.end());
  long long ti = cilk_spawn tsum<long long>(wide.data(), (long)wide.size());
  long tl = cilk_spawn tsum<long>(vl.data(), (long)vl.size());
  double td = tsum<double>(vd.data(), (long)vd.size());
  cilk_sync;
  std::printf("template int %lld long %ld double %.1f\n", ti, tl, td / 10000);

  auto u = std::make_unique<Counter>(1000);
  long us = cilk_spawn use_unique(std::move(u));
  auto s = std::make_shared<const Counter>(1000);
  long ss = cilk_spawn use_shared(s, 999);
  cilk_sync;
  std::printf("unique %ld shared %ld use_count %ld left %d\n", us, ss,
              s.use_count(), u ? 1 : 0);
  return 0;
}
