#include "threads/remote_ops.hpp"

#include "comm/dispatch.hpp"
#include "platform/sanitizers.hpp"
#include "threads/homecoming.hpp"
#include "threads/join_entry.hpp"
#include "threads/scheduler.hpp"
#include "threads/worker.hpp"

#include <cstring>

namespace ito::threads {

namespace {

bool on_this_node(const worker &w, comm::global_ref ref) {
  int r = comm::ref_rank(ref);
  return r == w.rank() || w.local_peer(r) != nullptr;
}

join_entry *entry(worker &w, comm::global_ref ref) {
  return static_cast<join_entry *>(w.resolve(ref));
}

template <class T> void append(std::vector<char> &buf, const T &v) {
  const char *p = reinterpret_cast<const char *>(&v);
  buf.insert(buf.end(), p, p + sizeof(T));
}

struct join_read_reply {
  int64_t arrived;
  uint64_t views;
  alignas(16) unsigned char value[detail::max_delivery_size];
};
struct join_child_reply {
  int64_t previous;
  comm::global_ref waiter;
};

} // namespace

bool join_read(worker &w, comm::global_ref join, void *out, std::size_t size,
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
  comm::msg_header h{comm::msg_kind::join_read, 0, join, size};
  std::vector<char> reply;
  auto msg = comm::make_message(h);
  w.net().call(comm::ref_rank(join), msg.data(), msg.size(), reply);
  auto *r = reinterpret_cast<const join_read_reply *>(reply.data());
  if (r->arrived == 0)
    return false;
  if (size)
    std::memcpy(out, r->value, size);
  *views = r->views;
  return true;
}

int64_t join_arrive_child(worker &w, comm::global_ref join, const void *value,
                          std::size_t size, uint64_t views,
                          comm::global_ref &waiter) {
  if (on_this_node(w, join)) {
    join_entry *e = entry(w, join);
    if (size)
      std::memcpy(e->value, value, size);
    e->views = views;
    int64_t prev = e->arrived.fetch_add(1, std::memory_order_acq_rel);
    waiter = prev ? e->waiter : 0;
    return prev;
  }
  comm::msg_header h{comm::msg_kind::join_child, static_cast<uint32_t>(size),
                     join, views};
  std::vector<char> reply;
  auto msg = comm::make_message(h, value);
  w.net().call(comm::ref_rank(join), msg.data(), msg.size(), reply);
  auto *r = reinterpret_cast<const join_child_reply *>(reply.data());
  waiter = r->waiter;
  return r->previous;
}

int64_t join_arrive_parent(worker &w, comm::global_ref join,
                           comm::global_ref waiter) {
  if (on_this_node(w, join)) {
    join_entry *e = entry(w, join);
    e->waiter = waiter;
    return e->arrived.fetch_add(1, std::memory_order_acq_rel);
  }
  comm::msg_header h{comm::msg_kind::join_parent, 0, join, waiter};
  std::vector<char> reply;
  auto msg = comm::make_message(h);
  w.net().call(comm::ref_rank(join), msg.data(), msg.size(), reply);
  return *reinterpret_cast<const int64_t *>(reply.data());
}

evacuated_thread fetch_evacuated(worker &w, comm::global_ref thread) {
  if (on_this_node(w, thread)) {
    auto *et = static_cast<evacuated_thread *>(w.resolve(thread));
    const evacuated_thread header = *et;
    platform::unpoison(et->ctx, et->size);
    std::memcpy(et->ctx, et->frames(), et->size);
    w.release(thread);
    return header;
  }
  comm::msg_header h{comm::msg_kind::evac_fetch, 0, thread, 0};
  std::vector<char> reply;
  auto msg = comm::make_message(h);
  w.net().call(comm::ref_rank(thread), msg.data(), msg.size(), reply);
  auto *et = reinterpret_cast<evacuated_thread *>(reply.data());
  platform::unpoison(et->ctx, et->size);
  std::memcpy(et->ctx, et->frames(), et->size);
  return *et;
}

struct future_take_request {
  comm::global_ref park;
  uint64_t size;
};

bool future_take(worker &w, comm::global_ref f, void *out, std::size_t size,
                 comm::global_ref park) {
  if (on_this_node(w, f))
    return future_take_local(w, f, out, size, park);
  future_take_request q{park, size};
  comm::msg_header h{comm::msg_kind::future_take, sizeof q, f, 0};
  std::vector<char> reply;
  auto msg = comm::make_message(h, &q);
  w.net().call(comm::ref_rank(f), msg.data(), msg.size(), reply);
  auto *r = reinterpret_cast<const join_read_reply *>(reply.data());
  if (r->arrived == 0)
    return false;
  if (size)
    std::memcpy(out, r->value, size);
  return true;
}

void future_complete(worker &w, comm::global_ref f, const void *value,
                     std::size_t size, std::vector<comm::global_ref> &waiters) {
  if (on_this_node(w, f))
    return future_complete_local(w, f, value, size, waiters);
  comm::msg_header h{comm::msg_kind::future_done, static_cast<uint32_t>(size),
                     f, 0};
  std::vector<char> reply;
  auto msg = comm::make_message(h, value);
  w.net().call(comm::ref_rank(f), msg.data(), msg.size(), reply);
  auto *refs = reinterpret_cast<const comm::global_ref *>(reply.data());
  waiters.assign(refs, refs + reply.size() / sizeof(comm::global_ref));
}

void release(worker &w, comm::global_ref ref) {
  if (on_this_node(w, ref)) {
    w.release(ref);
    return;
  }
  comm::msg_header h{comm::msg_kind::release, 0, ref, 0};
  w.net().post(comm::ref_rank(ref), &h, sizeof h);
}

// ---- Serving other nodes ----------------------------------------------------

namespace {

using comm::msg_header;

bool serve_steal_request(int src, const msg_header &, const char *,
                         std::vector<char> &reply) {
  worker &w = the_worker();
  if (!serve_steal(w, src, reply))
    w.net().defer_reply();
  return true;
}

bool serve_join_read(int, const msg_header &h, const char *,
                     std::vector<char> &reply) {
  join_read_reply r{};
  r.arrived = join_read(the_worker(), h.ref, r.value, h.arg, &r.views) ? 1 : 0;
  append(reply, r);
  return true;
}

bool serve_join_child(int, const msg_header &h, const char *payload,
                      std::vector<char> &reply) {
  join_child_reply r{};
  r.previous =
      join_arrive_child(the_worker(), h.ref, payload, h.size, h.arg, r.waiter);
  append(reply, r);
  return true;
}

bool serve_join_parent(int, const msg_header &h, const char *,
                       std::vector<char> &reply) {
  append(reply, join_arrive_parent(the_worker(), h.ref, h.arg));
  return true;
}

bool serve_evac_fetch(int, const msg_header &h, const char *,
                      std::vector<char> &reply) {
  worker &w = the_worker();
  auto *et = static_cast<evacuated_thread *>(w.resolve(h.ref));
  const char *p = reinterpret_cast<const char *>(et);
  reply.assign(p, p + sizeof(evacuated_thread) + et->size);
  w.release(h.ref);
  return true;
}

bool serve_future_take(int, const msg_header &h, const char *payload,
                       std::vector<char> &reply) {
  future_take_request q;
  std::memcpy(&q, payload, sizeof q);
  join_read_reply r{};
  r.arrived = future_take_local(the_worker(), h.ref, r.value, q.size, q.park);
  append(reply, r);
  return true;
}

bool serve_future_done(int, const msg_header &h, const char *payload,
                       std::vector<char> &reply) {
  std::vector<comm::global_ref> waiters;
  future_complete_local(the_worker(), h.ref, payload, h.size, waiters);
  const char *p = reinterpret_cast<const char *>(waiters.data());
  reply.assign(p, p + waiters.size() * sizeof(comm::global_ref));
  return true;
}

bool serve_release(int, const msg_header &h, const char *,
                   std::vector<char> &) {
  the_worker().release(h.ref);
  return false;
}

bool serve_exit(int, const msg_header &h, const char *, std::vector<char> &) {
  the_worker().shared()->exit_epoch.store(static_cast<int64_t>(h.arg),
                                          std::memory_order_release);
  return false;
}

bool serve_home(int, const msg_header &h, const char *, std::vector<char> &) {
  deliver_homecoming(the_worker(), h.ref);
  return false;
}

} // namespace

void install_handlers() {
  using comm::msg_kind;
  comm::set_handler(msg_kind::steal, serve_steal_request);
  comm::set_handler(msg_kind::join_read, serve_join_read);
  comm::set_handler(msg_kind::join_child, serve_join_child);
  comm::set_handler(msg_kind::join_parent, serve_join_parent);
  comm::set_handler(msg_kind::evac_fetch, serve_evac_fetch);
  comm::set_handler(msg_kind::future_take, serve_future_take);
  comm::set_handler(msg_kind::future_done, serve_future_done);
  comm::set_handler(msg_kind::release, serve_release);
  comm::set_handler(msg_kind::exit, serve_exit);
  comm::set_handler(msg_kind::home, serve_home);
}

} // namespace ito::threads
