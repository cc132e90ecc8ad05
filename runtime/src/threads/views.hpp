// Reducer views: the views a strand has made of reducers (a hypermap), and
// their reduction at joins. The map and the views live in the program's
// heap, so the process that joins reaches those a child made elsewhere.
//
// The running strand's map is ito_sched_views: null for the leftmost strand
// (every reducer is its own view), empty_views for a stolen continuation
// that has made no view yet. A child that finishes while its parent's
// continuation runs elsewhere leaves its map in the join entry; the parent
// reduces it into its own at the join: left (the child's, serially before)
// with right (its own). Syncs join the children of a frame newest first, so
// the left maps come in serial order from right to left.
#pragma once

#include <cstdint>

namespace ito::threads::views {

// A stolen continuation's map before its first view.
inline void *const empty = reinterpret_cast<void *>(uintptr_t(1));

// The map the running strand hands over when it leaves (it starts another
// with empty or a parked thread's), and the one it takes.
void *take();
void set(void *map);

// The running strand joins a child that left `left`: its map becomes
// left reduced with its own.
void join(void *left);

// Whether a translation unit that can use reducers is in the program
// (ito_views_in_program, before main): then loops split in serial order.
bool in_program();

} // namespace ito::threads::views
