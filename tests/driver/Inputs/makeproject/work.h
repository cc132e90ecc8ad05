#ifndef WORK_H
#define WORK_H

/* The number of ways to climb n stairs by 1 or 2 (a Fibonacci number),
 * computed with a spawn per step. */
long stairs(int n);

/* The sum of stairs(i) for i in [lo, hi), a spawn per half. */
long stairs_sum(int lo, int hi);

#define STAIRS_N 20

#endif
