#include "comm/node_mailbox.hpp"

#include "comm/dispatch.hpp"
#include "comm/endpoint.hpp"
#include "platform/error.hpp"
#include "platform/kept_until_exit.hpp"
#include "platform/own_allocations.hpp"
#include "platform/process_exit.hpp"

#include <cstring>
#include <vector>

namespace ito::comm {

namespace {

constexpr std::size_t align8(std::size_t n) {
  return (n + 7) & ~std::size_t(7);
}

// The ring's bytes [at, at + len), modulo its capacity.
void copy_in(node_mailbox &m, uint64_t at, const void *src, std::size_t len) {
  const std::size_t off = at % node_mailbox::capacity;
  const std::size_t first = std::min(len, node_mailbox::capacity - off);
  std::memcpy(m.data + off, src, first);
  std::memcpy(m.data, static_cast<const char *>(src) + first, len - first);
}

void copy_out(const node_mailbox &m, uint64_t at, void *dst, std::size_t len) {
  const std::size_t off = at % node_mailbox::capacity;
  const std::size_t first = std::min(len, node_mailbox::capacity - off);
  std::memcpy(dst, m.data + off, first);
  std::memcpy(static_cast<char *>(dst) + first, m.data, len - first);
}

// While waiting on another process: what this one owes others, and the
// end of the job if someone stopped it.
void serve_while_waiting(endpoint &e) {
  serve_node_mailbox(e);
  if (e.multi_node())
    e.net().poll();
  if (platform::stop_requested())
    platform::stop_at_safe_point();
  __builtin_ia32_pause();
}

bool serving = false;

struct record {
  uint32_t len;
  int32_t from;
};

} // namespace

void node_mailbox::init() {
  lock.store(0, std::memory_order_relaxed);
  head.store(0, std::memory_order_relaxed);
  tail.store(0, std::memory_order_relaxed);
}

uint64_t post_to_node_peer(endpoint &e, int rank, const void *msg,
                           std::size_t len) {
  platform::own_allocation_scope runtime_buffers;
  if (len > node_mailbox::max_message)
    platform::fatal("a message of %zu bytes for process %d's mailbox (at "
                    "most %zu)",
                    len, rank, node_mailbox::max_message);
  node_mailbox &m = e.mailbox_of(rank);
  const uint64_t size = sizeof(record) + align8(len);
  uint32_t expected = 0;
  while (
      !m.lock.compare_exchange_weak(expected, 1, std::memory_order_acquire)) {
    expected = 0;
    serve_while_waiting(e);
  }
  const uint64_t head = m.head.load(std::memory_order_relaxed);
  while (head + size - m.tail.load(std::memory_order_acquire) >
         node_mailbox::capacity)
    serve_while_waiting(e);
  const record r{static_cast<uint32_t>(len), e.rank()};
  copy_in(m, head, &r, sizeof r);
  copy_in(m, head + sizeof r, msg, len);
  m.head.store(head + size, std::memory_order_release);
  m.lock.store(0, std::memory_order_release);
  return head + size;
}

void wait_node_peer(endpoint &e, int rank, uint64_t ticket) {
  const node_mailbox &m = e.mailbox_of(rank);
  while (m.tail.load(std::memory_order_acquire) < ticket)
    serve_while_waiting(e);
}

void call_node_peer(endpoint &e, int rank, const void *msg, std::size_t len,
                    std::vector<char> &reply) {
  platform::own_allocation_scope runtime_buffers;
  wait_node_peer(e, rank, post_to_node_peer(e, rank, msg, len));
  // The tail's release (after the reply) and our acquire of it order this.
  const node_mailbox &own = e.own_mailbox();
  reply.assign(own.reply, own.reply + own.reply_size);
}

bool node_mailbox_pending(const endpoint &e) {
  const node_mailbox &m = e.own_mailbox();
  return m.tail.load(std::memory_order_relaxed) !=
         m.head.load(std::memory_order_acquire);
}

void serve_node_mailbox(endpoint &e) {
  platform::own_allocation_scope runtime_buffers;
  // A message's handler may use what it serves (a FILE), which serves the
  // mailbox first: not again from inside.
  if (serving || !node_mailbox_pending(e))
    return;
  serving = true;
  node_mailbox &m = e.own_mailbox();
  static thread_local platform::kept_until_exit<std::vector<char>> msg_buf,
      reply_buf;
  std::vector<char> &msg = *msg_buf, &reply = *reply_buf;
  uint64_t tail = m.tail.load(std::memory_order_relaxed);
  while (tail != m.head.load(std::memory_order_acquire)) {
    record r;
    copy_out(m, tail, &r, sizeof r);
    msg.resize(r.len);
    copy_out(m, tail + sizeof r, msg.data(), r.len);
    reply.clear();
    if (serve_request(r.from, msg.data(), r.len, reply)) {
      node_mailbox &to = e.mailbox_of(r.from);
      if (reply.size() > node_mailbox::reply_capacity)
        platform::fatal("a reply of %zu bytes for process %d (at most %zu)",
                        reply.size(), r.from, node_mailbox::reply_capacity);
      std::memcpy(to.reply, reply.data(), reply.size());
      to.reply_size = reply.size();
    }
    tail += sizeof r + align8(r.len);
    m.tail.store(tail, std::memory_order_release);
  }
  serving = false;
}

} // namespace ito::comm
