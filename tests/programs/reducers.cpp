// OpenCilk's C++ reducers, as its tutorial uses them: the textbook fib that
// adds to a cilk::opadd_reducer<long> passed by reference, a cilk_for
// summing into one, a reducer of a user type (the count and the sum of
// what is added, through an alias template of the user's own), and a
// cilk::ostream_reducer<char> printing 10,000 lines from parallel tasks,
// which must come out in the serial program's order.
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-c++ -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// Preprocessed first (ito-c++ -E keeps the reducer keyword), then compiled.
// RUN: %ito-c++ -E %s -o %t.ii
// RUN: %ito-c++ -O2 %t.ii -o %t.pre
// RUN: %ito-run -n 2 %t.pre | diff %t.expected -
// Other schedules (ITO_STEAL_SEED): the same output under each.
// RUN: sh -c 'for s in 1 2 3 4 5 6; do ITO_STEAL_SEED=$s %ito-run -n 4 %t | diff %t.expected - || exit 1; done'
// RUN: sh -c 'for s in 1 2 3; do ITO_STEAL_SEED=$s %ito-run -n 3 --internode %t | diff %t.expected - || exit 1; done'
// CHECK: line 0 of 10000
// CHECK: line 9999 of 10000
// CHECK-NEXT: fib(30) = 832040, sum 499999500000, mean of 1000 values 499.5

#include <cilk/cilk.h>
#include <cilk/opadd_reducer.h>
#include <cilk/ostream_reducer.h>

#include <iostream>
#include <string>

void fib(int n, cilk::opadd_reducer<long> &sum) {
  if (n < 2) {
    sum += n;
    return;
  }
  cilk_spawn fib(n - 1, sum);
  fib(n - 2, sum);
  cilk_sync;
}

struct tally {
  long count = 0;
  double sum = 0;
  static void identity(void *v) { new (v) tally(); }
  static void reduce(void *l, void *r) {
    auto *left = static_cast<tally *>(l);
    auto *right = static_cast<tally *>(r);
    left->count += right->count;
    left->sum += right->sum;
    right->~tally();
  }
  void add(double x) {
    count++;
    sum += x;
  }
};

template <typename T>
using tally_reducer = T cilk_reducer(T::identity, T::reduce);

static void lines(cilk::ostream_reducer<char> &out, int lo, int hi) {
  if (hi - lo <= 16) {
    for (int i = lo; i < hi; i++)
      out << "line " << i << " of 10000\n";
    return;
  }
  int mid = lo + (hi - lo) / 2;
  cilk_spawn lines(out, lo, mid);
  lines(out, mid, hi);
  cilk_sync;
}

int main() {
  cilk::ostream_reducer<char> out(std::cout);
  lines(out, 0, 10000);

  cilk::opadd_reducer<long> result = 0;
  fib(30, result);

  cilk::opadd_reducer<long> sum;
  sum = 0;
  cilk_for (long i = 0; i < 1000000; i++)
    sum += i;

  tally_reducer<tally> t;
  tally_reducer<tally> *tp = &t;
  cilk_for(int i = 0; i < 1000; i++) tp->add(i);

  out << "fib(30) = " << result << ", sum " << sum << ", mean of " << t.count
      << " values " << t.sum / t.count << std::endl;
  return 0;
}
