// pthread_mutex_lock and pthread_mutex_trylock of a program linked with
// libito: the processes of a node share the program's memory, and a mutex
// there works between them only as a process-shared mutex (glibc's default
// futexes are private to a process: a waiter in another process is never
// woken, and the job hangs). The first lock marks the mutex process-shared
// (glibc's pshared bit of its kind) before taking it, so every wait and
// every wake that follow use shared futexes. std::mutex locks through these.
// Between nodes a lock cannot protect anything (what it guards is written
// back at the next fork or join): a job on several nodes whose sources lock
// is stopped at start-up (c_main.cpp).
#include <pthread.h>

// The C library's own entry points (exported under these names for
// compatibility only, hence the explicit versions).
extern "C" {
int ito_libc_mutex_lock(pthread_mutex_t *mutex);
int ito_libc_mutex_trylock(pthread_mutex_t *mutex);
}
__asm__(".symver ito_libc_mutex_lock, __pthread_mutex_lock@GLIBC_2.2.5");
__asm__(".symver ito_libc_mutex_trylock, __pthread_mutex_trylock@GLIBC_2.2.5");

namespace {

// glibc's PTHREAD_MUTEX_PSHARED_BIT, as pthread_mutexattr_setpshared sets
// it.
constexpr int pshared_bit = 128;

void make_process_shared(pthread_mutex_t *mutex) {
  int *kind = &mutex->__data.__kind;
  if (!(__atomic_load_n(kind, __ATOMIC_RELAXED) & pshared_bit))
    __atomic_fetch_or(kind, pshared_bit, __ATOMIC_RELAXED);
}

} // namespace

extern "C" int pthread_mutex_lock(pthread_mutex_t *mutex) {
  make_process_shared(mutex);
  return ito_libc_mutex_lock(mutex);
}

extern "C" int pthread_mutex_trylock(pthread_mutex_t *mutex) {
  make_process_shared(mutex);
  return ito_libc_mutex_trylock(mutex);
}
