/* Work and span of a Cilk program as it runs (ito-cc -fcilktool=cilkscale),
 * for translated code and the runtime's loops. No C library header.
 *
 * The running strand carries the work, span and burdened span of the
 * computation that precedes it in the DAG and has been joined into it
 * (ito_wsp_current, one per process: a process runs one strand at a time).
 * Each point where the strand ends or a task may change process — a fork,
 * the continuation after it, a child's end, a join — closes the strand's
 * time into the triple there, and whatever moves between processes takes
 * its triple along: the continuation's in the spawn site (its frame goes
 * with it), a child's after its value. So a fork starts the child at the
 * parent's span with no work; the continuation goes on from the parent's
 * own triple; a join adds the child's work and keeps the longer span. This
 * is Cilkscale's computation, carried by the tasks instead of a shadow
 * stack, which would stay behind in the process a task left. */
#ifndef ITO_DETAIL_WORK_SPAN_H
#define ITO_DETAIL_WORK_SPAN_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ito_wsp_triple {
  long long work, span, bspan; /* nanoseconds */
} ito_wsp_triple;

/* The running strand's triple, when it began and the last reading of the
 * clock in this process (in ticks): one reading serves as the end of one
 * strand and the start of the next where nothing happens in between. */
typedef struct ito_wsp_state {
  ito_wsp_triple t;
  unsigned long long start, last;
} ito_wsp_state;

extern ito_wsp_state ito_wsp_current;
/* What a steal costs the span it lies on (burdened span), in ns. */
extern long long ito_wsp_burden;
/* Set by a constructor in each instrumented object: the runtime measures
 * its own loops (ito_abi_for) and main only then. */
extern int ito_wsp_enabled;
/* The clock: the time-stamp counter where it runs at a constant rate
 * (ito_wsp_tsc, with ns_per_tick calibrated at start-up), else
 * CLOCK_MONOTONIC in ns (a call, twice as slow). */
extern int ito_wsp_tsc;
extern double ito_wsp_ns_per_tick;
unsigned long long ito_wsp_clock(void);
void ito_wsp_calibrate(void);

static __inline__ unsigned long long ito_wsp_read(void) {
#if defined(__x86_64__)
  if (__builtin_expect(ito_wsp_tsc, 1))
    return __builtin_ia32_rdtsc();
#endif
  return ito_wsp_clock();
}

/* Closes the running strand at a new reading: its time joins the triple. */
static __inline__ void ito_wsp_strand_end(void) {
  unsigned long long now = ito_wsp_read();
  long long d =
      (long long)((double)(now - ito_wsp_current.start) * ito_wsp_ns_per_tick);
  ito_wsp_current.last = now;
  ito_wsp_current.t.work += d;
  ito_wsp_current.t.span += d;
  ito_wsp_current.t.bspan += d;
}

/* A fork: the parent's triple into *saved (its frame), the child begins. */
static __inline__ void ito_wsp_fork(ito_wsp_triple *saved) {
  ito_wsp_strand_end();
  *saved = ito_wsp_current.t;
  ito_wsp_current.t.work = 0;
  ito_wsp_current.start = ito_wsp_current.last;
}

/* The continuation of a fork, in whichever process runs it; ran_here: the
 * child has just ended here (its end is the continuation's start). */
static __inline__ void ito_wsp_continue(const ito_wsp_triple *saved,
                                        int ran_here) {
  ito_wsp_current.t = *saved;
  ito_wsp_current.t.bspan += ito_wsp_burden;
  ito_wsp_current.start = ran_here ? ito_wsp_current.last : ito_wsp_read();
}

/* A child's end: its triple, which goes with its value to the join. */
static __inline__ ito_wsp_triple ito_wsp_child_end(void) {
  ito_wsp_strand_end();
  return ito_wsp_current.t;
}

/* Before a join that may suspend the task: the strand ends and its triple
 * goes to *saved (the task's frame). */
static __inline__ void ito_wsp_join_begin(ito_wsp_triple *saved) {
  ito_wsp_strand_end();
  *saved = ito_wsp_current.t;
}

/* After it, in whichever process the task resumed: the child joins in.
 * waited: the join may have suspended (the child's fork was stolen). */
static __inline__ void ito_wsp_join_end(const ito_wsp_triple *saved,
                                        const ito_wsp_triple *child,
                                        int waited) {
  ito_wsp_triple t = *saved;
  long long cb = child->bspan + ito_wsp_burden;
  t.work += child->work;
  if (child->span > t.span)
    t.span = child->span;
  if (cb > t.bspan)
    t.bspan = cb;
  ito_wsp_current.t = t;
  ito_wsp_current.start = waited ? ito_wsp_read() : ito_wsp_current.last;
}

#ifdef __cplusplus
}
#endif

#endif /* ITO_DETAIL_WORK_SPAN_H */
