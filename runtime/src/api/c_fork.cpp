// fork() as a Cilk program calls it: from a task, through the runtime
// (threads/fork_process.hpp), so that parent and child do not share the
// task's stack.
#include "platform/libc_next.hpp"
#include "threads/fork_process.hpp"

#include <unistd.h>

extern "C" pid_t fork(void) {
  static const auto libc_fork =
      ito::platform::next_definition<pid_t (*)()>("fork");
  return ito::threads::fork_process(libc_fork);
}
