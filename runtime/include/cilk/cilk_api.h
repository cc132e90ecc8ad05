/* The parts of OpenCilk's <cilk/cilk_api.h> that mean something under ito:
 * a "worker" is a process. Usable in a serial build too (without libito):
 * then there is one worker. */
#ifndef ITO_CILK_CILK_API_H
#define ITO_CILK_CILK_API_H

#ifdef __cplusplus
extern "C" {
#endif

/* Weak, so that a serial build links without libito. */
int ito_is_initialized(void) __attribute__((weak));
int ito_n_ranks(void) __attribute__((weak));
int ito_rank(void) __attribute__((weak));

/* The number of workers: the processes of the job. */
static inline unsigned __cilkrts_get_nworkers(void) {
  return ito_is_initialized && ito_is_initialized() ? (unsigned)ito_n_ranks()
                                                    : 1u;
}

/* The worker running the caller: this process's rank. */
static inline unsigned __cilkrts_get_worker_number(void) {
  return ito_is_initialized && ito_is_initialized() ? (unsigned)ito_rank()
                                                    : 0u;
}

/* OpenCilk's run-time parameters. The number of workers is the number of
 * processes (ito-run -n), fixed for the job: setting "nworkers" succeeds and
 * changes nothing, as OpenCilk's does once its runtime runs. Other
 * parameters mean nothing here: nonzero, as OpenCilk answers one it does
 * not know. */
static inline int __cilkrts_set_param(const char *param, const char *value) {
  (void)value;
  return __builtin_strcmp(param, "nworkers") == 0 ? 0 : 1;
}

/* Intel Cilk Plus: the runtime starts and stops with the job. */
static inline void __cilkrts_init(void) {}
static inline void __cilkrts_end_cilk(void) {}
static inline int __cilkrts_get_total_workers(void) {
  return (int)__cilkrts_get_nworkers();
}

#ifdef __cplusplus
}
#endif

#endif /* ITO_CILK_CILK_API_H */
