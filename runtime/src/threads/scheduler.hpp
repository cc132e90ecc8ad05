// The scheduler's entry points inside libito (the fast paths live in the
// public header ito/detail/tasks.hpp).
#pragma once

#include "threads/global_ref.hpp"

#include <vector>

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

// Serves a steal request from another node on this worker's own deque;
// the reply carries the stolen continuation (or nothing).
void serve_steal(worker &w, std::vector<char> &reply);

// Resumes an evacuated thread here (on the scheduler stack).
[[noreturn]] void resume_evacuated(global_ref thread);

} // namespace ito::threads
