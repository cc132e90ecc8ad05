// The main of a Cilk program: ito-cc links with --wrap=main, so the C
// library calls __wrap_main; if a translated source marked the program as a
// Cilk program, the runtime starts on every process and the program's main
// runs as the root task (ito_abi_main); otherwise main runs as it is (a
// program written against libito starts the runtime itself). This file is
// its own object in libito, linked only when --wrap=main asks for it.
#include "platform/error.hpp"

#include <ito/cilk_abi.h>
#include <ito/ito.h>

#include <cstring>

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
extern "C" void ito_main_task(void *args, void *result) noexcept {
  const auto *a = static_cast<const main_args *>(args);
  *static_cast<int *>(result) = a->task(a->argc, arg_pointers);
}

extern "C" void ito_program_heap_start(void);
extern "C" void ito_program_heap_stop(void);

extern "C" int ito_abi_main(int argc, char **argv, int (*task)(int, char **)) {
  ito_init(&argc, &argv);
  // From here the program's allocations are in global memory.
  ito_program_heap_start();
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
  main_args a{task, argc};
  int rc = 0;
  ito_root_exec(ito_main_task, &a, sizeof a, &rc, sizeof rc);
  ito_program_heap_stop();
  ito_fini();
  return rc;
}

extern "C" {
int __real_main(int argc, char **argv, char **envp);
extern const char __ito_cilk_program __attribute__((weak));

static int real_main(int argc, char **argv) {
  extern char **environ;
  return __real_main(argc, argv, environ);
}

int __wrap_main(int argc, char **argv, char **envp) {
  if (&__ito_cilk_program == nullptr)
    return __real_main(argc, argv, envp);
  return ito_abi_main(argc, argv, real_main);
}
}
