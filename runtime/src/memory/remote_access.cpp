#include "memory/remote_access.hpp"

#include "comm/dispatch.hpp"
#include "comm/transport.hpp"
#include "memory/memory.hpp"
#include "platform/error.hpp"
#include "platform/kept_until_exit.hpp"
#include "platform/own_allocations.hpp"

#include <cstring>

namespace ito::memory {

namespace {

struct mem_request {
  mem_op op;
  segment seg;
  uint64_t offset; // or an address, a size
  uint64_t len;    // or a second argument
};

// The headers of a request whose len bytes of data follow them in msg.
void put_request_header(std::vector<char> &msg, const mem_request &r,
                        std::size_t len) {
  const comm::msg_header h{comm::msg_kind::memory,
                           static_cast<uint32_t>(sizeof r + len), 0, 0};
  std::memcpy(msg.data(), &h, sizeof h);
  std::memcpy(msg.data() + sizeof h, &r, sizeof r);
}

std::vector<char> make_request(const mem_request &r, const void *data = nullptr,
                               std::size_t len = 0) {
  platform::own_allocation_scope runtime_buffers;
  std::vector<char> msg(sizeof(comm::msg_header) + sizeof r + len);
  put_request_header(msg, r, len);
  if (len)
    std::memcpy(msg.data() + sizeof(comm::msg_header) + sizeof r, data, len);
  return msg;
}

void check_home(memory_system &m, const mem_request &r, int src) {
  if (r.offset + r.len > m.homes().size(r.seg))
    platform::fatal("rank %d asked for global memory at offset %llu (%llu "
                    "bytes) beyond this process's home segment",
                    src, static_cast<unsigned long long>(r.offset),
                    static_cast<unsigned long long>(r.len));
}

template <class T> void reply_with(std::vector<char> &reply, const T &v) {
  reply.resize(sizeof v);
  std::memcpy(reply.data(), &v, sizeof v);
}

bool serve(int src, const comm::msg_header &, const char *payload,
           std::vector<char> &reply) {
  memory_system &m = the_memory("a global memory request");
  mem_request r;
  std::memcpy(&r, payload, sizeof r);
  switch (r.op) {
  case mem_op::fetch: {
    check_home(m, r, src);
    const char *p = m.homes().own(r.seg) + r.offset;
    reply.assign(p, p + r.len);
    return true;
  }
  case mem_op::write:
    check_home(m, r, src);
    std::memcpy(m.homes().own(r.seg) + r.offset, payload + sizeof r, r.len);
    reply.clear();
    return true;
  case mem_op::write_runs: {
    const char *at = payload + sizeof r;
    const char *end = at + r.len;
    while (at + 8 <= end) {
      uint32_t off, n;
      std::memcpy(&off, at, 4);
      std::memcpy(&n, at + 4, 4);
      at += 8;
      const mem_request run{r.op, r.seg, r.offset + off, n};
      if (at + n > end)
        platform::fatal("a write from rank %d ends in the middle of a run",
                        src);
      check_home(m, run, src);
      std::memcpy(m.homes().own(r.seg) + run.offset, at, n);
      at += n;
    }
    reply.clear();
    return true;
  }
  case mem_op::atomic: {
    atomic_args a;
    std::memcpy(&a, payload + sizeof r, sizeof a);
    const mem_request at{r.op, r.seg, r.offset, a.size};
    check_home(m, at, src);
    reply_with(reply, apply_atomic(m.homes().own(r.seg) + r.offset, a));
    return true;
  }
  case mem_op::free:
    m.free_here(r.offset);
    return false;
  case mem_op::free_many:
    for (uint64_t k = 0; k < r.len; k++) {
      uint64_t off;
      std::memcpy(&off, payload + sizeof r + k * sizeof off, sizeof off);
      m.free_here(off);
    }
    return false;
  case mem_op::coll_alloc:
    reply_with(reply, m.collectives().serve_allocate(r.offset, r.len));
    return true;
  case mem_op::coll_alloc_program:
    reply_with(reply, m.collectives().serve_allocate(r.offset, r.len, true));
    return true;
  case mem_op::coll_free:
    reply_with(reply, m.collectives().serve_free(r.offset));
    return true;
  case mem_op::coll_lookup:
    reply_with(reply, m.collectives().serve_lookup(r.offset));
    return true;
  }
  platform::fatal("unknown global memory request %u from rank %d",
                  static_cast<unsigned>(r.op), src);
}

} // namespace

void begin_fetch(comm::transport &net, const home_loc &h, std::size_t len) {
  net.begin(h.rank,
            make_request(mem_request{mem_op::fetch, h.seg, h.offset, len}));
}

void finish_fetch(comm::transport &net, int rank, void *dst, std::size_t len) {
  static thread_local platform::kept_until_exit<std::vector<char>> reply;
  net.finish(rank, *reply);
  if (reply->size() != len)
    platform::fatal("a fetch from rank %d returned %zu bytes instead of %zu",
                    rank, reply->size(), len);
  std::memcpy(dst, reply->data(), len);
}

void begin_write(comm::transport &net, const home_loc &h, const void *src,
                 std::size_t len) {
  net.begin(
      h.rank,
      make_request(mem_request{mem_op::write, h.seg, h.offset, len}, src, len));
}

std::size_t write_runs_header_size() {
  return sizeof(comm::msg_header) + sizeof(mem_request);
}

void begin_write_runs(comm::transport &net, const home_loc &h,
                      std::vector<char> &&message) {
  const std::size_t len = message.size() - write_runs_header_size();
  put_request_header(message, {mem_op::write_runs, h.seg, h.offset, len}, len);
  net.begin(h.rank, std::move(message));
}

void finish_write(comm::transport &net, int rank) {
  static thread_local platform::kept_until_exit<std::vector<char>> reply;
  net.finish(rank, *reply);
}

uint64_t remote_atomic(comm::transport &net, const home_loc &h,
                       const atomic_args &a) {
  std::vector<char> msg = make_request(
      mem_request{mem_op::atomic, h.seg, h.offset, sizeof a}, &a, sizeof a);
  static thread_local platform::kept_until_exit<std::vector<char>> reply;
  net.call(h.rank, msg.data(), msg.size(), *reply);
  if (reply->size() != sizeof(uint64_t))
    platform::fatal("an atomic operation at rank %d returned %zu bytes", h.rank,
                    reply->size());
  uint64_t old;
  std::memcpy(&old, reply->data(), sizeof old);
  return old;
}

void post_free(comm::transport &net, int rank, uint64_t offset) {
  std::vector<char> msg =
      make_request(mem_request{mem_op::free, segment::heap, offset, 0});
  net.post(rank, msg.data(), msg.size());
}

void post_frees(comm::transport &net, int rank, const uint64_t *offsets,
                std::size_t n) {
  std::vector<char> msg =
      make_request(mem_request{mem_op::free_many, segment::heap, 0, n}, offsets,
                   n * sizeof *offsets);
  net.post(rank, msg.data(), msg.size());
}

coll_desc call_collective(comm::transport &net, mem_op op, uint64_t a,
                          uint64_t b) {
  std::vector<char> msg =
      make_request(mem_request{op, segment::collective, a, b});
  std::vector<char> reply;
  net.call(0, msg.data(), msg.size(), reply);
  coll_desc d;
  std::memcpy(&d, reply.data(), sizeof d);
  return d;
}

void install_memory_handler() {
  comm::set_handler(comm::msg_kind::memory, serve);
}

} // namespace ito::memory
