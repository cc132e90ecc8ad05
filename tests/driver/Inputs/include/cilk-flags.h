/* Found through -I by tests/driver/cilk-flags.c. */
#ifndef CILK_FLAGS_H
#define CILK_FLAGS_H
static inline long scaled(long v) { return v * SCALE; }
#endif
