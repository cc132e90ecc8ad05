// XFAIL: *
// BUG: a range-based cilk_for over a range without random-access iterators
// (std::list, std::map, ...) is translated anyway, and fails in the
// generated code ("invalid operands to binary expression
// ('_List_iterator<int>' and '_List_iterator<int>')", pointing at the
// translation's std::end(r) - begin), instead of a translator error at the
// keyword that says what is required, as for the other cilk_for shapes it
// cannot translate.
// RUN: %ito-translate %s -- -std=c++17 -I %ito-include -Xclang -verify

#include <cilk/cilk.h>
#include <list>

int sum(const std::list<int> &l, int *out) {
  cilk_for (int v : l) { // expected-error-re {{{{.*}}random-access{{.*}}}}
    out[v] = v;
  }
  return 0;
}
