// C++: a local array that a macro of the program names in its body, used
// in a cilk_for body: it moves off the stack like other locals (its name
// stays, a reference to the moved storage). Before, the error "cilk_for
// body uses local array 'grid'".
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -Werror %s -o %t
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: at 30.0 sum 258048.0

#include <cilk/cilk.h>
#include <cstdio>

#define N 64
#define AT(i, j) grid[(i) * N + (j)]

int main() {
  double grid[N * N];
  cilk_for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      AT(i, j) = i + j;
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += AT(i, j);
  std::printf("at %.1f sum %.1f\n", AT(10, 20), sum);
  return 0;
}
