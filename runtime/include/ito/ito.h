/* ito: the C API of libito.
 *
 * Programs written in C (and the code ito-cc generates from C) use these
 * functions; C++ programs may use <ito/ito.hpp> instead. */
#ifndef ITO_ITO_H
#define ITO_ITO_H

#include <stddef.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Starts the runtime (and MPI, unless the program already started it).
 * Collective over all processes. argc/argv may be NULL. */
void ito_init(int *argc, char ***argv);

/* Stops the runtime (and MPI, if ito_init started it). Collective. */
void ito_fini(void);

/* Nonzero between ito_init and ito_fini. */
int ito_is_initialized(void);

/* This process's rank and the number of processes. */
int ito_rank(void);
int ito_n_ranks(void);

/* Nonzero on the master process (rank 0), where the root task starts. */
int ito_is_master(void);

/* The node this process runs on, how many nodes there are, and this
 * process's rank and the number of processes within its node. With
 * ITO_FORCE_INTERNODE=1 every process is a node of its own. */
int ito_node(void);
int ito_n_nodes(void);
int ito_node_rank(void);
int ito_node_n_ranks(void);

/* ---- Tasks --------------------------------------------------------------
 *
 * A task is a function fn(args, result): args points to a copy of the
 * argument block given at fork (the child's own copy, in its own frame),
 * result to where it writes its value (result_size bytes, plain data, at
 * most 192). Both blocks are copied as bytes, because the child and its
 * parent may end up in different processes: they must not hold pointers into
 * either's stack. */
typedef void (*ito_task_fn)(void *args, void *result);

/* The parent's handle of a child task: storage in the parent's frame, filled
 * by ito_fork, read by ito_join. Treat it as opaque. */
typedef struct ito_task {
  void *result;
  unsigned long long join;
  unsigned int result_size;
  unsigned int state;
} ito_task;

/* The most argument bytes ito_fork copies into the child. */
#define ITO_MAX_ARGS_SIZE 4096
/* The most bytes a task may return. */
#define ITO_MAX_RESULT_SIZE 192

/* Forks fn as a child task (child first: it runs at once; the rest of the
 * caller may continue in another process). After ito_join(task), result
 * holds the child's value. Only inside the root task. */
void ito_fork(ito_task *task, ito_task_fn fn, const void *args,
              size_t args_size, void *result, size_t result_size);

/* Waits for the child; then the result block given to ito_fork is filled. */
void ito_join(ito_task *task);

/* Serves what other processes ask of this one (a thief waiting for work,
 * a write-back it waits for) if it is time to; a decrement otherwise, and
 * nothing on one node. Between nodes a process answers at its forks and
 * joins: a leaf that runs long without forking (a block of a wavefront, a
 * sequential sort) keeps a thief waiting until it ends, unless it calls
 * this now and then (every row, every few microseconds of work). Code that
 * ito-cc or ito-c++ compiled has these polls in its loops already. */
void ito_poll(void);

/* Runs fn as the root task of a parallel region; collective over all
 * processes (SPMD), and every process gets the root's value in result. */
void ito_root_exec(ito_task_fn fn, const void *args, size_t args_size,
                   void *result, size_t result_size);

/* Nonzero inside the root task and the tasks it created. */
int ito_is_root(void);

/* ---- Global memory -------------------------------------------------------
 *
 * Global addresses are plain pointers, the same in every process. Between
 * ito_checkout and the matching ito_checkin a task reads and writes the
 * range with ordinary loads and stores; data of other nodes is cached
 * (ITO_CACHE_POLICY). A checkout must be checked in by the same task, with
 * the same address, size and mode, before it forks or joins. */

typedef enum ito_mode {
  ITO_MODE_READ = 0,      /* read only */
  ITO_MODE_WRITE = 1,     /* write only: the range may hold garbage until
                             written; all of it becomes dirty */
  ITO_MODE_READ_WRITE = 2 /* read and write; all of it becomes dirty */
} ito_mode;

typedef enum ito_dist {
  ITO_DIST_BLOCK = 0,       /* one contiguous piece per process */
  ITO_DIST_BLOCK_CYCLIC = 1 /* pieces of block_size bytes, dealt in turn */
} ito_dist;

/* Noncollective: size bytes from this process's part of global memory;
 * any task may call it; any process may use and free the memory. */
void *ito_malloc(size_t size);
/* Frees what ito_malloc returned (size: the size it was given). */
void ito_free(void *p, size_t size);

/* Collective: every process calls it in SPMD mode (all get the same
 * address), or one task calls it inside the root task. block_size (rounded
 * up to ITO_BLOCK_SIZE) is for ITO_DIST_BLOCK_CYCLIC; 0 means one block. */
void *ito_malloc_collective(size_t size, ito_dist dist, size_t block_size);
/* Frees a collective allocation: every process in SPMD mode, or one task
 * inside the root task. */
void ito_free_collective(void *p);

/* Makes [p, p + size) accessible in mode; returns p. */
void *ito_checkout(const void *p, size_t size, ito_mode mode);
/* Ends the checkout of [p, p + size) in mode. */
void ito_checkin(const void *p, size_t size, ito_mode mode);

/* SPMD mode: waits for every process; what each wrote to global memory
 * before it is seen by every process after it. (Use it rather than
 * MPI_Barrier between SPMD phases that touch global memory: a process
 * waiting here still serves the others' fetches.) */
void ito_barrier(void);

/* Copies between global memory and local memory without the cache (the
 * GET/PUT baseline): from src (global) to dst, and from src to dst
 * (global). */
void ito_get(void *dst, const void *src, size_t size);
void ito_put(void *dst, const void *src, size_t size);

/* Compiled with ITO_SERIAL defined (the serial elision of a C program over
 * global memory, built without libito), global memory is the C heap and a
 * checkout is a no-op. */
#if defined(ITO_SERIAL) && !defined(__cplusplus)
#include <stdlib.h>
#include <string.h>
static __inline__ void *ito_serial_malloc(size_t size) { return malloc(size); }
static __inline__ void ito_serial_free(void *p, size_t size) {
  (void)size;
  free(p);
}
static __inline__ void *ito_serial_malloc_collective(size_t size, ito_dist dist,
                                                     size_t block_size) {
  (void)dist;
  (void)block_size;
  return malloc(size);
}
static __inline__ void *ito_serial_checkout(const void *p, size_t size,
                                            ito_mode mode) {
  (void)size;
  (void)mode;
  return (void *)p;
}
static __inline__ void ito_serial_checkin(const void *p, size_t size,
                                          ito_mode mode) {
  (void)p;
  (void)size;
  (void)mode;
}
static __inline__ void ito_serial_copy(void *dst, const void *src,
                                       size_t size) {
  memcpy(dst, src, size);
}
static __inline__ void ito_serial_poll(void) {}
#define ito_poll ito_serial_poll
#define ito_malloc ito_serial_malloc
#define ito_free ito_serial_free
#define ito_malloc_collective ito_serial_malloc_collective
#define ito_free_collective free
#define ito_checkout ito_serial_checkout
#define ito_checkin ito_serial_checkin
#define ito_get ito_serial_copy
#define ito_put ito_serial_copy
#endif

/* ---- Global arrays in C -------------------------------------------------
 *
 * An ito_vector owns a global array; an ito_span names a piece of one: its
 * global address, its length in elements and the size of an element. A
 * span is three words, passed to spawned functions and cilk_for bodies by
 * value. Offsets and counts are in elements, and a span's functions stop
 * the program, naming the span, when they would leave it. The C++ API has
 * the typed ito::global_vector and ito::global_span (ito/global.hpp). */

typedef struct ito_span {
  void *data;       /* global address of element 0 */
  size_t size;      /* elements */
  size_t elem_size; /* bytes per element */
} ito_span;

typedef struct ito_vector {
  ito_span span;
  int collective; /* from ito_malloc_collective, else ito_malloc */
} ito_vector;

#if defined(ITO_SERIAL) && !defined(__cplusplus)
#include <stdio.h>
__attribute__((noreturn)) static __inline__ void
ito_span_out_of_range(const char *what, size_t offset, size_t count,
                      size_t size) {
  fprintf(stderr,
          "ito: error: %s: %zu elements from element %zu leave the span, "
          "which has %zu\n",
          what, count, offset, size);
  abort();
}
#else
/* Stops the program: what (e.g. "ito_span_checkout") left a span. */
__attribute__((noreturn)) void ito_span_out_of_range(const char *what,
                                                     size_t offset,
                                                     size_t count, size_t size);
#endif

static __inline__ ito_span ito_span_make(void *data, size_t size,
                                         size_t elem_size) {
  ito_span s;
  s.data = data;
  s.size = size;
  s.elem_size = elem_size;
  return s;
}

static __inline__ void ito_span_check(const char *what, ito_span s,
                                      size_t offset, size_t count) {
  if (offset > s.size || count > s.size - offset)
    ito_span_out_of_range(what, offset, count, s.size);
}

/* Elements [offset, offset + count) of s. */
static __inline__ ito_span ito_span_sub(ito_span s, size_t offset,
                                        size_t count) {
  ito_span_check("ito_span_sub", s, offset, count);
  return ito_span_make((char *)s.data + offset * s.elem_size, count,
                       s.elem_size);
}

/* ito_checkout / ito_checkin of elements [offset, offset + count). */
static __inline__ void *ito_span_checkout(ito_span s, size_t offset,
                                          size_t count, ito_mode mode) {
  ito_span_check("ito_span_checkout", s, offset, count);
  return ito_checkout((char *)s.data + offset * s.elem_size,
                      count * s.elem_size, mode);
}
static __inline__ void ito_span_checkin(ito_span s, size_t offset, size_t count,
                                        ito_mode mode) {
  ito_span_check("ito_span_checkin", s, offset, count);
  ito_checkin((char *)s.data + offset * s.elem_size, count * s.elem_size, mode);
}

/* Element i, copied to or from local memory through the cache. */
static __inline__ void ito_span_read(ito_span s, size_t i, void *out) {
  const void *p = ito_span_checkout(s, i, 1, ITO_MODE_READ);
  memcpy(out, p, s.elem_size);
  ito_span_checkin(s, i, 1, ITO_MODE_READ);
}
static __inline__ void ito_span_write(ito_span s, size_t i, const void *in) {
  void *p = ito_span_checkout(s, i, 1, ITO_MODE_WRITE);
  memcpy(p, in, s.elem_size);
  ito_span_checkin(s, i, 1, ITO_MODE_WRITE);
}

/* n * elem_size, or SIZE_MAX (which no allocation satisfies) if that
 * overflows. */
static __inline__ size_t ito_array_bytes(size_t n, size_t elem_size) {
  return elem_size && n > (size_t)-1 / elem_size ? (size_t)-1 : n * elem_size;
}

/* A collective array of n elements (the rules of ito_malloc_collective;
 * block_elems is the block of ITO_DIST_BLOCK_CYCLIC, in elements). */
static __inline__ ito_vector ito_vector_collective(size_t n, size_t elem_size,
                                                   ito_dist dist,
                                                   size_t block_elems) {
  ito_vector v;
  v.span = ito_span_make(
      ito_malloc_collective(ito_array_bytes(n, elem_size), dist,
                            ito_array_bytes(block_elems, elem_size)),
      n, elem_size);
  v.collective = 1;
  return v;
}
/* An array of n elements from this process's heap (ito_malloc). */
static __inline__ ito_vector ito_vector_local(size_t n, size_t elem_size) {
  ito_vector v;
  v.span =
      ito_span_make(ito_malloc(ito_array_bytes(n, elem_size)), n, elem_size);
  v.collective = 0;
  return v;
}
/* Frees v's array where it was made (every process in SPMD mode for a
 * collective one) and empties v. */
static __inline__ void ito_vector_free(ito_vector *v) {
  if (v->collective)
    ito_free_collective(v->span.data);
  else
    ito_free(v->span.data, v->span.size * v->span.elem_size);
  v->span = ito_span_make(NULL, 0, v->span.elem_size);
}

#ifdef __cplusplus
}
#endif

#endif /* ITO_ITO_H */
