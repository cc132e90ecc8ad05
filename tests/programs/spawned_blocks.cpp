// OpenCilk's spawn of a compound statement, `cilk_spawn { ... }`, in C++:
// blocks that write the parent's locals and a std::vector, a block with a
// nested cilk_for and spawned blocks inside it, one in a cilk_scope, with
// reducers as OpenCilk's own examples use them (in a template, where the
// reducer's type was written `type-parameter-0-0` before), and a recursion.
// Before, a parse error ("expected expression"). In C it is an error that
// says what to write (translator/spawned-block-c.c).
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-c++ -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// CHECK: x 42 y 2 sum 499501 pos 2000000 neg -2000000 scoped 12497500

#include <cilk/cilk.h>
#include <cilk/opadd_reducer.h>
#include <cstdio>
#include <vector>

static int twice(int n) { return n * 2; }

template <typename T> static void sums(const std::vector<T> &v, T &pos, T &neg) {
  cilk::opadd_reducer<T> sum_pos = 0;
  cilk::opadd_reducer<T> sum_neg = 0;
  long n = (long)v.size() / 64;
  cilk_spawn {
    cilk_for (long ii = 0; ii < n; ++ii) {
      for (long i = ii * 64; i < (ii + 1) * 64; ++i) {
        cilk_spawn {
          sum_pos += v[i];
          sum_neg -= v[i];
        }
        sum_pos += v[i];
        sum_neg -= v[i];
        cilk_sync;
      }
    }
  }
  cilk_sync;
  pos = sum_pos;
  neg = sum_neg;
}

// Recursion whose first half is a spawned block that names the parameters.
static void fill(std::vector<long> &v, int lo, int hi) {
  if (hi - lo <= 8) {
    for (int i = lo; i < hi; i++)
      v[i] = i;
    return;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn { fill(v, lo, mid); }
  fill(v, mid, hi);
  cilk_sync;
}

int main() {
  int x = 0, y = 0;
  std::vector<long> v(1000);
  cilk_spawn { x = twice(21); }
  cilk_spawn {
    for (int i = 0; i < 500; i++)
      v[i] = i;
  };
  for (int i = 500; i < 1000; i++)
    v[i] = i;
  y = twice(1);
  cilk_sync;
  long s = 0;
  for (long e : v)
    s += e;
  cilk_scope {
    cilk_spawn { s += 1; }
  }
  std::vector<long> ones(1000000, 1);
  long pos = 0, neg = 0;
  sums(ones, pos, neg);
  std::vector<long> w(5000);
  fill(w, 0, 5000);
  long scoped = 0;
  for (long e : w)
    scoped += e;
  std::printf("x %d y %d sum %ld pos %ld neg %ld scoped %ld\n", x, y, s, pos,
              neg, scoped);
  return 0;
}
