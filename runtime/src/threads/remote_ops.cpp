#include "threads/remote_ops.hpp"

#include "platform/error.hpp"
#include "platform/process_exit.hpp"
#include "threads/homecoming.hpp"
#include "threads/join_entry.hpp"
#include "threads/scheduler.hpp"
#include "threads/worker.hpp"

#include <cstring>

namespace ito::threads {

namespace {

bool on_this_node(const worker &w, global_ref ref) {
  int r = ref_rank(ref);
  return r == w.rank() || w.local_peer(r) != nullptr;
}

join_entry *entry(worker &w, global_ref ref) {
  return static_cast<join_entry *>(w.resolve(ref));
}

template <class T> void append(std::vector<char> &buf, const T &v) {
  const char *p = reinterpret_cast<const char *>(&v);
  buf.insert(buf.end(), p, p + sizeof(T));
}

std::vector<char> request(const msg_header &h, const void *payload = nullptr) {
  std::vector<char> msg;
  append(msg, h);
  if (h.size)
    msg.insert(msg.end(), static_cast<const char *>(payload),
               static_cast<const char *>(payload) + h.size);
  return msg;
}

struct join_read_reply {
  int64_t arrived;
  uint64_t views;
  alignas(16) unsigned char value[detail::max_result_size];
};
struct join_child_reply {
  int64_t previous;
  global_ref waiter;
};

} // namespace

bool join_read(worker &w, global_ref join, void *out, std::size_t size,
               uint64_t *views) {
  if (on_this_node(w, join)) {
    join_entry *e = entry(w, join);
    if (e->arrived.load(std::memory_order_acquire) == 0)
      return false;
    if (size)
      std::memcpy(out, e->value, size);
    *views = e->views;
    return true;
  }
  msg_header h{msg_kind::join_read, 0, join, size};
  std::vector<char> reply;
  auto msg = request(h);
  w.net().call(ref_rank(join), msg.data(), msg.size(), reply);
  auto *r = reinterpret_cast<const join_read_reply *>(reply.data());
  if (r->arrived == 0)
    return false;
  if (size)
    std::memcpy(out, r->value, size);
  *views = r->views;
  return true;
}

int64_t join_arrive_child(worker &w, global_ref join, const void *value,
                          std::size_t size, uint64_t views,
                          global_ref &waiter) {
  if (on_this_node(w, join)) {
    join_entry *e = entry(w, join);
    if (size)
      std::memcpy(e->value, value, size);
    e->views = views;
    int64_t prev = e->arrived.fetch_add(1, std::memory_order_acq_rel);
    waiter = prev ? e->waiter : 0;
    return prev;
  }
  msg_header h{msg_kind::join_child, static_cast<uint32_t>(size), join, views};
  std::vector<char> reply;
  auto msg = request(h, value);
  w.net().call(ref_rank(join), msg.data(), msg.size(), reply);
  auto *r = reinterpret_cast<const join_child_reply *>(reply.data());
  waiter = r->waiter;
  return r->previous;
}

int64_t join_arrive_parent(worker &w, global_ref join, global_ref waiter) {
  if (on_this_node(w, join)) {
    join_entry *e = entry(w, join);
    e->waiter = waiter;
    return e->arrived.fetch_add(1, std::memory_order_acq_rel);
  }
  msg_header h{msg_kind::join_parent, 0, join, waiter};
  std::vector<char> reply;
  auto msg = request(h);
  w.net().call(ref_rank(join), msg.data(), msg.size(), reply);
  return *reinterpret_cast<const int64_t *>(reply.data());
}

void fetch_evacuated(worker &w, global_ref thread, void *&ctx, void *&base,
                     global_ref &join, uint64_t &views, uint64_t &fp_control) {
  if (on_this_node(w, thread)) {
    auto *et = static_cast<evacuated_thread *>(w.resolve(thread));
    ctx = et->ctx;
    base = et->base;
    join = et->join;
    views = et->views;
    fp_control = et->fp_control;
    std::memcpy(ctx, et->frames(), et->size);
    w.release(thread);
    return;
  }
  msg_header h{msg_kind::evac_fetch, 0, thread, 0};
  std::vector<char> reply;
  auto msg = request(h);
  w.net().call(ref_rank(thread), msg.data(), msg.size(), reply);
  auto *et = reinterpret_cast<evacuated_thread *>(reply.data());
  ctx = et->ctx;
  base = et->base;
  join = et->join;
  views = et->views;
  fp_control = et->fp_control;
  std::memcpy(ctx, et->frames(), et->size);
}

struct future_take_request {
  global_ref park;
  uint64_t size;
};

bool future_take(worker &w, global_ref f, void *out, std::size_t size,
                 global_ref park) {
  if (on_this_node(w, f))
    return future_take_local(w, f, out, size, park);
  future_take_request q{park, size};
  msg_header h{msg_kind::future_take, sizeof q, f, 0};
  std::vector<char> reply;
  auto msg = request(h, &q);
  w.net().call(ref_rank(f), msg.data(), msg.size(), reply);
  auto *r = reinterpret_cast<const join_read_reply *>(reply.data());
  if (r->arrived == 0)
    return false;
  if (size)
    std::memcpy(out, r->value, size);
  return true;
}

void future_complete(worker &w, global_ref f, const void *value,
                     std::size_t size, std::vector<global_ref> &waiters) {
  if (on_this_node(w, f))
    return future_complete_local(w, f, value, size, waiters);
  msg_header h{msg_kind::future_done, static_cast<uint32_t>(size), f, 0};
  std::vector<char> reply;
  auto msg = request(h, value);
  w.net().call(ref_rank(f), msg.data(), msg.size(), reply);
  auto *refs = reinterpret_cast<const global_ref *>(reply.data());
  waiters.assign(refs, refs + reply.size() / sizeof(global_ref));
}

void release(worker &w, global_ref ref) {
  if (on_this_node(w, ref)) {
    w.release(ref);
    return;
  }
  msg_header h{msg_kind::release, 0, ref, 0};
  w.net().post(ref_rank(ref), &h, sizeof h);
}

namespace {
memory_handler_fn memory_handler = nullptr;
memory_handler_fn stream_handler = nullptr;
} // namespace

void set_memory_handler(memory_handler_fn fn) { memory_handler = fn; }
void set_stream_handler(memory_handler_fn fn) { stream_handler = fn; }

bool serve_request(int src, const char *msg, std::size_t len,
                   std::vector<char> &reply) {
  worker &w = the_worker();
  if (len < sizeof(msg_header))
    platform::fatal("malformed runtime message from rank %d", src);
  msg_header h;
  std::memcpy(&h, msg, sizeof h);
  const char *payload = msg + sizeof h;
  switch (h.kind) {
  case msg_kind::steal:
    serve_steal(w, reply);
    return true;
  case msg_kind::join_read: {
    join_read_reply r{};
    r.arrived = join_read(w, h.ref, r.value, h.arg, &r.views) ? 1 : 0;
    append(reply, r);
    return true;
  }
  case msg_kind::join_child: {
    join_child_reply r{};
    r.previous = join_arrive_child(w, h.ref, payload, h.size, h.arg, r.waiter);
    append(reply, r);
    return true;
  }
  case msg_kind::join_parent:
    append(reply, join_arrive_parent(w, h.ref, h.arg));
    return true;
  case msg_kind::evac_fetch: {
    auto *et = static_cast<evacuated_thread *>(w.resolve(h.ref));
    const char *p = reinterpret_cast<const char *>(et);
    reply.assign(p, p + sizeof(evacuated_thread) + et->size);
    w.release(h.ref);
    return true;
  }
  case msg_kind::future_take: {
    future_take_request q;
    std::memcpy(&q, payload, sizeof q);
    join_read_reply r{};
    r.arrived = future_take_local(w, h.ref, r.value, q.size, q.park);
    append(reply, r);
    return true;
  }
  case msg_kind::future_done: {
    std::vector<global_ref> waiters;
    future_complete_local(w, h.ref, payload, h.size, waiters);
    const char *p = reinterpret_cast<const char *>(waiters.data());
    reply.assign(p, p + waiters.size() * sizeof(global_ref));
    return true;
  }
  case msg_kind::release:
    w.release(h.ref);
    return false;
  case msg_kind::exit:
    w.shared()->exit_epoch.store(static_cast<int64_t>(h.arg),
                                 std::memory_order_release);
    return false;
  case msg_kind::home:
    deliver_homecoming(w, h.ref);
    return false;
  case msg_kind::stop:
    platform::follow_remote_stop(static_cast<long long>(h.arg), src);
  case msg_kind::memory:
    if (memory_handler)
      return memory_handler(src, h, payload, reply);
    break;
  case msg_kind::stream:
    if (stream_handler)
      return stream_handler(src, h, payload, reply);
    break;
  }
  platform::fatal("unknown runtime message %u from rank %d",
                  static_cast<unsigned>(h.kind), src);
}

} // namespace ito::threads
