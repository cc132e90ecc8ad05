// A two-file program whose main file has no Cilk keywords: main keeps the
// data on its stack (an array, a result variable) and hands their addresses
// to the kernel of Inputs/, whose tasks write them in other processes.
// ito-cc moves such locals off the stack in a source without Cilk code too
// (its calls into other sources may fork); before, the sum was wrong from
// np 2 --internode on, silently.
// RUN: %ito-cc --ito-no-translate -O2 %s %S/Inputs/multifile_stack_kernel.c \
// RUN:   -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s %S/Inputs/multifile_stack_kernel.c -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: sum 2475000.0 first 0.0 last 247.5

#include <stdio.h>

void scale(double *v, long n, double f);
void sum_into(const double *v, long n, double *out);

static double scaled_sum(double f) {
  double v[20000];
  for (long i = 0; i < 20000; i++)
    v[i] = (double)(i % 100);
  scale(v, 20000, f);
  double s;
  sum_into(v, 20000, &s);
  printf("sum %.1f first %.1f last %.1f\n", s, v[0], v[19999]);
  return s;
}

int main(void) { return scaled_sum(2.5) > 0 ? 0 : 1; }
