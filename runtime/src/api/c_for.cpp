// Parallel loops for translated C (ito_abi_for): divide and conquer over the
// iteration range, the left half forked child-first. Always the left: a
// reducer's views are combined as the child's before the continuation's,
// the serial order only if the child is the left half.
#include "platform/error.hpp"

#include <ito/cilk_abi.h>
#include <ito/ito.h>

#include <algorithm>
#include <alloca.h>
#include <cstring>

namespace {

using body_fn = void (*)(long long, long long, void *);

struct range_args {
  body_fn body;
  long long lo, hi, grain;
  size_t ctx_size;
  // followed by ctx_size bytes of context
};

template <bool Measured>
void run_range(body_fn body, long long lo, long long hi, long long grain,
               void *ctx, size_t ctx_size);

// A forked half: its arguments block (header + context) is this task's own
// copy, in its own frame. Measured (ito-cc -fcilktool=cilkscale), it ends
// with its work and span, which its join adds in.
template <bool Measured> void range_task(void *args, void *result) {
  auto *a = static_cast<range_args *>(args);
  run_range<Measured>(a->body, a->lo, a->hi, a->grain, a + 1, a->ctx_size);
  if (Measured)
    *static_cast<ito_wsp_triple *>(result) = ito_wsp_child_end();
}

template <bool Measured>
void run_range(body_fn body, long long lo, long long hi, long long grain,
               void *ctx, size_t ctx_size) {
  while (hi - lo > grain) {
    const long long mid = lo + (hi - lo) / 2;
    const size_t size = sizeof(range_args) + ctx_size;
    auto *a = static_cast<range_args *>(alloca(size));
    *a = range_args{body, lo, mid, grain, ctx_size};
    if (ctx_size) // (a body that captures nothing: ctx may be null)
      std::memcpy(a + 1, ctx, ctx_size);
    ito_task t;
    ito_wsp_triple parent, child, before;
    if (Measured)
      ito_wsp_fork(&parent);
    ito_fork(&t, range_task<Measured>, a, size, Measured ? &child : nullptr,
             Measured ? sizeof child : 0);
    if (Measured)
      ito_wsp_continue(&parent, /*ran_here=*/0);
    run_range<Measured>(body, mid, hi, grain, ctx, ctx_size);
    if (Measured)
      ito_wsp_join_begin(&before);
    ito_join(&t);
    if (Measured)
      ito_wsp_join_end(&before, &child, /*waited=*/1);
    return;
  }
  if (lo < hi)
    body(lo, hi, ctx);
}

} // namespace

extern "C" void ito_abi_for(long long begin, long long end, long long grain,
                            void (*body)(long long, long long, void *),
                            const void *ctx, size_t ctx_size) {
  if (end <= begin)
    return;
  if (ctx_size + sizeof(range_args) > ITO_MAX_ARGS_SIZE)
    ito::platform::fatal("a cilk_for uses %zu bytes of variables from its "
                         "function; at most %zu are copied into its tasks",
                         ctx_size, ITO_MAX_ARGS_SIZE - sizeof(range_args));
  if (grain <= 0) {
    // As OpenCilk: about 8 chunks per process, at most 2048 iterations each.
    const long long n = end - begin;
    const long long p = ito_is_initialized() ? ito_n_ranks() : 1;
    grain = std::max(1LL, std::min(2048LL, (n + 8 * p - 1) / (8 * p)));
  }
  // ctx lives in the caller's frame, which travels with this task.
  if (ito_wsp_enabled)
    run_range<true>(body, begin, end, grain, const_cast<void *>(ctx), ctx_size);
  else
    run_range<false>(body, begin, end, grain, const_cast<void *>(ctx),
                     ctx_size);
}
