// The sanitizers a Cilk program may be built with. AddressSanitizer and
// UndefinedBehaviorSanitizer run with ito; ThreadSanitizer and
// MemorySanitizer reserve, for their shadow, the address ranges where ito
// maps global memory and task stacks, so a program built with them stops
// at start-up with a message (ito-cc refuses them first).
#pragma once

#include <cstddef>

namespace ito::platform {

// True in a program built with -fsanitize=address.
bool address_sanitizer();

// Once the job has started: a sanitizer's fatal report ends the whole job
// with its status (1), as a crash does, and AddressSanitizer's symbolizer
// starts now, on the process's own stack (started from a report in a task,
// its fork would run the child on the task stack, which is shared memory
// the parent is using).
void join_sanitizers_to_job();

// AddressSanitizer's view of the stack a thread runs on, which ito changes
// under it: before switching to [bottom, bottom + size), leaving_stack
// (fake_stack_save keeps the old stack's fake frames, or null); on
// arrival, arrived_on_stack, which gives the old stack's bounds. No-ops
// without AddressSanitizer. Between leaving_stack and arrived_on_stack,
// AddressSanitizer takes the stack that holds the stack pointer, the old or
// the new (AsanThread::GetStackBounds): the scheduler leaves a switch open
// to the task stack region while tasks run (threads/scheduler.cpp), so
// that both of its stacks are known without a call at each switch.
void leaving_stack(void **fake_stack_save, const void *bottom,
                   std::size_t size);
void arrived_on_stack(void *fake_stack, const void **old_bottom,
                      std::size_t *old_size);

// Marks [p, p + n) addressable for AddressSanitizer before the runtime
// copies stack frames (a thread moving to another stack or process), whose
// red zones and dead frames it must copy too.
void unpoison(const void *p, std::size_t n);

// While one lives, LeakSanitizer does not report what the thread allocates:
// the runtime's state (and MPI's) lives as long as the process.
class unreported_allocations {
public:
  unreported_allocations();
  ~unreported_allocations();
  unreported_allocations(const unreported_allocations &) = delete;
  unreported_allocations &operator=(const unreported_allocations &) = delete;
};

} // namespace ito::platform
