// The inter-node transport: requests to another process, served by that
// process when it polls, answered by a reply (function shipping over MPI
// two-sided messages).
//
// Why not MPI-3 RMA: without RDMA offload (shared memory, TCP, most
// non-InfiniBand networks) every RMA operation still waits for the target to
// enter MPI, and a steal over RMA needs about seven of them (lock, read top
// and bottom, bump top, read the slot, write the join entry, read the
// frames, unlock). Shipping the whole steal to the victim costs one round
// trip on the same poll. It also keeps every atomic operation on a runtime
// word in the hands of CPUs of its own node: MPI does not promise that its
// atomics and the CPU's agree on the same location, and ranks of one node
// use CPU atomics on each other's deques and join entries.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ito::comm {

class transport {
public:
  // Serves one request: msg/len from src; writes the reply (if the request
  // kind expects one) into reply and returns true.
  using handler_fn = bool (*)(int src, const char *msg, std::size_t len,
                              std::vector<char> &reply);

  transport(MPI_Comm world, int n_ranks, handler_fn handler);
  ~transport();

  // Sends a request and waits for the reply, serving requests meanwhile.
  void call(int target, const void *req, std::size_t len,
            std::vector<char> &reply);
  // Sends a request without waiting; finish() collects its reply. Replies
  // from one target come back in the order of its requests, so several
  // requests may be in flight at once (the fetches of one checkout).
  void begin(int target, std::vector<char> &&req);
  // Waits for the reply to the oldest unfinished begin() to target, serving
  // requests meanwhile.
  void finish(int target, std::vector<char> &reply);
  // A request with no reply.
  void post(int target, const void *msg, std::size_t len);
  // Replies of begin() not collected yet: a call() now would take one of
  // them for its own.
  bool replies_pending() const { return pending_ != 0; }
  // Serves the requests that have arrived. Returns how many.
  int poll();
  // Called by the handler of a request (of a kind that comes through the
  // transport): the reply goes later, through send_reply, once this
  // process has done what the requester waits for. The requester waits in
  // call(), serving requests meanwhile.
  void defer_reply() { reply_deferred_ = true; }
  void send_reply(int target, std::vector<char> &&reply);

  // Collective end of a region: waits until every request in flight has
  // been served, including one-way ones, while serving requests.
  void quiesce();

  uint64_t served() const { return served_; }
  // Where the time spent waiting for replies goes (ITO_STATS).
  void count_waits_in(uint64_t *wait_ns) { wait_ns_ = wait_ns; }

private:
  void serve(int src, std::vector<char> &msg);
  void receive_reply(int target, std::vector<char> &reply);
  void reap_sends(bool all);
  void send_buffered(int target, std::vector<char> &&msg, int tag);

  MPI_Comm comm_;
  handler_fn handler_;
  std::vector<MPI_Request> sends_;
  std::vector<std::vector<char>> send_bufs_;
  std::vector<int64_t> posted_to_; // one-way messages sent, per target
  int64_t posted_received_ = 0;    // one-way messages received
  uint64_t served_ = 0;
  uint64_t *wait_ns_ = nullptr;
  bool reply_deferred_ = false; // set by the handler being served
  int waiting_ = 0;             // nested waits for replies
  int64_t pending_ = 0; // begin()s not finished
};

} // namespace ito::comm
