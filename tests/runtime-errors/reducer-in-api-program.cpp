// A Cilk Plus reducer in a program of ito's C++ API (no Cilk main): its
// allocations are each process's own, so the views a stolen strand makes
// could not be combined by a join in another process. The first such view
// stops the program with a message instead of a crash at the join.
// RUN: %ito-c++ -O1 -std=c++17 %s -o %t
// RUN: %ito-run -n 1 %t | FileCheck --check-prefix=ONE %s
// RUN: not %ito-run -n 2 %t 2>&1 | FileCheck --implicit-check-not='ran longer than' %s
// RUN: not %ito-run -n 2 --internode %t 2>&1 | FileCheck --implicit-check-not='ran longer than' %s
// ONE: appended 1536
// CHECK: ito: error (rank {{[0-9]+}}): a Cilk reducer is used in a task of a program without a Cilk main {{.*}}use reducers in a Cilk program compiled by ito-cc or ito-c++, or ito::parallel_reduce

#include <cilk/reducer_list.h>
#include <ito/ito.hpp>

#include <cstdio>

static void spin(int n) {
  volatile long x = n;
  for (int k = 0; k < n; k++)
    x = x * 3 + 1;
}

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);
  const std::size_t n = ito::root_exec([] {
    cilk::reducer<cilk::op_list_append<int>> items;
    ito::parallel_for(0, 1536, 1, [&items](std::size_t i) {
      spin(60000);
      items->push_back(static_cast<int>(i));
    });
    return items.get_value().size();
  });
  if (ito::my_rank() == 0)
    std::printf("appended %zu\n", n);
  return 0;
}
