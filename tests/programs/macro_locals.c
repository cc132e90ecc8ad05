// Locals that the program's macros name in their bodies, as numeric C code
// indexes its grids (`#define AT(i, j) grid[(i) * N + (j)]`), used in
// cilk_for bodies and handed to functions that fork: they move off the
// stack like other locals, the name becoming a macro for the moved storage
// over the variable's block and in the cilk_for bodies that use it. A VLA
// reached only through a macro, and a local scalar a macro reads. Before,
// each was the error "cilk_for body uses local array 'grid'".
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 -Werror %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: grid 30.0 sum 258048.0
// CHECK-NEXT: rows 5 x 7 corner 40 total 805

#include <cilk/cilk.h>
#include <stdio.h>

#define N 64
#define AT(i, j) grid[(i) * N + (j)]
#define ROW(i) (rows + (i) * cols)
#define SCALE (scale * 2)

static void fill_row(int *row, int cols, int i) {
  for (int j = 0; j < cols; j++)
    row[j] = i * 10 + j;
}

static double sum_grid(const double *g, int n) {
  if (n <= N) {
    double s = 0;
    for (int i = 0; i < n; i++)
      s += g[i];
    return s;
  }
  double a = cilk_spawn sum_grid(g, n / 2);
  double b = sum_grid(g + n / 2, n - n / 2);
  cilk_sync;
  return a + b;
}

int main(void) {
  double grid[N * N];
  int scale = 1;
  cilk_for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      AT(i, j) = (i + j) * SCALE / 2.0;
  printf("grid %.1f sum %.1f\n", AT(10, 20), sum_grid(grid, N * N));

  int n = 5, cols = 7;
  int rows[n * cols];
  for (int i = 0; i < n; i++)
    cilk_spawn fill_row(ROW(i), cols, i);
  cilk_sync;
  long total = 0;
  cilk_for (int i = 0; i < n; i++) ROW(i)[0] += 0;
  for (int k = 0; k < n * cols; k++)
    total += rows[k];
  printf("rows %d x %d corner %d total %ld\n", n, cols, ROW(n - 1)[0],
         total);
  return 0;
}
