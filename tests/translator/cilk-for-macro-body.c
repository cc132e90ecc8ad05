// A cilk_for that a macro writes, with the loop's body passed to the macro
// as an argument: the keyword is in the macro's body, which has no text of
// its own in the file, so the translation runs on the file with the
// macro's expansions written out (each on its own line). Before, it was an
// error ("'cilk_for' whose body is an argument of the macro that writes
// the loop cannot be translated"). A macro that writes only the loop's
// head translated already (cilk-in-macros.c).
// RUN: %ito-translate %s -- -I %ito-include > %t.c
// RUN: FileCheck %s --input-file=%t.c
// RUN: %clang -fsyntax-only -Werror -I %ito-include %t.c

#include <cilk/cilk.h>

#define PFOR(i, n, body) cilk_for (int i = 0; i < (n); i++) body
#define HEAD(i, n) cilk_for (int i = 0; i < (n); i++)

int a[100];

// CHECK-LABEL: void fill(int n) {
// CHECK-NEXT: ito_abi_for({{.*}}__ito_f1,
// CHECK-NEXT: ito_abi_for({{.*}}__ito_f2,
// CHECK-NEXT: ito_abi_for({{.*}}__ito_f3,
// CHECK: static void __ito_f3(
// CHECK: a[k] *= 2;
// CHECK: static void __ito_f2(
// CHECK: a [ j ] += 1 ;
// CHECK: static void __ito_f1(
// CHECK: a [ i ] = i ;
void fill(int n) {
  PFOR(i, n, { a[i] = i; });
  PFOR(j, n, a[j] += 1;);
  HEAD(k, n) { a[k] *= 2; }
}
