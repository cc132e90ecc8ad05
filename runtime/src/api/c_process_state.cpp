// What the kernel and the C library keep for each process and a program
// expects to be one: its environment, its working directory, its file
// creation mask, what it does on its signals (SIGPIPE ignored, a handler
// of SIGUSR1; not the signals libito and MPI use), its locale and its exit
// handlers. main (which goes back to process 0 after each parallel
// call) or a task that sets an environment variable or changes the directory
// does so in every process before the call returns
// (memory/program_streams.hpp), so tasks anywhere see it; a handler that a
// task in another process registers with atexit is registered at process
// 0, which runs the handlers at exit. Outside a task, the C library's.
#include "memory/memory.hpp"
#include "memory/program_streams.hpp"
#include "platform/libc_next.hpp"
#include "threads/worker.hpp"

#include <csignal>
#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string>

namespace ps = ito::memory::program_streams;

extern "C" int __cxa_atexit(void (*)(void *), void *, void *);

using ito::platform::next_definition;

namespace {

void set_everywhere(const char *name, const char *value, int overwrite) {
  std::string both(name);
  both.push_back('\0');
  both += value;
  both.push_back('\0');
  ps::everywhere(ps::op::setenv, overwrite, both.data(), both.size());
}

// A signal whose disposition the program sets for itself: not one that
// libito (crash reports, stopping a job) or MPI (real-time signals) uses.
bool program_signal(int sig) {
  switch (sig) {
  case SIGSEGV:
  case SIGBUS:
  case SIGFPE:
  case SIGILL:
  case SIGABRT:
  case SIGTRAP:
  case SIGSYS:
  case SIGTERM:
  case SIGINT:
  case SIGKILL:
  case SIGSTOP:
    return false;
  default:
    return sig > 0 && sig < SIGRTMIN;
  }
}

} // namespace

extern "C" {

int setenv(const char *name, const char *value, int overwrite) {
  static const auto libc =
      next_definition<int (*)(const char *, const char *, int)>("setenv");
  const int r = libc(name, value, overwrite);
  if (r == 0)
    set_everywhere(name, value, overwrite);
  return r;
}

int unsetenv(const char *name) {
  static const auto libc = next_definition<int (*)(const char *)>("unsetenv");
  const int r = libc(name);
  if (r == 0)
    ps::everywhere(ps::op::unsetenv, 0, name, std::strlen(name) + 1);
  return r;
}

int putenv(char *string) {
  static const auto libc = next_definition<int (*)(char *)>("putenv");
  const int r = libc(string);
  if (r == 0) {
    // The C library keeps the caller's string; elsewhere, a copy.
    if (const char *eq = std::strchr(string, '=')) {
      const std::string name(string, static_cast<std::size_t>(eq - string));
      set_everywhere(name.c_str(), eq + 1, 1);
    } else {
      ps::everywhere(ps::op::unsetenv, 0, string, std::strlen(string) + 1);
    }
  }
  return r;
}

mode_t umask(mode_t mask) {
  static const auto libc = next_definition<mode_t (*)(mode_t)>("umask");
  const mode_t old = libc(mask);
  ps::everywhere(ps::op::umask, mask, nullptr, 0);
  return old;
}

int sigaction(int sig, const struct sigaction *act, struct sigaction *old) {
  static const auto libc = next_definition<int (*)(
      int, const struct sigaction *, struct sigaction *)>("sigaction");
  const int r = libc(sig, act, old);
  if (r == 0 && act && program_signal(sig))
    ps::everywhere(ps::op::sigaction, sig, act, sizeof *act);
  return r;
}

// (glibc's signal() calls its own sigaction, past libito's.)
sighandler_t signal(int sig, sighandler_t handler) {
  struct sigaction act {
  }, old{};
  act.sa_handler = handler;
  act.sa_flags = SA_RESTART;
  sigemptyset(&act.sa_mask);
  sigaddset(&act.sa_mask, sig);
  if (sigaction(sig, &act, &old) != 0)
    return SIG_ERR;
  return old.sa_handler;
}

int chdir(const char *path) {
  static const auto libc = next_definition<int (*)(const char *)>("chdir");
  const int r = libc(path);
  if (r == 0)
    ps::everywhere(ps::op::chdir, 0, path, std::strlen(path) + 1);
  return r;
}

// A query (null locale) is this process's; a change is made everywhere.
char *setlocale(int category, const char *locale) {
  static const auto libc =
      next_definition<char *(*)(int, const char *)>("setlocale");
  char *r = libc(category, locale);
  if (r && locale) {
    // The name the C library chose (for "", from the environment, which
    // is everyone's), so that every process takes the same locale.
    const std::string name(r);
    ps::everywhere(ps::op::setlocale, category, name.c_str(), name.size() + 1);
  }
  return r;
}

// (The C library's atexit is __cxa_atexit with the program's handle.)
int atexit(void (*handler)(void)) {
  if (ito::memory::program_memory::on_heap_thread)
    if (ito::memory::memory_system *m = ito::memory::the_memory_or_null();
        m && m->rank() != 0)
      return static_cast<int>(ps::at_owner(0, ps::op::atexit, nullptr,
                                           reinterpret_cast<int64_t>(handler)));
  return __cxa_atexit(reinterpret_cast<void (*)(void *)>(handler), nullptr,
                      nullptr);
}

void ito_abi_destroy_at_exit(void (*destroy)(void *), void *object) {
  if (ito::memory::program_memory::on_heap_thread)
    if (ito::memory::memory_system *m = ito::memory::the_memory_or_null();
        m && m->rank() != 0) {
      ps::at_owner(0, ps::op::atexit, nullptr,
                   reinterpret_cast<int64_t>(destroy),
                   reinterpret_cast<int64_t>(object));
      return;
    }
  __cxa_atexit(destroy, object, nullptr);
}

} // extern "C"
