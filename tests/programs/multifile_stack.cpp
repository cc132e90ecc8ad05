// The C++ side of multifile_stack.c: main's source has no Cilk keywords and
// keeps a std::array and the result on its stack; the kernel's tasks reach
// them through references, in other processes.
// RUN: %ito-cc --ito-no-translate -O2 %s %S/Inputs/multifile_stack_kernel.cpp \
// RUN:   -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s %S/Inputs/multifile_stack_kernel.cpp -o %t
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: total 1886320 a[4095] 25

#include <array>
#include <iostream>

void fill(std::array<long, 4096> &a, long lo, long hi);
void total(const std::array<long, 4096> &a, long lo, long hi, long &out);

int main() {
  std::array<long, 4096> a{};
  fill(a, 0, 4096);
  long sum = 0;
  total(a, 0, 4096, sum);
  std::cout << "total " << sum << " a[4095] " << a[4095] << '\n';
  return 0;
}
