// Code that does not compile gets clang's errors, and the checks neither
// crash nor add to them.
// RUN: not %ito-translate %s -- -fno-ito-promote -std=c++17 -I %ito-include 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %clangxx -std=c++17 -fsyntax-only -fplugin=%ito-plugin -fplugin-arg-ito--fno-ito-promote %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// CHECK: bad-input.cpp:[[@LINE+8]]:18: error: use of undeclared identifier 'undeclared'

#include <cilk/cilk.h>

void use(int *p);

int f(int n) {
  int x = n;
  cilk_spawn use(undeclared);
  cilk_spawn use(&x);
  cilk_sync;
  return x;
}
