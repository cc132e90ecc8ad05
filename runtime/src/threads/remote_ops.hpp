// Operations on join entries and evacuated threads wherever they live: on
// this node through shared memory (CPU atomics), elsewhere as a request
// served by the object's home rank (comm/transport.hpp).
#pragma once

#include "comm/global_ref.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ito::threads {

class worker;
struct evacuated_thread;

// True if the child has arrived; then its value (size bytes) is in out.
// The child's views of reducers go to *views.
bool join_read(worker &w, comm::global_ref join, void *out, std::size_t size,
               uint64_t *views);
// The child arrives with its value; returns the arrivals before it and,
// if the parent is parked, the parked thread.
int64_t join_arrive_child(worker &w, comm::global_ref join, const void *value,
                          std::size_t size, uint64_t views,
                          comm::global_ref &waiter);
// The parent parks as `waiter`; returns the arrivals before it.
int64_t join_arrive_parent(worker &w, comm::global_ref join,
                           comm::global_ref waiter);
// Copies an evacuated thread's frames back to their addresses (here) and
// frees it; returns its header (context, stack base, completion entry, the
// state it resumes with).
evacuated_thread fetch_evacuated(worker &w, comm::global_ref thread);
// Takes a future's value into out if it is there (and counts one consumer);
// otherwise, if park is a parked thread, adds it to the waiters.
bool future_take(worker &w, comm::global_ref f, void *out, std::size_t size,
                 comm::global_ref park);
// Publishes a future's value; returns the threads that waited for it.
void future_complete(worker &w, comm::global_ref f, const void *value,
                     std::size_t size, std::vector<comm::global_ref> &waiters);
// The same, for a future whose home is on this node (future.cpp).
bool future_take_local(worker &w, comm::global_ref f, void *out,
                       std::size_t size, comm::global_ref park);
void future_complete_local(worker &w, comm::global_ref f, const void *value,
                           std::size_t size,
                           std::vector<comm::global_ref> &waiters);

// Frees a runtime object wherever its home is.
void release(worker &w, comm::global_ref ref);

// Registers the handlers of the messages above with comm/dispatch.hpp.
void install_handlers();

} // namespace ito::threads
