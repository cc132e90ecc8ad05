// A cilk_for that a macro writes, with the loop's body passed to the macro
// as an argument: the body's text sits inside the macro's invocation, which
// the translation cannot take apart, so it says so and how to write it.
// Before, the translation did not compile ("expected expression" at a
// column of generated code). A macro that writes only the loop's head
// translates (cilk-in-macros.c).
// RUN: %ito-translate %s -- -I %ito-include -Xclang -verify
// RUN: cp %s %t.cpp
// RUN: %ito-translate %t.cpp -- -I %ito-include -Xclang -verify

#include <cilk/cilk.h>

#define PFOR(i, n, body) cilk_for (int i = 0; i < (n); i++) body
#define HEAD(i, n) cilk_for (int i = 0; i < (n); i++)

int a[100];

void fill(int n) {
  PFOR(i, n, { a[i] = i; }); // expected-error {{'cilk_for' whose body is an argument of the macro that writes the loop cannot be translated; write the loop out, or let the macro write only the loop's head}}
  PFOR(j, n, a[j] += 1;); // expected-error {{'cilk_for' whose body is an argument of the macro}}
  HEAD(k, n) { a[k] *= 2; }
}
