// Locks that sleep in the kernel, in tasks on one node: a read-write lock
// (writers and readers), a semaphore made with sem_init(&s, 0, 1) (private
// to the process, as a threaded program makes it), a mutex taken first with
// pthread_mutex_timedlock, and a barrier and condition variable used by one
// task. The processes of a node share their memory, and libito makes each
// process-shared at its first use; before, np 2 hung (a waiter in another
// process was never woken: glibc's futexes are private by default). Between
// nodes they cannot work, and the job is refused at start-up, naming the
// first of them.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: sh -c 'for s in 1 2 3; do ITO_STEAL_SEED=$s %ito-run -n 2 %t | diff %t.expected - || exit 1; done'
// RUN: not %ito-run -n 2 --internode %t 2>&1 | FileCheck %s --check-prefix=REFUSED
// CHECK: written 8192 read 8192 posted 8192 timed 8192 waited 1
// REFUSED: this program uses a read-write lock, a condition variable, a timed lock, a barrier, a semaphore or a recursive mutex (at {{.*}}sleeping_locks.c:[[#@LINE+8]]), which works among the processes of one node only

#include <cilk/cilk.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <time.h>

static pthread_rwlock_t table_lock = PTHREAD_RWLOCK_INITIALIZER;
static long written, read_count;
static sem_t slots;
static long posted;
static pthread_mutex_t timed_lock = PTHREAD_MUTEX_INITIALIZER;
static long timed;

static void spin(void) {
  for (volatile int d = 0; d < 300; d++)
    ;
}

static void leaf(void) {
  pthread_rwlock_wrlock(&table_lock);
  spin();
  written++;
  pthread_rwlock_unlock(&table_lock);

  pthread_rwlock_rdlock(&table_lock);
  long w = written;
  pthread_rwlock_unlock(&table_lock);
  pthread_rwlock_wrlock(&table_lock);
  read_count += w >= 1;
  pthread_rwlock_unlock(&table_lock);

  sem_wait(&slots);
  spin();
  posted++;
  sem_post(&slots);

  struct timespec far;
  clock_gettime(CLOCK_REALTIME, &far);
  far.tv_sec += 600;
  pthread_mutex_timedlock(&timed_lock, &far);
  spin();
  timed++;
  pthread_mutex_unlock(&timed_lock);
}

static void tree(int lo, int hi) {
  if (hi - lo == 1) {
    leaf();
    return;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn tree(lo, mid);
  tree(mid, hi);
  cilk_sync;
}

int main(void) {
  sem_init(&slots, 0, 1);
  tree(0, 8192);
  // A barrier of one, and a condition whose predicate already holds.
  pthread_barrier_t b;
  pthread_barrier_init(&b, NULL, 1);
  pthread_barrier_wait(&b);
  pthread_barrier_destroy(&b);
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  pthread_cond_t c = PTHREAD_COND_INITIALIZER;
  int ready = 1, waited = 0;
  pthread_mutex_lock(&m);
  while (!ready)
    pthread_cond_wait(&c, &m);
  waited = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  sem_destroy(&slots);
  printf("written %ld read %ld posted %ld timed %ld waited %d\n", written,
         read_count, posted, timed, waited);
  return 0;
}
