// ito-cc's own options with a Cilk source.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
//
// --ito-emit-translated=<file> writes the translation there, and the compile
// goes on as usual.
// RUN: %ito-cc --ito-emit-translated=%t.dir/translated.c -c %s -o %t.dir/emit.o
// (Comment lines are dropped first, so that no pattern matches its own
// line.)
// RUN: grep -v '^ *//' %t.dir/translated.c | FileCheck %s --check-prefix=EMIT
// EMIT: #include <ito/cilk_abi.h>
// EMIT: #line 1 "{{.*}}cilk-ito-options.c"
// EMIT: ito_abi_fork(
// EMIT: __ito_cilk_program = 1;
// RUN: test -f %t.dir/emit.o
// With several sources, which translation would it be: an error.
// RUN: not %ito-cc --ito-emit-translated=%t.dir/two.c -c %s %S/Inputs/twice.c -o %t.dir/two.o 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: --ito-emit-translated={{.*}}two.c writes the translation of one source, and this command has 2; give it one at a time
// It is the translation that ito-translate writes.
// RUN: %ito-translate %s -o %t.dir/standalone.c -- -I %ito-include
// RUN: diff %t.dir/translated.c %t.dir/standalone.c
//
// --ito-check-only: exit status 0 on a good file and no output at all, not
// even with -o; on ill-formed Cilk the error, a non-zero status and no
// output either.
// RUN: %ito-cc --ito-check-only %s -o %t.dir/check.o > %t.dir/check.out 2>&1
// RUN: count 0 < %t.dir/check.out
// RUN: not ls %t.dir/check.o
// RUN: %ito-cc --ito-check-only -c %s
// RUN: not %ito-cc --ito-check-only -DBAD %s -o %t.dir/bad.o 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: cilk-ito-options.c:[[#@LINE+19]]:18: error: 'cilk_spawn' can only be a whole statement
// RUN: not ls %t.dir/bad.o
// A plain compile of the bad file fails the same way, with no object.
// RUN: not %ito-cc -DBAD -c %s -o %t.dir/bad.o 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not ls %t.dir/bad.o
//
// --ito-no-translate compiles the serial elision: no runtime calls.
// RUN: %ito-cc --ito-no-translate -S %s -o %t.dir/serial.s
// RUN: FileCheck %s --check-prefix=SERIAL --input-file=%t.dir/serial.s
// SERIAL-NOT: ito_abi
// SERIAL-NOT: __ito_

#include <cilk/cilk.h>

static int f(int n) { return n + 1; }

int main(void) {
  int x = cilk_spawn f(1);
#ifdef BAD
  int y = f(2) + cilk_spawn f(3);
#else
  int y = f(2);
#endif
  cilk_sync;
  return x + y == 5 ? 0 : 1;
}
