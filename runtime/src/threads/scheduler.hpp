// The scheduler's entry points inside libito (the fast paths live in the
// public header ito/detail/tasks.hpp).
#pragma once

#include "comm/global_ref.hpp"

#include <vector>

namespace ito::threads {

class worker;

// With several nodes: the next poll comes within a few forks (after a join
// with a stolen child, when more steals are likely).
void poll_sooner(worker &w);

// While it lives, the polls that ito-cc puts in the program's loops
// (ito_sched_loop_poll) serve nothing: libito is running the program's code
// in the middle of its own work (a reducer's identity or reduce at a join).
class leaf_polls_held {
public:
  leaf_polls_held();
  ~leaf_polls_held();
  leaf_polls_held(const leaf_polls_held &) = delete;
  leaf_polls_held &operator=(const leaf_polls_held &) = delete;
};

// A fresh join entry in this worker's remote heap.
comm::global_ref new_join_entry(worker &w);

// Runs on the scheduler stack: steals until there is work or the region
// ends. Never returns.
[[noreturn]] void scheduler_loop();

// Tries once to steal from a random victim; resumes the stolen continuation
// on success (never returns then).
void try_steal();

// Serves a steal request from thief, of another node, on this worker's own
// deque; the reply carries the stolen continuation (or nothing). False if
// the reply waits for a write-back at this process's next poll (the memory
// system took it and sends it then).
bool serve_steal(worker &w, int thief, std::vector<char> &reply);

// A thread taken out of the uni-address region to wait (at a join or a
// future): the evacuated copy, and what its worker needs to go on.
struct parked_thread {
  void *ctx = nullptr;
  comm::global_ref thread = 0; // the evacuated copy
  int64_t parent_slot = 0; // the deque slot of its parent's continuation
  comm::global_ref own_join = 0; // where the thread delivers its own value
  bool attached = false;   // own_join was allocated for this parking
};

// Evacuates the current thread, whose context is saved at ctx.
parked_thread park_current(worker &w, void *ctx);
// The wait is over before it began: resume the thread where it is, with
// `value` as the result of its suspension.
[[noreturn]] void unpark_in_place(worker &w, const parked_thread &p,
                                  void *value);
// The thread is parked for good: run its parent's continuation, or steal.
[[noreturn]] void run_on_after_park(worker &w, const parked_thread &p);
// Leaves the current chain for the scheduler loop.
[[noreturn]] void enter_scheduler();

// Resumes an evacuated thread here (on the scheduler stack).
[[noreturn]] void resume_evacuated(comm::global_ref thread);

} // namespace ito::threads
