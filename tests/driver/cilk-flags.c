// ito-cc with a Cilk source and the usual flags: -c and -o, -S (the assembly
// of the translation), -E (the original source preprocessed, its keywords
// kept), and -I, -D and -std=, which reach the
// translation as well as the compile (without them the translation fails:
// the source #errors).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ito-cc -std=c11 -I %S/Inputs/include -DSCALE=3 -O2 -c %s -o %t.dir/flags.o
// RUN: %ito-cc %t.dir/flags.o -o %t.dir/prog
// RUN: %ito-run -n 2 %t.dir/prog | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// CHECK: fib(20)*3=20295
//
// Without -o, -c writes <name>.o in the working directory, and no other file.
// RUN: mkdir -p %t.dir/cwd && cd %t.dir/cwd && %ito-cc -std=c11 -I %S/Inputs/include -DSCALE=3 -c %s
// RUN: ls %t.dir/cwd | FileCheck %s --check-prefix=CWD --implicit-check-not={{.}}
// CWD: cilk-flags.o
//
// -S: the translation's assembly: main, the child entries, the forks and
// the mark of a Cilk program.
// RUN: %ito-cc -std=c11 -I %S/Inputs/include -DSCALE=3 -S %s -o %t.dir/flags.s
// RUN: FileCheck %s --check-prefix=ASM --input-file=%t.dir/flags.s
// ASM-DAG: {{^}}main:
// ASM-DAG: {{^}}__ito_e{{[0-9]+}}:
// ASM-DAG: call{{.*}}ito_uat_fork
// ASM-DAG: {{^}}__ito_cilk_program:
//
// -E: the original file, preprocessed, with line markers naming it; the
// keywords stay, in their _Cilk_ spellings, after libito's interface, so
// that the file is still a Cilk program (driver/preprocessed.c compiles
// one).
// RUN: %ito-cc -std=c11 -I %S/Inputs/include -DSCALE=3 -E %s | FileCheck %s --check-prefix=PRE
// PRE: ito_abi_fork(
// PRE: # {{[0-9]+}} "{{.*}}cilk-flags.c"
// PRE: static inline long scaled(long v) { return v * 3; }
// PRE: long x = _Cilk_spawn fib(n - 1);
// PRE: _Cilk_sync;
// PRE-NOT: __ito_s1
//
// The flags matter to the translation too: without them it stops, at the
// user's lines.
// RUN: not %ito-cc -I %S/Inputs/include -DSCALE=3 -c %s -o %t.dir/no-std.o 2>&1 | FileCheck %s --check-prefix=NOSTD
// NOSTD: cilk-flags.c:[[#@LINE+14]]:2: error: "needs -std=c11"
// RUN: not %ito-cc -std=c11 -DSCALE=3 -c %s -o %t.dir/no-include.o 2>&1 | FileCheck %s --check-prefix=NOINC
// NOINC: cilk-flags.c:[[#@LINE+14]]:10: fatal error: 'cilk-flags.h' file not found
// RUN: not %ito-cc -std=c11 -I %S/Inputs/include -c %s -o %t.dir/no-define.o 2>&1 | FileCheck %s --check-prefix=NODEF
// NODEF: error: use of undeclared identifier 'SCALE'
// No object is left behind by a failed translation.
// RUN: not ls %t.dir/no-std.o
// RUN: not ls %t.dir/no-include.o
// RUN: not ls %t.dir/no-define.o

#include <cilk/cilk.h>
#include <stdio.h>

#if __STDC_VERSION__ != 201112L
#error "needs -std=c11"
#endif
#include <cilk-flags.h>

static long fib(int n) {
  if (n < 2)
    return n;
  long x = cilk_spawn fib(n - 1);
  long y = fib(n - 2);
  cilk_sync;
  return x + y;
}

int main(void) {
  long f = cilk_spawn fib(20);
  cilk_sync;
  printf("fib(20)*%d=%ld\n", SCALE, scaled(f));
  return 0;
}
