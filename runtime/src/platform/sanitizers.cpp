#include "platform/sanitizers.hpp"

#include "platform/crash_report.hpp"

#include <cstddef>
#include <cstdlib>
#include <unistd.h>

extern "C" {
// Defined by the sanitizers' runtimes, which a program built with one links
// in; null otherwise.
void __asan_init() __attribute__((weak));
void __tsan_init() __attribute__((weak));
void __msan_init() __attribute__((weak));
void __sanitizer_set_death_callback(void (*)()) __attribute__((weak));
int __sanitizer_symbolize_pc(void *, const char *, char *, std::size_t)
    __attribute__((weak));
void __lsan_disable() __attribute__((weak));
void __lsan_enable() __attribute__((weak));
void __sanitizer_start_switch_fiber(void **, const void *, std::size_t)
    __attribute__((weak));
void __sanitizer_finish_switch_fiber(void *, const void **, std::size_t *)
    __attribute__((weak));
void __asan_unpoison_memory_region(const volatile void *, std::size_t)
    __attribute__((weak));
}

namespace {

void say(const char *s) {
  std::size_t n = 0;
  while (s[n])
    n++;
  (void)!write(2, s, n);
}

bool has_variable(char **envp, const char *name_eq) {
  for (char **e = envp; *e; e++) {
    std::size_t i = 0;
    while (name_eq[i] && (*e)[i] == name_eq[i])
      i++;
    if (!name_eq[i])
      return true;
  }
  return false;
}

// UCX (under MPICH) patches mmap and the allocator's entry points when it
// is loaded; AddressSanitizer's replacements of them do not survive the
// patching, and MPI on one machine and ito need none of it. UCX reads its
// settings while it is loaded, before the C library has set up the
// environment that setenv changes: the process starts over with them.
void keep_ucx_from_patching(char **argv, char **envp) {
  static const char *const settings[][2] = {
      {"UCX_MEM_MMAP_HOOK_MODE=", "UCX_MEM_MMAP_HOOK_MODE=none"},
      {"UCX_MEM_MALLOC_HOOKS=", "UCX_MEM_MALLOC_HOOKS=no"}};
  if (has_variable(envp, settings[0][0]))
    return; // set by the user, or by the start below
  std::size_t n = 0;
  while (envp[n])
    n++;
  auto **env = static_cast<char **>(__builtin_alloca((n + 3) * sizeof(char *)));
  std::size_t k = 0;
  for (const auto &s : settings)
    if (!has_variable(envp, s[0]))
      env[k++] = const_cast<char *>(s[1]);
  for (std::size_t i = 0; i < n; i++)
    env[k++] = envp[i];
  env[k] = nullptr;
  execve("/proc/self/exe", argv, env);
  // Could not start over: UCX may still work, or crash at once.
}

// Runs before any library's initializer (the executable's preinit array),
// hence before MPI's libraries are loaded and set up.
void prepare_for_sanitizers(int, char **argv, char **envp) {
  if (__tsan_init || __msan_init) {
    say(__tsan_init ? "ito: error: this program was built with "
                      "ThreadSanitizer, "
                    : "ito: error: this program was built with "
                      "MemorySanitizer, ");
    say("whose shadow memory takes the address ranges where ito maps global "
        "memory and task stacks; rebuild it with -fsanitize=address or "
        "-fsanitize=undefined, or without a sanitizer\n");
    _exit(1);
  }
  if (__asan_init)
    keep_ucx_from_patching(argv, envp);
}

} // namespace

__attribute__((section(".preinit_array"), used)) static void (
        *const ito_prepare_for_sanitizers)(int, char **,
                                           char **) = prepare_for_sanitizers;

namespace ito::platform {

bool address_sanitizer() { return __asan_init != nullptr; }

void join_sanitizers_to_job() {
  if (__sanitizer_set_death_callback)
    __sanitizer_set_death_callback([] { end_job_after_report(1); });
  // MPI's libraries allocate while they shut down at exit (Open MPI's
  // finalize, from its exit handler) and keep it: not the program's leaks.
  // Handlers run in reverse order, so this one, registered after MPI's,
  // runs before it (and LeakSanitizer's check, registered first, last).
  if (__lsan_disable)
    std::atexit([] { __lsan_disable(); });
  if (!__asan_init || !__sanitizer_symbolize_pc)
    return;
  char where[256];
  __sanitizer_symbolize_pc(reinterpret_cast<void *>(&join_sanitizers_to_job),
                           "%F", where, sizeof where);
}

void leaving_stack(void **fake_stack_save, const void *bottom,
                   std::size_t size) {
  if (__sanitizer_start_switch_fiber)
    __sanitizer_start_switch_fiber(fake_stack_save, bottom, size);
}

void arrived_on_stack(void *fake_stack, const void **old_bottom,
                      std::size_t *old_size) {
  if (__sanitizer_finish_switch_fiber)
    __sanitizer_finish_switch_fiber(fake_stack, old_bottom, old_size);
}

void unpoison(const void *p, std::size_t n) {
  if (__asan_unpoison_memory_region)
    __asan_unpoison_memory_region(p, n);
}

unreported_allocations::unreported_allocations() {
  if (__lsan_disable)
    __lsan_disable();
}

unreported_allocations::~unreported_allocations() {
  if (__lsan_enable)
    __lsan_enable();
}

} // namespace ito::platform
