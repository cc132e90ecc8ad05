// `#pragma cilk grainsize [=] <expression>` is the translator's (no unknown
// pragma warning); without an expression it is an error.
// RUN: %ito-translate %s -o %t.c -- -Werror=unknown-pragmas
// RUN: diff %s %t.c
// RUN: not %ito-translate %s -o %t.c -- -DMISSING 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --match-full-lines

#define G 8
#pragma cilk grainsize 4
#pragma cilk grainsize G
#pragma cilk grainsize = 2 * G
_Pragma("cilk grainsize 16")

#ifdef MISSING
// CHECK: {{.*}}grainsize-pragma.c:[[@LINE+1]]:23: error: expected an expression after '#pragma cilk grainsize'
#pragma cilk grainsize
// CHECK: {{.*}}grainsize-pragma.c:[[@LINE+1]]:25: error: expected an expression after '#pragma cilk grainsize'
#pragma cilk grainsize =
#endif

const int x = 0;
