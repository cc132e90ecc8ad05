// (The addresses are of parameters: a local would be moved off the stack.)
// #pragma clang diagnostic (and GCC diagnostic, _Pragma) set the level of
// ito's checks for the code after them, as for clang's own warnings, with
// push and pop; clang says nothing about the -Wito-* names it does not
// know, in ito-cc (which also takes the pragmas out of the translation it
// compiles), in ito-translate and in the plugin. -Wno-error=ito-<check>
// keeps an error-by-default check a warning; -Werror makes warnings errors.
// (-fno-ito-promote: the diagnostics of stack data the translation would
// otherwise move off the stack.)
// RUN: %ito-translate %s -- -fno-ito-promote -I %ito-include -Xclang -verify
// RUN: %clang -fsyntax-only -fplugin=%ito-plugin -fplugin-arg-ito--fno-ito-promote -Xclang -verify %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %ito-cc -fno-ito-promote -c %s -o %t/a.o 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// CHECK: diagnostic-pragmas.c:[[#WARNED:]]:18: warning: spawned task receives the address of parameter 'y' of 'warned'; {{.*}} [-Wito-stack-sharing]
// CHECK: diagnostic-pragmas.c:[[#REPORTED:]]:18: error: spawned task receives the address of parameter 'z' of 'reported'; {{.*}} [-Wito-stack-sharing]
// RUN: %ito-cc -fno-ito-promote -Wno-error=ito-stack-sharing -c %s -o %t/b.o 2>&1 | FileCheck %s --check-prefix=NOERROR --implicit-check-not=warning: --implicit-check-not=error:
// NOERROR: diagnostic-pragmas.c:{{[0-9]+}}:18: warning: {{.*}}'y' of 'warned'
// NOERROR: diagnostic-pragmas.c:{{[0-9]+}}:18: warning: {{.*}}'z' of 'reported'
// RUN: not %ito-cc -fno-ito-promote -Werror -c %s -o %t/c.o 2>&1 | FileCheck %s --check-prefix=WERROR --implicit-check-not=warning: --implicit-check-not=error:
// WERROR: diagnostic-pragmas.c:{{[0-9]+}}:18: error: {{.*}}'y' of 'warned'
// WERROR: diagnostic-pragmas.c:{{[0-9]+}}:18: error: {{.*}}'z' of 'reported'
// (As in clang, -Wno-error=<check> also keeps what a pragma makes a warning
// a warning under -Werror.)
// RUN: %ito-cc -fno-ito-promote -Werror -Wno-error=ito-stack-sharing -c %s -o %t/e.o 2>&1 | FileCheck %s --check-prefix=NOERROR --implicit-check-not=warning: --implicit-check-not=error:
// A name that is no check of ito's is still reported, once.
// RUN: %ito-cc -fno-ito-promote -DTYPO -Wno-error=ito-stack-sharing -c %s -o %t/d.o 2>&1 | FileCheck %s --check-prefix=TYPO
// TYPO: diagnostic-pragmas.c:[[#@LINE+28]]:34: warning: unknown warning group '-Wito-stack-shraing', ignored [-Wunknown-warning-option]
// TYPO-NOT: unknown warning group

#include <cilk/cilk.h>

static void add(int *p) { *p += 1; }

int ignored(int x) {
  x = 0;
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wito-stack-sharing"
  cilk_spawn add(&x);
#pragma clang diagnostic pop
  cilk_sync;
  return x;
}

int warned(int y) {
  y = 0; // expected-note@-1 {{'y' is declared here}}
#pragma GCC diagnostic push
  _Pragma("clang diagnostic warning \"-Wito-stack-sharing\"")
  cilk_spawn add(&y); // expected-warning {{'y' of 'warned'}}
#pragma GCC diagnostic pop
  cilk_sync;
  return y;
}

#ifdef TYPO
#pragma clang diagnostic ignored "-Wito-stack-shraing"
#endif

int reported(int z) {
  z = 0; // expected-note@-1 {{'z' is declared here}}
  cilk_spawn add(&z); // expected-error {{'z' of 'reported'}}
  cilk_sync;
  return z;
}

int everything(int w) {
  w = 0;
#pragma clang diagnostic ignored "-Weverything"
  cilk_spawn add(&w);
  cilk_sync;
  return w;
}
