// The C++ runtime's per-thread exception state (the exceptions being
// handled, and how many are being thrown) belongs to the strand that runs,
// not to the process: a strand that waits at a join while it unwinds, or
// inside a catch, may resume in another process, and takes its state along.
// Every other strand starts with none.
#pragma once

#include <cstdint>

namespace ito::threads {

struct exception_state {
  void *caught = nullptr; // the newest exception being handled
  uint64_t uncaught = 0;  // exceptions thrown and not yet caught
};

exception_state current_exception_state();
void set_exception_state(const exception_state &s);

} // namespace ito::threads
