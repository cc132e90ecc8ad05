/* The C parts of tests/driver/cilk-mixed.test, callable from C and C++. */
#ifndef PARTS_H
#define PARTS_H
#ifdef __cplusplus
extern "C" {
#endif
long c_fib(int n);       /* c_fib.c: Cilk */
long c_sum_sq(int n);    /* c_sum.c: Cilk */
int plain_twice(int n);  /* plain.c: no Cilk */
#ifdef __cplusplus
}
#endif
#endif
