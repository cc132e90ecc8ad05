// In C++ too, main runs as the root task: a translated source keeps main and
// marks the program (extern "C" __ito_cilk_program); main runs once, with
// the program's arguments, on any number of processes. (Comment lines are
// dropped from the translation, so that no pattern matches its own CHECK
// line.)
// RUN: %ito-translate %s -- -std=c++17 -I %ito-include | grep -v '^ *//' | FileCheck %s --check-prefix=MARK
// MARK: {{^}}int main(int argc, char *argv[]) {
// MARK: {{^}}extern "C" __attribute__((weak)) const char __ito_cilk_program = 1;
// RUN: %ito-c++ -std=c++17 %s -o %t
// RUN: %ito-run -n 2 %t x y | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 2 --internode %t x y | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// CHECK-COUNT-1: root 3 y
// CHECK-NOT: root

#include <cilk/cilk.h>
#include <cstdio>

static int f(int n) { return n; }

int main(int argc, char *argv[]) {
  int x = cilk_spawn f(argc);
  cilk_sync;
  std::printf("root %d %s\n", x, argv[argc - 1]);
}
