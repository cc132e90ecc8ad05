// A range-based cilk_for over a range without random-access iterators is an
// error at the keyword, naming what the range has.
// RUN: %ito-translate %s -- -std=c++17 -I %ito-include -Xclang -verify

#include <cilk/cilk.h>
#include <list>

int sum(const std::list<int> &l, int *out) {
  cilk_for (int v : l) { // expected-error-re {{{{.*}}random-access{{.*}}}}
    out[v] = v;
  }
  return 0;
}
