// The scheduler's entry points inside libito (the fast paths live in the
// public header ito/detail/tasks.hpp).
#pragma once

#include "threads/global_ref.hpp"

namespace ito::threads {

class worker;

// A fresh join entry in this worker's remote heap.
global_ref new_join_entry(worker &w);

// Runs on the scheduler stack: steals until there is work or the region
// ends. Never returns.
[[noreturn]] void scheduler_loop();

// Tries once to steal from a random victim; resumes the stolen continuation
// on success (never returns then).
void try_steal();

// Resumes an evacuated thread here (on the scheduler stack).
[[noreturn]] void resume_evacuated(global_ref thread);

} // namespace ito::threads
