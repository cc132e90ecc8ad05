// ito-cc reads the -Wito-* options itself (clang never sees them), with
// clang's meaning; --ito-check-only reports and fails only on errors.
// (-fno-ito-promote: the diagnostics of stack data the translation would
// otherwise move off the stack.)
// RUN: not %ito-cc -fno-ito-promote --ito-check-only %s 2>&1 | FileCheck %s --check-prefix=DEFAULT --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %ito-cc -fno-ito-promote --ito-check-only -Wno-ito-stack-sharing %s 2>&1 | FileCheck %s --check-prefix=NOERR --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %ito-cc -fno-ito-promote --ito-check-only -Wno-ito-stack-sharing -w %s 2>&1 | count 0
// RUN: %ito-cc -fno-ito-promote --ito-check-only -Wno-ito %s 2>&1 | count 0
// RUN: not %ito-cc -fno-ito-promote --ito-check-only -Wno-ito-stack-sharing -Werror %s 2>&1 | FileCheck %s --check-prefix=WERROR --implicit-check-not=warning: --implicit-check-not=error:
// RUN: not %ito-cc -fno-ito-promote --ito-check-only -Wno-ito-stack-sharing -Werror=ito-static-write %s 2>&1 | FileCheck %s --check-prefix=WERROR --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %ito-cc -fno-ito-promote --ito-check-only -Wno-ito-stack-sharing -Werror -Wno-error=ito-static-write %s 2>&1 | FileCheck %s --check-prefix=NOERR --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %ito-cc -fno-ito-promote --ito-check-only -Wno-error=ito-stack-sharing -Wno-ito-static-write %s 2>&1 | FileCheck %s --check-prefix=DEMOTED --implicit-check-not=warning: --implicit-check-not=error:
// The checks' flags do not reach clang, and the object is built.
// RUN: rm -f %t.o
// RUN: %ito-cc -fno-ito-promote -c -Wno-ito-stack-sharing -Wno-ito-static-write -Werror %s -o %t.o 2>&1 | count 0
// RUN: ls %t.o
// An unknown check is an error that names the known ones.
// RUN: not %ito-cc -fno-ito-promote --ito-check-only -Wito-stack-shared %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: unknown warning option '-Wito-stack-shared'; ito's checks are -Wito-stack-sharing,
// The plugin takes them as arguments.
// RUN: %clang -fsyntax-only -fplugin=%ito-plugin -fplugin-arg-ito--fno-ito-promote -fplugin-arg-ito--Wno-ito-stack-sharing -fplugin-arg-ito--Wno-ito-static-write %s 2>&1 | count 0
// RUN: not %clang -fsyntax-only -fplugin=%ito-plugin -fplugin-arg-ito--fno-ito-promote -fplugin-arg-ito--Wito-nothing %s 2>&1 | FileCheck %s --check-prefix=PLUGIN-UNKNOWN
// PLUGIN-UNKNOWN: error: unknown ito option '-Wito-nothing'

#include <cilk/cilk.h>

void g(int *p);

static inline void record(int x) {
  static int total; // per process: an inline function's
  // DEFAULT: check-flags.c:[[#@LINE+3]]:9: warning: task writes 'total'{{.*}}[-Wito-static-write]
  // NOERR: check-flags.c:[[#@LINE+2]]:9: warning: task writes 'total'{{.*}}[-Wito-static-write]
  // WERROR: check-flags.c:[[#@LINE+1]]:9: error: task writes 'total'{{.*}}[-Wito-static-write]
  total = x;
}

// The diagnostics, at the lines and columns they are about.
int f(int n) {
  int x = n;
  // DEFAULT: check-flags.c:[[#@LINE+2]]:16: error: spawned task receives the address of parameter 'n' {{.*}}[-Wito-stack-sharing]
  // DEMOTED: check-flags.c:[[#@LINE+1]]:16: warning: spawned task receives the address of parameter 'n' {{.*}}[-Wito-stack-sharing]
  cilk_spawn g(&n);
  cilk_sync;
  record(x);
  return x;
}
