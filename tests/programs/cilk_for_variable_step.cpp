// A C++ cilk_for whose step is a variable the body does not use: the loop
// variable is computed in the task from the step, which the task's lambda
// did not capture ("variable 'step' cannot be implicitly captured"). The
// step is evaluated once before the loop now, and copied into the tasks;
// also a function parameter, in a template, and a negative step.
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial 1 > %t.expected
// RUN: %ito-c++ -O2 -Werror %s -o %t
// RUN: %ito-run -n 2 %t 1 | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t 1 | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: 34 25 20 50

#include <cilk/cilk.h>
#include <cstdio>
#include <cstdlib>

static int every(int *a, int n, int step) {
  cilk_for(int i = 0; i < n; i += step) a[i] = 1;
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}

template <class T> static T down(T *a, T n, T step) {
  cilk_for(T i = n - 1; i >= 0; i -= step) a[i] = 2;
  T s = 0;
  for (T i = 0; i < n; ++i)
    s += a[i];
  return s;
}

int main(int argc, char **argv) {
  int a[100] = {0}, b[100] = {0}, c[100] = {0};
  long d[100] = {0};
  int step = std::atoi(argv[1]) + 2; // 3
  cilk_for(int i = 0; i < 100; i += step) a[i] = 1;
  int s = 0;
  for (int x : a)
    s += x;
  std::printf("%d %d %d %ld\n", s, every(b, 100, step + 1), every(c, 100, 5),
              down<long>(d, 100, 4));
  return 0;
}
