#include "platform/backtrace.hpp"

#include "platform/environment.hpp"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <link.h>
#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>
#include <unwind.h>

extern char **environ;

namespace ito::platform {

namespace {

char symbolizer_path[PATH_MAX];
char program_path[PATH_MAX];
bool symbolizer_wanted = true;

// ---- capture -----------------------------------------------------------

struct raw_frames {
  static constexpr int max = 512;
  uintptr_t pc[max];
  bool call[max];
  int n = 0;
};

_Unwind_Reason_Code collect(_Unwind_Context *ctx, void *arg) {
  auto *r = static_cast<raw_frames *>(arg);
  int before_insn = 0;
  const uintptr_t ip = _Unwind_GetIPInfo(ctx, &before_insn);
  if (ip == 0 || r->n == raw_frames::max)
    return _URC_END_OF_STACK;
  r->pc[r->n] = ip;
  r->call[r->n] = !before_insn;
  r->n++;
  return _URC_NO_REASON;
}

// ---- symbolize ---------------------------------------------------------

struct module {
  const char *path = nullptr;
  uintptr_t bias = 0; // load address of the object (0 for a fixed one)
};

struct find_module {
  uintptr_t pc;
  module found;
};

int match_module(dl_phdr_info *info, size_t, void *arg) {
  auto *f = static_cast<find_module *>(arg);
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_LOAD)
      continue;
    const uintptr_t lo = info->dlpi_addr + ph.p_vaddr;
    if (f->pc >= lo && f->pc < lo + ph.p_memsz) {
      f->found.path =
          info->dlpi_name && *info->dlpi_name ? info->dlpi_name : program_path;
      f->found.bias = info->dlpi_addr;
      return 1;
    }
  }
  return 0;
}

module module_of(uintptr_t pc) {
  find_module f{pc, {}};
  dl_iterate_phdr(match_module, &f);
  return f.found;
}

// A small append-only text buffer that never overflows.
struct text {
  char *p;
  std::size_t size, len = 0;
  void add(const char *fmt, ...) __attribute__((format(printf, 2, 3))) {
    if (len + 1 >= size)
      return;
    va_list ap;
    va_start(ap, fmt);
    int n = std::vsnprintf(p + len, size - len, fmt, ap);
    va_end(ap);
    if (n > 0)
      len = std::min(size - 1, len + static_cast<std::size_t>(n));
  }
};

int64_t now_ms() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

// Runs the symbolizer on input and collects its output (until it exits, or
// a few seconds pass). Returns the length read, or -1.
long run_symbolizer(const char *input, std::size_t input_len, char *out,
                    std::size_t out_size) {
  int to_child[2], from_child[2];
  if (pipe2(to_child, O_CLOEXEC) != 0)
    return -1;
  if (pipe2(from_child, O_CLOEXEC) != 0) {
    close(to_child[0]);
    close(to_child[1]);
    return -1;
  }
  char *const argv[] = {symbolizer_path, const_cast<char *>("--inlines"),
                        const_cast<char *>("--demangle"),
                        const_cast<char *>("--output-style=LLVM"), nullptr};
  const pid_t pid = vfork();
  if (pid == 0) {
    dup2(to_child[0], 0);
    dup2(from_child[1], 1);
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0)
      dup2(null, 2);
    execve(symbolizer_path, argv, environ);
    syscall(SYS_exit, 127);
  }
  close(to_child[0]);
  close(from_child[1]);
  long got = -1;
  if (pid > 0) {
    // The input is small (a line a frame): one write fits the pipe.
    ssize_t w = write(to_child[1], input, input_len);
    (void)w;
    close(to_child[1]);
    to_child[1] = -1;
    got = 0;
    const int64_t deadline = now_ms() + 10000;
    while (static_cast<std::size_t>(got) + 1 < out_size) {
      pollfd pfd{from_child[0], POLLIN, 0};
      const int64_t left = deadline - now_ms();
      if (left <= 0 || poll(&pfd, 1, static_cast<int>(left)) <= 0)
        break;
      ssize_t n = read(from_child[0], out + got,
                       out_size - 1 - static_cast<std::size_t>(got));
      if (n <= 0)
        break;
      got += n;
    }
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
  }
  if (to_child[1] >= 0)
    close(to_child[1]);
  close(from_child[0]);
  return got;
}

// Cuts the next line (without its newline) out of s; null at the end.
char *next_line(char *&s) {
  if (!s || !*s)
    return nullptr;
  char *line = s;
  char *nl = std::strchr(s, '\n');
  if (nl) {
    *nl = '\0';
    s = nl + 1;
  } else {
    s = nullptr;
  }
  return line;
}

// One line of a backtrace: a frame, or a call inlined into one.
struct frame_line {
  const char *fn;  // "??" when unknown
  const char *loc; // "file:line:col", "??:0:0" when unknown
  const char *module;
  uintptr_t offset; // in module
  uintptr_t pc;

  bool known_fn() const { return std::strcmp(fn, "??") != 0; }
  // "??:0:0", or a file name without a line (no debug information).
  bool known_loc() const {
    const std::size_t n = std::strlen(loc);
    return std::strncmp(loc, "??", 2) != 0 &&
           !(n >= 4 && std::strcmp(loc + n - 4, ":0:0") == 0);
  }
  // The C and C++ libraries: their code, or their headers inlined.
  bool system() const {
    if (known_loc())
      return std::strncmp(loc, "/usr/", 5) == 0 ||
             std::strncmp(loc, "./", 2) == 0; // glibc's own sources
    return module && (std::strncmp(module, "/lib", 4) == 0 ||
                      std::strncmp(module, "/usr/lib", 8) == 0);
  }
  // libito: fork, join and the root task, or its headers inlined.
  bool runtime() const {
    if (known_loc() && (std::strstr(loc, "/include/ito/") ||
                        std::strstr(loc, "/include/cilk/")))
      return true;
    return std::strncmp(fn, "ito_", 4) == 0 ||
           std::strncmp(fn, "__ito_", 6) == 0 || // the translator's helpers
           std::strncmp(fn, "ito::", 5) == 0 ||
           std::strstr(fn, " ito::") != nullptr ||
           std::strncmp(fn, "__wrap_main", 11) == 0 ||
           std::strncmp(fn, "__libc_start", 12) == 0 ||
           std::strcmp(fn, "_start") == 0;
  }
  // Same function at the same line.
  bool same_place(const frame_line &o) const {
    return std::strcmp(fn, o.fn) == 0 && same_line(o);
  }
  bool same_line(const frame_line &o) const {
    const char *a = std::strrchr(loc, ':'), *b = std::strrchr(o.loc, ':');
    return a && b && a - loc == b - o.loc &&
           std::strncmp(loc, o.loc, static_cast<std::size_t>(a - loc)) == 0;
  }
  // A lambda (clang names them $_N) called from caller at the same line.
  bool spawn_lambda_of(const frame_line &caller) const {
    return std::strstr(fn, "::$_") && std::strstr(fn, "operator()") &&
           known_loc() && same_line(caller);
  }
  void print(text &t) const {
    if (known_fn() && known_loc())
      t.add("%s at %s\n", fn, loc);
    else if (known_fn())
      t.add("%s (%s+0x%lx)\n", fn, module ? module : "?",
            static_cast<unsigned long>(offset));
    else
      t.add("0x%lx (%s+0x%lx)\n", static_cast<unsigned long>(pc),
            module ? module : "?", static_cast<unsigned long>(offset));
  }
};

bool executable(const char *path) { return path && access(path, X_OK) == 0; }

bool find_on_path(const char *name, char *out) {
  const char *path = std::getenv("PATH");
  if (!path)
    return false;
  while (*path) {
    const char *end = std::strchr(path, ':');
    std::size_t len =
        end ? static_cast<std::size_t>(end - path) : std::strlen(path);
    if (len > 0 && len + std::strlen(name) + 2 < PATH_MAX) {
      char candidate[PATH_MAX];
      std::snprintf(candidate, sizeof candidate, "%.*s/%s",
                    static_cast<int>(len), path, name);
      if (executable(candidate)) {
        std::strcpy(out, candidate);
        return true;
      }
    }
    if (!end)
      break;
    path = end + 1;
  }
  return false;
}

} // namespace

void init_symbolizer() {
  ssize_t n = readlink("/proc/self/exe", program_path, sizeof program_path - 1);
  program_path[n > 0 ? n : 0] = '\0';

  const char *chosen = env_value("ITO_SYMBOLIZER");
  if (chosen && (!*chosen || std::strcmp(chosen, "0") == 0)) {
    symbolizer_wanted = false;
    return;
  }
  if (chosen && std::strchr(chosen, '/')) {
    if (executable(chosen))
      std::snprintf(symbolizer_path, sizeof symbolizer_path, "%s", chosen);
    return;
  }
  if (chosen && find_on_path(chosen, symbolizer_path))
    return;
#ifdef ITO_DEFAULT_SYMBOLIZER
  if (executable(ITO_DEFAULT_SYMBOLIZER)) {
    std::snprintf(symbolizer_path, sizeof symbolizer_path, "%s",
                  ITO_DEFAULT_SYMBOLIZER);
    return;
  }
#endif
  for (const char *name : {"llvm-symbolizer-19", "llvm-symbolizer"})
    if (find_on_path(name, symbolizer_path))
      return;
}

void capture_backtrace(const void *context, backtrace &bt) {
  static raw_frames raw; // one report per process: no need for a stack copy
  raw.n = 0;
  _Unwind_Backtrace(collect, &raw);
  int first = 0;
  uintptr_t fault_pc = 0;
  if (context) {
    // Skip the handler's frames: the interrupted code begins at the pc the
    // signal saved.
    const auto *uc = static_cast<const ucontext_t *>(context);
    fault_pc = static_cast<uintptr_t>(uc->uc_mcontext.gregs[REG_RIP]);
    first = -1;
    for (int i = 0; i < raw.n; i++)
      if (raw.pc[i] == fault_pc) {
        first = i;
        break;
      }
  } else {
    first = 1; // capture_backtrace itself
  }
  bt.n = 0;
  bt.truncated = false;
  if (first < 0) {
    // The unwinder could not cross the signal frame (a jump to a bad
    // address): the faulting pc, and the return address on the stack.
    const auto *uc = static_cast<const ucontext_t *>(context);
    bt.pc[bt.n] = fault_pc;
    bt.call[bt.n++] = false;
    const auto *sp =
        reinterpret_cast<const uintptr_t *>(uc->uc_mcontext.gregs[REG_RSP]);
    if (fault_pc < 4096 && sp) {
      bt.pc[bt.n] = *sp;
      bt.call[bt.n++] = true;
    }
    return;
  }
  for (int i = first; i < raw.n; i++) {
    if (bt.n == backtrace::max_frames) {
      bt.truncated = true;
      break;
    }
    bt.pc[bt.n] = raw.pc[i];
    bt.call[bt.n++] = raw.call[i];
  }
  if (raw.n == raw_frames::max)
    bt.truncated = true;
}

void format_backtrace(const backtrace &bt, char *out, std::size_t size,
                      bool keep_top) {
  text t{out, size, std::strlen(out)};
  module mods[backtrace::max_frames];
  static char input[backtrace::max_frames * (PATH_MAX + 32)];
  text in{input, sizeof input};
  for (int i = 0; i < bt.n; i++) {
    mods[i] = module_of(bt.pc[i]);
    in.add("\"%s\" 0x%lx\n", mods[i].path ? mods[i].path : program_path,
           mods[i].path ? static_cast<unsigned long>(
                              bt.pc[i] - (bt.call[i] ? 1 : 0) - mods[i].bias)
                        : 0ul);
  }
  static char answers[1 << 16];
  const long got = symbolizer_path[0]
                       ? run_symbolizer(input, in.len, answers, sizeof answers)
                       : -1;
  if (got > 0)
    answers[got] = '\0';
  char *rest = got > 0 ? answers : nullptr;

  // The symbolizer answers each address with pairs of lines "function" and
  // "file:line:col" (several when calls were inlined, innermost first),
  // then a blank line.
  static frame_line lines[4 * backtrace::max_frames];
  int n = 0;
  for (int i = 0; i < bt.n; i++) {
    const int before = n;
    for (char *fn; rest && (fn = next_line(rest)) && *fn;) {
      const char *loc = next_line(rest);
      if (n < 4 * backtrace::max_frames)
        lines[n++] = {fn, loc ? loc : "??", mods[i].path,
                      bt.pc[i] - mods[i].bias, bt.pc[i]};
    }
    if (n == before && n < 4 * backtrace::max_frames)
      lines[n++] = {"??", "??", mods[i].path, bt.pc[i] - mods[i].bias,
                    bt.pc[i]};
  }

  // What the program's author wants to see: its own frames, not how the
  // runtime, the C++ library or abort() got there (but the frame that
  // failed stays, wherever it is, when keep_top).
  int first = 0;
  if (!keep_top)
    while (first + 1 < n && (lines[first].system() || lines[first].runtime()))
      first++;
  constexpr int max_shown = 24;
  int shown = 0, skipped = 0, repeats = 0;
  const frame_line *last = nullptr;
  auto end_repeats = [&] {
    if (repeats)
      t.add("    ... and the same frame %d more time%s\n", repeats,
            repeats == 1 ? "" : "s");
    repeats = 0;
  };
  for (int k = first; k < n; k++) {
    const frame_line &l = lines[k];
    if (k > first && (l.runtime() || l.system()))
      continue;
    // A spawned call runs in a lambda at the spawn: one frame for both.
    int caller = k + 1;
    while (caller < n && (lines[caller].runtime() || lines[caller].system()))
      caller++;
    if (caller < n && l.spawn_lambda_of(lines[caller]))
      continue;
    if (last && l.same_place(*last)) {
      repeats++;
      continue;
    }
    end_repeats();
    if (shown == max_shown) {
      skipped++;
      continue;
    }
    t.add("    #%d ", shown++);
    l.print(t);
    last = &l;
  }
  end_repeats();
  if (skipped || bt.truncated)
    t.add("    ... (more frames)\n");
  if (got <= 0 && symbolizer_wanted)
    t.add("    (function names and lines need llvm-symbolizer: install "
          "llvm-19, or set ITO_SYMBOLIZER to its path)\n");
}

} // namespace ito::platform
