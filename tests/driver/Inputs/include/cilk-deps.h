/* A header of tests/driver/cilk-deps.c, found through -I. */
#define DEPS_N 12
