#include "platform/crash_report.hpp"

#include "platform/backtrace.hpp"
#include "platform/job.hpp"
#include "platform/process_exit.hpp"

#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <initializer_list>
#include <ucontext.h>
#include <unistd.h>

namespace ito::platform {

namespace {

constexpr int max_explainers = 4;
fault_explainer explainers[max_explainers];
int n_explainers = 0;

// The report is built here rather than on the (alternate) signal stack.
char report[1 << 16];

const char *signal_name(int sig) {
  switch (sig) {
  case SIGSEGV:
    return "segmentation fault (SIGSEGV)";
  case SIGBUS:
    return "bus error (SIGBUS)";
  case SIGFPE:
    return "arithmetic exception (SIGFPE)";
  case SIGILL:
    return "illegal instruction (SIGILL)";
  case SIGABRT:
    return "abort (SIGABRT)";
  case SIGTRAP:
    return "trap (SIGTRAP)";
  case SIGSYS:
    return "bad system call (SIGSYS)";
  }
  return "fatal signal";
}

// What a faulting address is, when no layer above claims it.
void describe_address(const siginfo_t *info, const ucontext_t *uc, bool write,
                      char *buf, std::size_t size) {
  const auto addr = reinterpret_cast<uintptr_t>(info->si_addr);
  const auto pc = static_cast<uintptr_t>(uc->uc_mcontext.gregs[REG_RIP]);
  const auto sp = static_cast<uintptr_t>(uc->uc_mcontext.gregs[REG_RSP]);
  const char *access = addr == pc ? "a call or jump to"
                       : write    ? "a write to"
                                  : "a read of";
  if (addr < 65536) {
    if (addr == 0)
      std::snprintf(buf, size, "%s address 0x0, a null pointer", access);
    else
      std::snprintf(buf, size, "%s address %#lx, a null pointer plus %lu",
                    access, static_cast<unsigned long>(addr),
                    static_cast<unsigned long>(addr));
  } else if (addr + 65536 > sp && addr < sp + 4096) {
    std::snprintf(buf, size,
                  "%s address %#lx, just below the stack pointer: the stack "
                  "overflowed (deep or endless recursion, or a large local "
                  "array)",
                  access, static_cast<unsigned long>(addr));
  } else if (info->si_code == SEGV_MAPERR) {
    std::snprintf(buf, size,
                  "%s address %#lx, where nothing is mapped (a wild, "
                  "dangling or uninitialized pointer)",
                  access, static_cast<unsigned long>(addr));
  } else {
    std::snprintf(buf, size,
                  "%s address %#lx, which this process may not %s (%s)", access,
                  static_cast<unsigned long>(addr), write ? "write" : "access",
                  write ? "read-only memory, e.g. a string literal or const "
                          "data"
                        : "protected memory");
  }
}

void describe(int sig, const siginfo_t *info, const ucontext_t *uc, char *buf,
              std::size_t size) {
  // The page-fault error code: bit 1 is set for a write.
  const bool write = sig == SIGSEGV && (uc->uc_mcontext.gregs[REG_ERR] & 2);
  if (sig == SIGSEGV || sig == SIGBUS) {
    const fault f{info->si_addr, sig, write, sig == SIGBUS};
    for (int i = 0; i < n_explainers; i++)
      if (explainers[i](f, buf, size))
        return;
    char what[512];
    describe_address(info, uc, write, what, sizeof what);
    std::snprintf(buf, size, "%s: %s", signal_name(sig), what);
    return;
  }
  const auto pc = static_cast<unsigned long>(uc->uc_mcontext.gregs[REG_RIP]);
  switch (sig) {
  case SIGFPE:
    std::snprintf(buf, size, "%s: %s", signal_name(sig),
                  info->si_code == FPE_INTDIV   ? "integer division by zero"
                  : info->si_code == FPE_INTOVF ? "integer overflow (e.g. "
                                                  "INT_MIN / -1)"
                                                : "a floating-point error");
    return;
  case SIGILL:
    std::snprintf(buf, size,
                  "%s: the program reached a trap instruction "
                  "(__builtin_trap or __builtin_unreachable) or code built "
                  "for another CPU",
                  signal_name(sig));
    return;
  case SIGABRT:
    std::snprintf(buf, size,
                  "the program called abort() (%s): a failed assert(), an "
                  "uncaught C++ exception or std::terminate; any message of "
                  "the program's own is above",
                  "SIGABRT");
    return;
  }
  std::snprintf(buf, size, "%s at %#lx", signal_name(sig), pc);
}

void write_all(const char *s) {
  const std::size_t len = std::strlen(s);
  for (std::size_t done = 0; done < len;) {
    ssize_t n = write(STDERR_FILENO, s + done, len - done);
    if (n <= 0)
      break;
    done += static_cast<std::size_t>(n);
  }
}

// Writes the report as the job's error, unless another process of this
// machine already reported one; then ends the job with status.
[[noreturn]] void publish_and_end(int status) {
  if (!claim_job_report())
    await_job_end(status);
  write_all(report);
  end_job(status, /*flush=*/false, /*from_signal=*/true);
}

volatile sig_atomic_t crashing = 0;
fault_resolver resolver = nullptr;

// Linux starts a signal handler with the default floating-point control
// state (round to nearest); the resolver may serve a steal meanwhile, whose
// continuation takes the state it reads: the interrupted code's, then (the
// return from the handler restores it anyway).
void take_interrupted_fp_control(const ucontext_t *uc) {
  const auto *fp = uc->uc_mcontext.fpregs;
  if (!fp)
    return;
  __builtin_ia32_ldmxcsr(fp->mxcsr);
  const uint16_t x87 = fp->cwd;
  __asm__ volatile("fldcw %0" : : "m"(x87));
}

void on_crash(int sig, siginfo_t *info, void *context) {
  if (sig == SIGSEGV && resolver && !crashing)
    take_interrupted_fp_control(static_cast<const ucontext_t *>(context));
  if (sig == SIGSEGV && resolver && !crashing &&
      resolver(
          info->si_addr,
          static_cast<const ucontext_t *>(context)->uc_mcontext.gregs[REG_ERR] &
              2))
    return;
  if (crashing) // a fault while reporting one: leave at once
    exit_process(128 + sig);
  crashing = 1;
  const auto *uc = static_cast<const ucontext_t *>(context);
  int n = std::snprintf(report, sizeof report,
                        "ito: error (rank %d): ", job_rank());
  describe(sig, info, uc, report + n, sizeof report - n - 64);
  std::strncat(report, "\n  backtrace (most recent call first):\n",
               sizeof report - std::strlen(report) - 1);
  static backtrace bt;
  capture_backtrace(context, bt);
  format_backtrace(bt, report, sizeof report, sig != SIGABRT);
  publish_and_end(128 + sig);
}

} // namespace

void set_fault_resolver(fault_resolver resolve) { resolver = resolve; }

void add_fault_explainer(fault_explainer explain) {
  for (int i = 0; i < n_explainers; i++)
    if (explainers[i] == explain)
      return;
  if (n_explainers < max_explainers)
    explainers[n_explainers++] = explain;
}

void install_crash_handlers() {
  init_symbolizer();
  // Room for the report's work: formatting and starting the symbolizer.
  static char altstack[256 * 1024];
  stack_t ss{};
  ss.ss_sp = altstack;
  ss.ss_size = sizeof altstack;
  sigaltstack(&ss, nullptr);
  struct sigaction sa {};
  sa.sa_sigaction = on_crash;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigfillset(&sa.sa_mask);
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS})
    sigaction(sig, &sa, nullptr);
}

void report_and_end_job(int status, const char *message) {
  crashing = 1;
  std::snprintf(report, sizeof report,
                "ito: error (rank %d): %s\n  backtrace (most recent call "
                "first):\n",
                job_rank(), message);
  static backtrace bt;
  capture_backtrace(nullptr, bt);
  format_backtrace(bt, report, sizeof report, false);
  std::fflush(nullptr);
  if (!claim_job_report())
    await_job_end(status);
  write_all(report);
  end_job(status, /*flush=*/true, /*from_signal=*/false);
}

void end_job_after_report(int status) {
  crashing = 1;
  std::fflush(nullptr);
  if (!claim_job_report())
    await_job_end(status);
  end_job(status, /*flush=*/true, /*from_signal=*/false);
}

} // namespace ito::platform
