// Pointers to variable-length arrays (`double (*m)[cols]`, and parameters
// `double m[][cols]`), the C99 way to use a malloc'd matrix, passed to
// spawned calls and used in cilk_for bodies: their row length travels with
// them. Before, the translation did not compile ("use of undeclared
// identifier 'cols'" in a file-scope declaration).
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t 2>&1 | count 0
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: trace 9900 corner 198 sum 990000 rowsum 14850

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

static void fill_row(int cols, double m[][cols], int r) {
  for (int j = 0; j < cols; j++)
    m[r][j] = r + j;
}

static double row_sum(int cols, const double (*m)[cols], int r) {
  double s = 0;
  for (int j = 0; j < cols; j++)
    s += m[r][j];
  return s;
}

int main(int argc, char **argv) {
  int rows = 100, cols = argc > 5 ? 1 : 100;
  double(*m)[cols] = malloc(sizeof(double[rows][cols]));
  for (int r = 0; r < rows; r++)
    cilk_spawn fill_row(cols, m, r);
  cilk_sync;
  double(*t)[cols] = malloc(sizeof(double[rows][cols]));
  cilk_for(int i = 0; i < rows; i++) for (int j = 0; j < cols; j++) t[j][i] =
      m[i][j];
  double trace = 0;
  for (int i = 0; i < rows; i++)
    trace += t[i][i];
  double sums[100];
  cilk_for(int r = 0; r < rows; r++) sums[r] =
      row_sum(cols, (const double(*)[cols])m, r);
  double total = 0;
  for (int r = 0; r < rows; r++)
    total += sums[r];
  double last = cilk_spawn row_sum(cols, (const double(*)[cols])t, rows - 1);
  cilk_sync;
  printf("trace %.0f corner %.0f sum %.0f rowsum %.0f\n", trace,
         t[rows - 1][cols - 1], total, last);
  free(m);
  free(t);
  return 0;
}
