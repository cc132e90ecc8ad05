// The root task goes back to process 0 between its parallel phases. What a
// program's main does around them (reading standard input, writing a FILE
// it opened, registering atexit handlers) names things that exist in one
// process only: the serial program's. So after each sync of main, and after
// each call of main that may fork, the translator calls ito_abi_home(): if
// the root thread ended up elsewhere, it is evacuated and sent to process
// 0, which resumes it from its scheduler loop (every other process is idle
// by then: main has no child left). The check is a few loads; the move is a
// copy of main's frames, once per phase.
#include "threads/homecoming.hpp"

#include "comm/dispatch.hpp"
#include "memory/coherence.hpp"
#include "threads/context.hpp"
#include "threads/remote_ops.hpp"
#include "threads/scheduler.hpp"
#include "threads/worker.hpp"

#include <ito/detail/work_span.h>

namespace ito::threads {

namespace {

// On the scheduler stack, with the root thread's context saved at ctx.
[[noreturn]] void send_home(void *ctx, void *) {
  worker &w = the_worker();
  parked_thread p = park_current(w, ctx);
  if (const peer *home = w.local_peer(0)) {
    home->shared->homecoming.store(p.thread, std::memory_order_release);
  } else {
    comm::msg_header h{comm::msg_kind::home, 0, p.thread, 0};
    w.net().post(0, &h, sizeof h);
  }
  scheduler_loop();
}

} // namespace

bool take_homecoming(worker &w, comm::global_ref &thread) {
  if (w.shared()->homecoming.load(std::memory_order_relaxed) == 0)
    return false;
  thread = w.shared()->homecoming.exchange(0, std::memory_order_acquire);
  return thread != 0;
}

void deliver_homecoming(worker &w, comm::global_ref thread) {
  w.shared()->homecoming.store(thread, std::memory_order_release);
}

} // namespace ito::threads

using namespace ito::threads;
namespace comm = ito::comm;

extern "C" void ito_abi_home(void) {
  worker *w = the_worker_or_null();
  if (!w || !w->in_root || w->rank() == 0)
    return;
  // Only a thread with no continuation of its own in the deque can move:
  // main between a spawn and its sync stays where it is.
  if (w->dq()->bottom.load(std::memory_order_relaxed) != 1)
    return;
  // What main's phase wrote is read by process 0 (as at a join).
  ito::memory::fence_release_leaving();
  // Main's work and span so far go with it (-fcilktool=cilkscale).
  ito_wsp_triple wsp;
  if (ito_wsp_enabled)
    ito_wsp_join_begin(&wsp);
  ito_uat_suspend(send_home, nullptr, w->scheduler_stack_top());
  // Resumed in process 0.
  ito::memory::fence_acquire();
  if (ito_wsp_enabled) {
    ito_wsp_current.t = wsp;
    ito_wsp_current.start = ito_wsp_read();
  }
}
