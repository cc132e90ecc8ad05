// Backtraces for error reports: the return addresses of the failing code's
// frames, named (function, file:line) by llvm-symbolizer. The symbolizer
// runs as a process of its own, so it works whatever state this one is in
// (a crash in malloc, a corrupt heap), and reads the DWARF we would
// otherwise have to.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ito::platform {

struct backtrace {
  static constexpr int max_frames = 128;
  uintptr_t pc[max_frames]; // where each frame is
  bool call[max_frames];    // pc is a return address (look up pc - 1)
  int n = 0;
  bool truncated = false; // there were more frames
};

// The frames of the code a signal interrupted (context: the handler's
// ucontext_t), or, with a null context, of the caller of capture_backtrace.
// Async-signal-safe in practice: the unwinder reads only this process's
// unwind tables.
void capture_backtrace(const void *context, backtrace &bt);

// Appends the frames to out as lines "    #N function at file:line:col",
// without the runtime's own frames (fork, join, the root task). Runs the
// symbolizer found by init_symbolizer; without one, module+offset.
// keep_top: the top frame stays even if it is the runtime's or a
// library's (the code that faulted); otherwise such frames on top (how
// abort() raised its signal, how the runtime reports) are left out.
void format_backtrace(const backtrace &bt, char *out, std::size_t size,
                      bool keep_top);

// Finds the symbolizer (ITO_SYMBOLIZER, the one found when libito was
// built, or llvm-symbolizer on PATH) and the program's path; at start-up,
// since a signal handler must not search.
void init_symbolizer();

} // namespace ito::platform
