// Coherence of the software cache: SC for data-race-free programs (paper
// 000 Sec. 4.4). A release writes this process's dirty bytes home; an
// acquire drops every valid byte that is not our own dirty one, so the next
// checkouts fetch the latest data.
//
// The fences sit at fork and join (paper Fig. 5) and cost nothing unless a
// steal happened: a child whose parent was stolen releases before it
// arrives at the join; a parent that joins a stolen child releases before
// it parks and acquires after; a thief acquires before it resumes a stolen
// continuation. The release a fork owes its continuation is lazy (Fig. 6):
// a thief of this node asks the victim for its next write-back (epochs; a
// remote max on the victim's request epoch) and waits for it; the victim
// looks at its requests when it polls (every few forks, at joins, when
// idle).
//
// For a thief on another node the victim itself serves the steal and
// replies once the write-back is done, which covers less than everything:
// only what was written before the stolen continuation's fork (the rest is
// its child's, which a data-race-free continuation does not read before
// their join, whose release sends it). The memory system numbers the blocks it
// starts to write (each fetched block's first write since its last write-back
// makes a twin, fault_access.cpp) and tells the thread layer each number as it
// is made; the thread layer marks the continuations then in the deque with it
// (threads/fork_marks.hpp).
//
// These entry points are what the thread scheduler calls; they do nothing
// before the memory system exists.
#pragma once

#include <cstdint>
#include <vector>

namespace ito::memory {

// A victim's promise: its write-back number `epoch` covers what the stolen
// continuation may read. epoch 0: nothing to wait for.
struct release_handler {
  int32_t rank;
  uint64_t epoch;
};

// Twin numbers start at 1; a continuation that no write has followed needs
// every one.
constexpr uint64_t all_writes = ~uint64_t(0);

// Called with its number when a block this process fetched is first written
// since its last write-back.
using first_write_hook = void (*)(uint64_t number);
void set_first_write_hook(first_write_hook hook);

// Serves requests from other nodes at a point where this process may write
// back at once (a fork's poll, the idle loop: no checkout or transfer in
// progress), so that a thief from another node need not wait for the
// release a stolen continuation is owed.
void poll_at_release_point();

void fence_release();
// The same where the running task leaves this process's chain (a child whose
// parent was stolen finishes, a task parks at a join or a future): no
// checkout may be open then, since it belongs to a task that continues
// elsewhere; an open one stops the program with a message naming it.
void fence_release_leaving();
void fence_acquire();
// root_exec begins and ends (SPMD -> tasks -> SPMD).
void fence_enter_region();
void fence_leave_region();
// Serves the write-backs owed to thieves; with the eager write-back
// policy, also writes back, except at a poll inside a leaf's loops.
void fence_poll(bool in_leaf = false);
// The victim, serving a steal for a thief on another node, of a
// continuation forked before the first write numbered
// first_write_after_fork (all_writes: none since): true if the reply may go
// now; false if it waits for this process's next poll, which writes back
// and sends it (the memory system keeps it).
bool fence_release_for_remote_thief(int thief, uint64_t first_write_after_fork,
                                    std::vector<char> &reply);
// The thief, after taking a continuation from victim: one on this node may
// owe a write-back; one on another node sent its reply after it.
void fence_after_steal(int victim, bool on_other_node);

} // namespace ito::memory
