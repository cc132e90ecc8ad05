// The main of a Cilk program: ito-cc links with --wrap=main, so the C
// library calls __wrap_main; if a translated source marked the program as a
// Cilk program, the runtime starts on every process and the program's main
// runs as the root task (ito_abi_main); otherwise main runs as it is (a
// program written against libito starts the runtime itself). This file is
// its own object in libito, linked only when --wrap=main asks for it.
#include "memory/memory.hpp"
#include "memory/program_globals.hpp"
#include "platform/error.hpp"
#include "platform/process_exit.hpp"
#include "platform/self_launch.hpp"
#include "platform/shared_environment.hpp"

#include <ito/cilk_abi.h>
#include <ito/detail/tasks.hpp>
#include <ito/detail/work_span.h>
#include <ito/ito.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <vector>

namespace {

// argv, copied to static memory: the strings on each process's stack sit at
// addresses that differ with its environment, while static memory is at the
// same address everywhere, so the root task may read argv in any process.
char arg_chars[1 << 16];
char *arg_pointers[1024];

struct main_args {
  int (*task)(int, char **);
  int argc;
};

} // namespace

// The root task. noexcept: an exception that leaves main ends the program
// in std::terminate where it was thrown, with its stack intact for the
// report, as in the serial program.
extern "C" void ito_wsp_program_begin(void);
extern "C" void ito_wsp_program_end(void);

extern "C" void ito_main_task(void *args, void *result) noexcept {
  const auto *a = static_cast<const main_args *>(args);
  // (-fcilktool=cilkscale: the whole program's work and span.)
  if (ito_wsp_enabled)
    ito_wsp_program_begin();
  const int rc = a->task(a->argc, arg_pointers);
  if (ito_wsp_enabled)
    ito_wsp_program_end();
  *static_cast<int *>(result) = rc;
}

extern "C" void ito_program_heap_start(void);
extern "C" void ito_program_heap_stop(void);

static void finish_program() {
  ito_program_heap_stop();
  ito_fini();
}

// Where each source of the program first waits in a way that works on one
// node only (ito-cc's translation, EmitSyncSites.cpp); empty if none does.
extern "C" {
extern const char *const __start_ito_sync_sites[] __attribute__((weak));
extern const char *const __stop_ito_sync_sites[] __attribute__((weak));
}

// A read-write lock, condition variable, barrier or semaphore sleeps on a
// futex that a process of another node cannot wake (and a recursive mutex
// is not a plain lock word): better to stop than to hang.
static void refuse_waits_between_nodes() {
  if (ito_n_nodes() <= 1 || +__start_ito_sync_sites == +__stop_ito_sync_sites)
    return;
  ito::platform::fatal(
      "this program uses a read-write lock, a condition variable, a timed "
      "lock, a barrier, a semaphore or a recursive mutex (at %s%s), which "
      "works among the processes of one node only; with %d nodes a waiter "
      "would never wake. "
      "Run it on one node, or use a plain mutex, atomics or cilk_sync",
      __start_ito_sync_sites[0],
      __stop_ito_sync_sites - __start_ito_sync_sites > 1 ? ", and elsewhere"
                                                         : "",
      ito_n_nodes());
}

// File-scope variables of other sources that a source writes (ito-cc's
// translation, EmitExternWrites.cpp): one copy for the job only if ito-cc
// compiled the source that defines them too, that is, among the program's
// shared globals.
namespace {
struct extern_write {
  const void *address;
  const char *name, *where;
};
} // namespace
extern "C" {
extern const extern_write __start_ito_extern_writes[] __attribute__((weak));
extern const extern_write __stop_ito_extern_writes[] __attribute__((weak));
}

static void warn_private_extern_writes() {
  if (ito_n_ranks() <= 1 || ito_rank() != 0)
    return;
  const ito::memory::globals_layout g = ito::memory::program_globals_layout();
  std::vector<const void *> said;
  for (const extern_write *w = __start_ito_extern_writes;
       w != __stop_ito_extern_writes; w++) {
    if (g.contains(w->address) ||
        std::find(said.begin(), said.end(), w->address) != said.end())
      continue;
    said.push_back(w->address);
    ito::platform::warn(
        "'%s', which %s writes, is defined in a file that ito-cc did not "
        "compile: each of the %d processes has its own copy, and tasks in "
        "the others do not see the write. Compile the file that defines it "
        "with ito-cc",
        w->name, w->where, ito_n_ranks());
  }
}

// Standard output of a process other than 0 during the program's static
// initialization, which every process runs: the serial program prints
// what its constructors print once, so process 0's copy is the one kept.
static int kept_stdout = -1;

static void mute_static_initialization() {
  if (ito_rank() == 0)
    return;
  const int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (null < 0)
    return;
  std::fflush(stdout);
  kept_stdout = fcntl(1, F_DUPFD_CLOEXEC, 3);
  if (kept_stdout >= 0)
    dup2(null, 1);
  close(null);
}

static void unmute_after_static_initialization() {
  if (kept_stdout < 0)
    return;
  std::fflush(stdout); // (to /dev/null)
  dup2(kept_stdout, 1);
  close(kept_stdout);
  kept_stdout = -1;
}

extern "C" int ito_abi_main(int argc, char **argv, int (*task)(int, char **)) {
  if (!ito_is_initialized()) {
    ito_init(&argc, &argv);
    ito_program_heap_start();
    ito_sched_serial_outside_root();
  }
  unmute_after_static_initialization();
  // Static initialization is over: rank 0's file-scope data is everyone's.
  if (ito::memory::memory_system *m = ito::memory::the_memory_or_null())
    m->share_globals();
  refuse_waits_between_nodes();
  warn_private_extern_writes();
  ito::platform::share_first_environment();
  size_t used = 0;
  if (argc >= static_cast<int>(sizeof arg_pointers / sizeof *arg_pointers))
    ito::platform::fatal("more than %zu command-line arguments",
                         sizeof arg_pointers / sizeof *arg_pointers - 1);
  for (int i = 0; i < argc; i++) {
    size_t n = std::strlen(argv[i]) + 1;
    if (used + n > sizeof arg_chars)
      ito::platform::fatal("the command line is longer than %zu bytes",
                           sizeof arg_chars);
    arg_pointers[i] =
        static_cast<char *>(std::memcpy(arg_chars + used, argv[i], n));
    used += n;
  }
  arg_pointers[argc] = nullptr;
  // (The C library's program name points into the stack's argv too.)
  if (argc > 0) {
    program_invocation_name = arg_pointers[0];
    const char *slash = std::strrchr(arg_pointers[0], '/');
    program_invocation_short_name =
        slash ? const_cast<char *>(slash + 1) : arg_pointers[0];
  }
  main_args a{task, argc};
  int rc = 0;
  ito_root_exec(ito_main_task, &a, sizeof a, &rc, sizeof rc);
  if (ito_rank() == 0) {
    // The program's exit handlers and static destructors run once for the
    // job, here, in exit() after main's return, with the runtime still up
    // (they may touch shared data anywhere); then finish_program ends it.
    ito::platform::end_normally_with(finish_program);
    return rc;
  }
  // The other processes serve requests in ito_fini's barrier meanwhile,
  // and leave without running exit handlers: those are the job's.
  finish_program();
  std::fflush(nullptr);
  ito::platform::exit_process(rc);
}

extern "C" {
int __real_main(int argc, char **argv, char **envp);
extern const char __ito_cilk_program __attribute__((weak));
// ito-run beside the ito-cc that translated the program.
extern const char __ito_launcher[] __attribute__((weak));

static int real_main(int argc, char **argv) {
  extern char **environ;
  return __real_main(argc, argv, environ);
}

// A Cilk program starts the runtime before its own static initialization
// (after the layout constructor, 101, and the exit hooks, 102), so that what
// its constructors allocate is already in global memory: a file-scope
// std::vector that main fills must point to memory every process reaches.
__attribute__((constructor(103))) static void
ito_start_cilk_program(int argc, char **argv, char **) {
  if (&__ito_cilk_program == nullptr || ito_is_initialized())
    return;
  ito::platform::launch_self_if_asked(argc, argv, __ito_launcher);
  ito_init(&argc, &argv);
  ito_program_heap_start();
  // A cilk_for in a static initializer runs serially in each process.
  ito_sched_serial_outside_root();
  mute_static_initialization();
}

int __wrap_main(int argc, char **argv, char **envp) {
  if (&__ito_cilk_program == nullptr)
    return __real_main(argc, argv, envp);
  return ito_abi_main(argc, argv, real_main);
}
}
