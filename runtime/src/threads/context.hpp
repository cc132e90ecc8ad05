// The context-switching primitives of context_x86_64.S (see the comments
// there for the saved-context layout).
#pragma once

#include <cstdint>

#include <ito/detail/deque.hpp>

extern "C" {
// Child-first fork; returns 0, or the join entry where a thief resumed.
void *ito_uat_fork(void (*child)(void *), void *arg, ito::detail::deque *dq,
                   uint64_t join);
// The same for a child that returns a word: what it returned, if it
// returned here.
void *ito_uat_fork_passing(void *(*child)(void *), void *arg,
                           ito::detail::deque *dq, uint64_t join);
// Resumes a saved context; the call that saved it returns value.
[[noreturn]] void ito_uat_resume(void *ctx, void *value);
// Saves the caller's context and calls fn(ctx, arg) on another stack.
void *ito_uat_suspend(void (*fn)(void *ctx, void *arg), void *arg,
                      void *stack_top);
// Abandons the current stack for fn(arg) on another.
[[noreturn]] void ito_uat_call_on(void *stack_top, void (*fn)(void *),
                                  void *arg);
}
