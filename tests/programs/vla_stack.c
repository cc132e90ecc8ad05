// Stack arrays of variable length in every dimension, as C99 programs keep
// their grids: `double a[n][n]` in main, handed to a function that forks
// (a cilk_for stepping a stencil), used by a cilk_for body of main, and a
// `long c[n][4][m]` (a constant length between two variable ones) filled
// by spawned calls and a cilk_for. They move to the heap like other
// arrays, each variable length travelling with the pointer into a
// cilk_for body. Before, such arrays stayed on the stack, unreported when
// passed to a function that forks: between nodes the stencil printed
// 34417.187500 instead of 60567.242456.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 -Werror %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: heat 60567.242456 edge 400.000000
// CHECK-NEXT: cube 3 x 4 x 5 sum 1770 corner 59

#include <cilk/cilk.h>
#include <stdio.h>

static void step(int n, double a[n][n], double b[n][n]) {
  cilk_for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      b[i][j] = (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]) / 4;
}

static void fill_plane(int n, int m, long c[n][4][m], int i) {
  for (int k = 0; k < 4; k++)
    for (int j = 0; j < m; j++)
      c[i][k][j] = i * 20 + k * 5 + j;
}

int main(void) {
  int n = 200;
  double a[n][n], b[n][n];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = b[i][j] = (i == 0) * 100.0;
  for (int t = 0; t < 10; t++) {
    step(n, a, b);
    step(n, b, a);
  }
  double edge[2] = {0, 0};
  cilk_for (int e = 0; e < 2; e++) edge[e] = a[0][e] + b[0][n - 1 - e];
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += a[i][j];
  printf("heat %.6f edge %.6f\n", s, edge[0] + edge[1]);

  int p = 3, m = 5;
  long c[p][4][m];
  for (int i = 0; i < p - 1; i++)
    cilk_spawn fill_plane(p, m, c, i);
  cilk_sync;
  cilk_for (int k = 0; k < 4; k++)
    for (int j = 0; j < m; j++)
      c[p - 1][k][j] = (p - 1) * 20 + k * 5 + j;
  long sum = 0;
  for (int i = 0; i < p; i++)
    for (int k = 0; k < 4; k++)
      for (int j = 0; j < m; j++)
        sum += c[i][k][j];
  printf("cube %d x 4 x %d sum %ld corner %ld\n", p, m, sum, c[p - 1][3][m - 1]);
  return 0;
}
