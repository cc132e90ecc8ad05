// fork() called by a task. The task's stack lies in the uni-address region,
// which is shared memory: a child made there would run on the very frames
// its parent goes on using, each overwriting the other's (a crash, or
// "stack smashing detected", before the child reaches exec). The fork is
// made from the worker's own stack instead, and the child then takes a
// private copy of the region before it returns to its frames.
#pragma once

#include <sys/types.h>

namespace ito::threads {

// libc_fork(), made safe for a caller on a task stack; elsewhere (before
// the runtime, another thread) just libc_fork(). The child may exec or run
// plain code; the job's tasks, global memory and MPI stay the parent's.
pid_t fork_process(pid_t (*libc_fork)());

} // namespace ito::threads
