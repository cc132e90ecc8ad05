// A stolen continuation sees what its victim wrote before the fork, while
// the child, still running on the victim, has written more since: the
// release a steal asks for writes back only the blocks first written before
// the fork (threads/fork_marks.hpp), and the child's go home at its end.
// main fills `before` (4 MiB or more: spread over the processes, so half of
// it is written through the cache), spawns a child that rewrites `during`
// (as large) and then computes, and the continuation sums `before`
// meanwhile.
// %until-stolen reruns until some run's steal left the child's blocks
// behind (ITO_STATS partial_releases).
// RUN: %ito-cc -O2 %s -o %t
// RUN: %until-stolen --counter partial_releases %ito-run -n 2 --internode %t | FileCheck %s
// RUN: %ito-run -n 2 %t | FileCheck %s
// RUN: %ito-run -n 4 --internode %t | FileCheck %s
// CHECK: round 0: before ok, during ok
// CHECK: round 3: before ok, during ok
// CHECK-NOT: wrong

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 20)

static long child(long *during, long r) {
  // From the end: the other process's part comes first, so that the
  // child's first write goes through the cache before its first poll.
  for (long i = N - 1; i >= 0; i--)
    during[i] = 5 * i + r;
  // Long enough for the other process to steal the continuation while
  // this runs; the loop polls for its requests.
  volatile double x = 1;
  for (long k = 0; k < 20000000; k++)
    x = x * 1.0000001 + 1e-9;
  return x > 0;
}

int main(void) {
  long *before = malloc(N * sizeof(long));
  long *during = malloc(N * sizeof(long));
  if (!before || !during)
    return 1;
  for (long r = 0; r < 4; r++) {
    for (long i = 0; i < N; i++)
      before[i] = 3 * i + r;
    long c = cilk_spawn child(during, r);
    long sum = 0;
    for (long i = 0; i < N; i++)
      sum += before[i];
    cilk_sync;
    long sum_during = 0;
    for (long i = 0; i < N; i++)
      sum_during += during[i];
    const long n = N;
    printf("round %ld: before %s, during %s\n", r,
           sum == 3 * (n * (n - 1) / 2) + r * n ? "ok" : "wrong",
           c == 1 && sum_during == 5 * (n * (n - 1) / 2) + r * n ? "ok"
                                                                 : "wrong");
  }
  free(during);
  free(before);
  return 0;
}
