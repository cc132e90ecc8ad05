/* Where the halves of a parallel loop run (the loop patterns of
 * ito/patterns.hpp and ito::parallel_invoke; not cilk_for, whose reducers
 * need the child to be the left half).
 *
 * Between nodes, a loop over [begin, end) is seen as P equal parts, the
 * r-th for process r: the part of the iterations that works on the r-th
 * part of an array spread over the processes (a large malloc'd array is
 * spread that way, memory/distributed_allocation.cpp; block-distributed
 * collective memory too). A loop splits its range in halves and runs one
 * here, leaving the other to thieves; it runs the right half here when
 * this process's part begins in it. So whichever process starts the loop
 * (the root task goes on where its last child ended), the process whose
 * part is in the other half is the one that finds that half to steal, and
 * an iterative stencil keeps its rows where they live, step after step.
 * On one node loops split as written: the left half here, and so do they
 * in a program that can use reducers (a translation unit that includes
 * ito/detail/views.h or <cilk/cilk_api.h> says so before main): a
 * reducer's views combine in the order of the fork, the serial one only
 * if the child is the left half. */
#ifndef ITO_DETAIL_LOOP_AFFINITY_H
#define ITO_DETAIL_LOOP_AFFINITY_H

#ifdef __cplusplus
extern "C" {
#endif

/* The processes a loop is shared among (0 on one node or with reducers),
 * and this one. */
extern int ito_loop_parts;
extern int ito_loop_part;

/* Splitting [lo, hi) of a loop over [begin, end) at mid: true if this
 * process runs [mid, hi) and leaves [lo, mid) to be stolen. */
static __inline__ int ito_loop_runs_right(long long begin, long long end,
                                          long long mid) {
  if (__builtin_expect(ito_loop_parts <= 1, 1))
    return 0;
  /* The first iteration of this process's part. */
  const long long first = begin + (long long)((__int128)(end - begin) *
                                              ito_loop_part / ito_loop_parts);
  return first >= mid;
}

#ifdef __cplusplus
}
#endif

#endif /* ITO_DETAIL_LOOP_AFFINITY_H */
