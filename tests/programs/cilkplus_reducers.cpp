// Intel Cilk Plus's class reducers, as programs of its day use them: the
// older objects (reducer_opadd with +=, reducer_max/min with calc_max,
// reducer_max_index, reducer_list_append, reducer_ostream) and the newer
// cilk::reducer<Monoid> (*r += x, r->calc_max(x), r.get_value()), in a
// cilk_for and in recursive spawns. The lists and the output must come out
// in serial order.
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-c++ -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: sh -c 'for s in 1 2 3 4; do ITO_STEAL_SEED=$s %ito-run -n 4 %t | diff %t.expected - || exit 1; done'
// CHECK: item 0
// CHECK: item 4999
// CHECK-NEXT: sum 12497500 sum2 12497500 max 9973 at 1160 min 4 squares 2500
// CHECK-NEXT: appended 5000 in order 1 prepended 5000 in order 1

#include <cilk/cilk.h>
#include <cilk/reducer_list.h>
#include <cilk/reducer_max.h>
#include <cilk/reducer_min.h>
#include <cilk/reducer_opadd.h>
#include <cilk/reducer_ostream.h>

#include <iostream>
#include <list>

static int value(int i) { return (i * 7919 + 13) % 9974; }

static cilk::reducer_ostream out(std::cout);

static void walk(int lo, int hi, cilk::reducer_opadd<long> &sum,
                 cilk::reducer_list_append<int> &appended) {
  if (hi - lo <= 10) {
    for (int i = lo; i < hi; i++) {
      sum += i;
      appended.push_back(i);
      out << "item " << i << "\n";
    }
    return;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn walk(lo, mid, sum, appended);
  walk(mid, hi, sum, appended);
  cilk_sync;
}

int main() {
  cilk::reducer_opadd<long> sum(0);
  cilk::reducer_list_append<int> appended;
  walk(0, 5000, sum, appended);

  cilk::reducer<cilk::op_add<long>> sum2;
  cilk::reducer_max<int> best;
  cilk::reducer_max_index<int, int> best_at;
  cilk::reducer<cilk::op_min<int>> least;
  cilk::reducer_list_prepend<int> prepended;
  cilk::reducer_opadd<int> squares;
  cilk_for (int i = 0; i < 5000; i++) {
    *sum2 += i;
    best.calc_max(value(i));
    best_at.calc_max(i, value(i));
    least->calc_min(value(i) + 3);
    prepended.push_front(i);
    if (i % 2 == 0)
      ++squares;
  }

  const std::list<int> &a = appended.get_value();
  int in_order = 1, expect = 0;
  for (int x : a)
    in_order &= x == expect++;
  const std::list<int> &p = prepended.get_value();
  int p_order = 1;
  expect = 4999;
  for (int x : p)
    p_order &= x == expect--;
  out << "sum " << sum.get_value() << " sum2 " << sum2.get_value() << " max "
      << best.get_value() << " at " << best_at.get_index() << " min "
      << least.get_value() << " squares " << squares.get_value() << "\n";
  out << "appended " << a.size() << " in order " << in_order << " prepended "
      << p.size() << " in order " << p_order << std::endl;
  return 0;
}
