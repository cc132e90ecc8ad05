// Crashes become one report per job: the signal, the rank, the faulting
// address and what lies there, and a symbolized backtrace of the code that
// failed; then the job ends with status 128 + signal, as a shell reports a
// process killed by that signal (docs/exit-and-crashes.md).
#pragma once

#include <cstddef>

namespace ito::platform {

// Describes a faulting address that a layer above knows (the task stack
// region, global memory): writes a whole sentence into buf and returns
// true, or returns false for an address it does not own.
struct fault {
  const void *addr;
  int signal;
  bool write;     // the access was a write (when the CPU says so)
  bool bus_error; // SIGBUS: the memory behind the address could not be backed
};
using fault_explainer = bool (*)(const fault &f, char *buf, std::size_t size);
void add_fault_explainer(fault_explainer explain);

// Serves a fault that a layer above can make good (an access to global
// memory fetched on demand): true if the access may be tried again. Runs
// in the signal handler, on the thread that faulted.
using fault_resolver = bool (*)(void *addr, bool write);
void set_fault_resolver(fault_resolver resolve);

// Catches SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP and SIGSYS; after
// MPI_Init, so that the report replaces the MPI library's own.
void install_crash_handlers();

// Reports message as the job's error, with a backtrace of the caller, and
// ends the job with status (an error the runtime found at run time whose
// place in the program matters, such as an exception escaping a task).
[[noreturn]] void report_and_end_job(int status, const char *message);

// Ends the job with status after an error that a sanitizer has already
// reported in this process, as one crash would: the other processes stop
// and the job's status is status.
[[noreturn]] void end_job_after_report(int status);

} // namespace ito::platform
