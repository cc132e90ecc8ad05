#ifndef FIB_H
#define FIB_H
long fib(int n);
#endif
