// Every mistake a task program can make ends in one clear message and a
// non-zero exit, on every process, never a hang or a bare crash: the other
// processes stop at once instead of waiting for the one that failed, so no
// run may end by ito-run's --timeout (whose message would be in the output).
// RUN: %ito-c++ -O1 -std=c++17 %s -o %t
// RUN: not %ito-run -n 1 %t outside-root 2>&1 | FileCheck --implicit-check-not='ran longer than' --check-prefix=OUTSIDE %s
// RUN: not %ito-run -n 2 %t nested-root 2>&1 | FileCheck --implicit-check-not='ran longer than' --check-prefix=NESTED %s
// RUN: not %ito-run -n 2 %t exception 2>&1 | FileCheck --implicit-check-not='ran longer than' --check-prefix=EXCEPTION %s
// RUN: not %ito-run -n 2 %t unknown-exception 2>&1 | FileCheck --implicit-check-not='ran longer than' --check-prefix=UNKNOWN %s
// RUN: env ITO_STACK_SIZE=1m not %ito-run -n 2 %t stack-overflow 2>&1 | FileCheck --implicit-check-not='ran longer than' --check-prefix=STACK %s
// RUN: env ITO_DEQUE_SLOTS=64 not %ito-run -n 1 %t deep-forks 2>&1 | FileCheck --implicit-check-not='ran longer than' --check-prefix=DEQUE %s
// RUN: env ITO_TASK_HEAP_SIZE=1m not %ito-run -n 1 %t many-futures 2>&1 | FileCheck --implicit-check-not='ran longer than' --check-prefix=HEAP %s
// RUN: not %ito-run -n 2 %t extra-get 2>&1 | FileCheck --implicit-check-not='ran longer than' --check-prefix=EXTRA %s
// RUN: not %ito-run -n 2 %t fini-in-root 2>&1 | FileCheck --implicit-check-not='ran longer than' --check-prefix=FINI %s
// RUN: not %ito-run -n 2 --internode %t exception 2>&1 | FileCheck --implicit-check-not='ran longer than' --check-prefix=EXCEPTION %s
// RUN: not %ito-run -n 2 %t rank-dies 2>&1 | FileCheck --implicit-check-not='ran longer than' --check-prefix=DIES %s
// RUN: not %ito-run -n 1 %t join-twice 2>&1 | FileCheck --implicit-check-not='ran longer than' --check-prefix=TWICE %s
// RUN: %ito-run -n 2 %t ok | FileCheck --match-full-lines --implicit-check-not={{.}} --check-prefix=OK %s

#include <ito/ito.hpp>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace {

long fib(int n) {
  if (n < 2)
    return n;
  ito::thread<long> x(fib, n - 1);
  long y = fib(n - 2);
  return x.join() + y;
}

struct custom_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

long throws(int n) {
  if (n == 0)
    throw custom_error("the answer is not 42");
  ito::thread<long> t(throws, n - 1);
  return t.join();
}

long throws_int(int) { throw 42; }

// Large frames, endless recursion.
long recurse(long n) {
  volatile char pad[4096];
  pad[0] = static_cast<char>(n);
  return recurse(n + 1) + pad[0];
}

long deep(int n) {
  if (n == 0)
    return 0;
  ito::thread<long> t(deep, n - 1);
  return t.join() + 1;
}

long never_consumed() {
  for (int i = 0; i < 1000000; i++)
    ito::async([] { return 1L; }); // the futures are never got
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);
  const std::string what = argc > 1 ? argv[1] : "ok";
  if (what == "outside-root")
    return static_cast<int>(fib(10));
  if (what == "nested-root")
    ito::root_exec([] { return ito::root_exec([] { return 1; }); });
  if (what == "exception")
    ito::root_exec(throws, 5);
  if (what == "unknown-exception")
    ito::root_exec([] {
      ito::thread<long> t(throws_int, 1);
      return t.join();
    });
  if (what == "stack-overflow")
    ito::root_exec([] {
      ito::thread<long> t(recurse, 0L);
      return t.join();
    });
  if (what == "deep-forks")
    ito::root_exec(deep, 1000);
  if (what == "many-futures")
    ito::root_exec(never_consumed);
  if (what == "extra-get")
    ito::root_exec([] {
      auto f = ito::async([] { return 1L; });
      return f.get() + f.get();
    });
  if (what == "join-twice")
    ito::root_exec([] {
      ito::thread<long> t(fib, 3);
      return t.join() + t.join();
    });
  if (what == "fini-in-root")
    ito::root_exec([] { ito::fini(); });
  if (what == "rank-dies") {
    // Rank 1 dies in the middle of a parallel region, in a task it stole if
    // it got one; the others must not wait for it.
    ito::root_exec([] {
      struct dying {
        static long run(int n) {
          if (n < 2) {
            if (ito::my_rank() == 1)
              raise(SIGKILL);
            return n;
          }
          ito::thread<long> x(run, n - 1);
          long y = run(n - 2);
          return x.join() + y;
        }
      };
      return dying::run(25);
    });
    if (ito::my_rank() == 1)
      raise(SIGKILL);
    sleep(60);
  }
  long v = ito::root_exec(fib, 20);
  if (ito::is_master())
    std::printf("fib(20) = %ld\n", v);
  return 0;
}

// OUTSIDE: ito: error (rank 0): a task was forked outside ito::root_exec(); fork inside the root task (or a task it created)
// NESTED: ito: error (rank 0): ito::root_exec() called inside a root task; it is collective and must be called in SPMD mode by every process
// EXCEPTION: ito: error (rank {{[01]}}): an exception of type {{.*}}custom_error escaped a task: the answer is not 42; catch it inside the task
// UNKNOWN: ito: error (rank {{[01]}}): an exception escaped a task; catch it inside the task
// STACK: ito: error (rank {{[01]}}): a task overflowed its stack: the task stack region holds 1 MiB and the deepest chain of nested calls used it all; raise ITO_STACK_SIZE (e.g. ITO_STACK_SIZE=4m)
// DEQUE: ito: error (rank 0): too many nested forks: more than 63 tasks are waiting for their children on one process; raise ITO_DEQUE_SLOTS (now 64)
// HEAP: ito: error (rank 0): out of runtime memory for suspended tasks and join entries {{.*}}raise ITO_TASK_HEAP_SIZE (now 1 MiB)
// EXTRA: ito: error (rank {{[01]}}): a future got more get() calls than the 1 consumers given to async(); pass ito::consumers{n} with the real number
// FINI: ito: error (rank 0): ito_fini() called inside a root task; call it in SPMD mode, after root_exec returns
// DIES: ito-run: error: process {{([0-9] or )?}}1{{( or [0-9])?}} (pid{{.*}}) was ended by signal 9 (SIGKILL) from outside the program
// DIES-NOT: {{BAD TERMINATION|exited on signal}}
// TWICE: ito: error (rank 0): join() on an ito::thread that was not forked, or was joined already; join each thread once
// OK: fib(20) = 6765
