/* Context switching for uni-address threads, x86-64 System V.
 *
 * A saved context is the callee-saved registers pushed on the thread's own
 * stack; the context's address is the stack pointer after the pushes:
 *   [ctx+ 0] padding (keeps calls 16-byte aligned)
 *   [ctx+ 8] r15   [ctx+16] r14   [ctx+24] r13   [ctx+32] r12
 *   [ctx+40] rbx   [ctx+48] rbp   [ctx+56] return address
 * Resuming a context = load rsp, pop, ret (with a value in rax). Because the
 * context sits in the stack frames, copying the frames copies the context.
 */
#include "ito/detail/deque_layout.h"

#define SAVE_CONTEXT \
  pushq %rbp; pushq %rbx; pushq %r12; pushq %r13; pushq %r14; pushq %r15; \
  subq $8, %rsp

/* Saves the caller's continuation in the next slot of the deque (rdx),
 * publishes it, and calls child (rdi) with arg (rsi) right below it; the
 * stack pointer is back at the caller's when the child returns here. */
#define FORK_AND_RUN_CHILD \
  SAVE_CONTEXT; \
  .cfi_adjust_cfa_offset 56; \
  movq ITO_DEQUE_BOTTOM_OFFSET(%rdx), %rax; \
  movq %rax, %r8; \
  shlq $ITO_DEQUE_SLOT_SHIFT, %r8; \
  leaq ITO_DEQUE_SLOTS_OFFSET(%rdx,%r8), %r8; \
  movq %rsp, (%r8);            /* slots[b].ctx = this context */ \
  movq %rcx, 8(%r8);           /* slots[b].join = join */ \
  incq %rax; \
  movq %rax, ITO_DEQUE_BOTTOM_OFFSET(%rdx); /* publish: bottom = b + 1 */ \
  movq %rdi, %rax; \
  movq %rsi, %rdi; \
  callq *%rax;                 /* the child pops the deque itself */ \
  addq $56, %rsp; \
  .cfi_adjust_cfa_offset -56

  .text

/* void *ito_uat_fork(void (*child)(void *), void *arg, deque *dq,
 *                    uint64_t join)
 *
 * Child-first fork: saves the caller's continuation, pushes it on dq, and
 * runs child(arg) right below it on the same stack. Returns 0 when the child
 * returned here (the continuation was not stolen). A thief that steals the
 * continuation resumes it with the join entry in rax, so in the thief's
 * process this call returns that entry. `join` is the slot's initial join
 * field: 0 (a thief allocates one) or ITO_NO_JOIN (the child reports to a
 * future instead). */
  .globl ito_uat_fork
  .type ito_uat_fork, @function
ito_uat_fork:
  .cfi_startproc
  FORK_AND_RUN_CHILD
  xorl %eax, %eax
  retq
  .cfi_endproc
  .size ito_uat_fork, .-ito_uat_fork

/* void *ito_uat_fork_passing(void *(*child)(void *), void *arg, deque *dq,
 *                            uint64_t join)
 *
 * ito_uat_fork for a child that returns a word: when the child returns
 * here, this returns what the child returned (C++ children return 0, or
 * the exception they threw, tagged: ito/detail/tasks.hpp). */
  .globl ito_uat_fork_passing
  .type ito_uat_fork_passing, @function
ito_uat_fork_passing:
  .cfi_startproc
  FORK_AND_RUN_CHILD           /* rax = child(arg) */
  retq
  .cfi_endproc
  .size ito_uat_fork_passing, .-ito_uat_fork_passing

/* [[noreturn]] void ito_uat_resume(void *ctx, void *value)
 * Resumes a saved context; the call that saved it returns value. */
  .globl ito_uat_resume
  .type ito_uat_resume, @function
ito_uat_resume:
  .cfi_startproc
  movq %rdi, %rsp
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  movq %rsi, %rax
  retq
  .cfi_endproc
  .size ito_uat_resume, .-ito_uat_resume

/* void *ito_uat_suspend(void (*fn)(void *ctx, void *arg), void *arg,
 *                       void *stack_top)
 * Saves the caller's context, switches to the stack ending at stack_top and
 * calls fn(ctx, arg) there; fn must not return. Returns the value passed to
 * ito_uat_resume(ctx, value). */
  .globl ito_uat_suspend
  .type ito_uat_suspend, @function
ito_uat_suspend:
  .cfi_startproc
  SAVE_CONTEXT
  movq %rdi, %rax
  movq %rsp, %rdi
  movq %rdx, %rsp
  /* End of the frame chain for unwinders (backtraces, exceptions): the
   * new stack has no caller. */
  .cfi_undefined rip
  xorl %ebp, %ebp
  callq *%rax
  ud2
  .cfi_endproc
  .size ito_uat_suspend, .-ito_uat_suspend

/* [[noreturn]] void ito_uat_call_on(void *stack_top, void (*fn)(void *),
 *                                   void *arg)
 * Abandons the current stack and calls fn(arg) on the stack ending at
 * stack_top; fn must not return. */
  .globl ito_uat_call_on
  .type ito_uat_call_on, @function
ito_uat_call_on:
  .cfi_startproc
  movq %rdi, %rsp
  .cfi_undefined rip           /* end of the frame chain, as above */
  xorl %ebp, %ebp
  movq %rdx, %rdi
  callq *%rsi
  ud2
  .cfi_endproc
  .size ito_uat_call_on, .-ito_uat_call_on

  .section .note.GNU-stack,"",@progbits
