#include "comm/transport.hpp"

#include "platform/own_allocations.hpp"
#include "platform/process_exit.hpp"
#include "platform/stats.hpp"
#include "platform/trace.hpp"

#include <cstring>

namespace ito::comm {

namespace {
// Requests and one-way messages share a tag (one probe per poll); replies
// have their own, so a poll never takes a reply meant for call().
constexpr int tag_request = 101;
constexpr int tag_reply = 102;
} // namespace

transport::transport(MPI_Comm world, int n_ranks, handler_fn handler)
    : comm_(world), handler_(handler),
      posted_to_(static_cast<size_t>(n_ranks), 0) {}

transport::~transport() { reap_sends(true); }

void transport::serve(int src, std::vector<char> &msg) {
  // Buffers of this call's own: a handler may poll again (a write-back
  // served at a steal waits for its replies) and serve requests within.
  std::vector<char> reply;
  const bool outer_deferred = reply_deferred_; // (a handler may nest)
  reply_deferred_ = false;
  const bool replies = handler_(src, msg.data(), msg.size(), reply);
  const bool deferred = reply_deferred_;
  reply_deferred_ = outer_deferred;
  // (A deferred reply is sent by whoever keeps it, with send_reply.)
  if (replies && !deferred)
    // Nonblocking: two processes that serve each other's requests while
    // waiting for their own replies must not both block in a send.
    send_buffered(src, std::move(reply), tag_reply);
  else if (!replies)
    posted_received_++;
  served_++;
}

void transport::send_reply(int target, std::vector<char> &&reply) {
  platform::own_allocation_scope runtime_buffers;
  send_buffered(target, std::move(reply), tag_reply);
}

int transport::poll() {
  platform::own_allocation_scope runtime_buffers;
  int n = 0;
  for (;;) {
    int flag = 0;
    MPI_Message m;
    MPI_Status st;
    MPI_Improbe(MPI_ANY_SOURCE, tag_request, comm_, &flag, &m, &st);
    if (!flag)
      break;
    int count = 0;
    MPI_Get_count(&st, MPI_BYTE, &count);
    std::vector<char> msg(static_cast<size_t>(count));
    MPI_Mrecv(msg.data(), count, MPI_BYTE, &m, MPI_STATUS_IGNORE);
    serve(st.MPI_SOURCE, msg);
    n++;
  }
  if (!sends_.empty())
    reap_sends(false);
  return n;
}

void transport::call(int target, const void *req, std::size_t len,
                     std::vector<char> &reply) {
  platform::own_allocation_scope runtime_buffers;
  MPI_Send(req, static_cast<int>(len), MPI_BYTE, target, tag_request, comm_);
  receive_reply(target, reply);
}

void transport::begin(int target, std::vector<char> &&req) {
  platform::own_allocation_scope runtime_buffers;
  // Nonblocking: a large request (a write-back) must not wait for the
  // target while the target sends us a large reply.
  send_buffered(target, std::move(req), tag_request);
  pending_++;
}

void transport::finish(int target, std::vector<char> &reply) {
  platform::own_allocation_scope runtime_buffers;
  pending_--;
  receive_reply(target, reply);
}

void transport::receive_reply(int target, std::vector<char> &reply) {
  // The outermost wait counts (a request served meanwhile may wait too).
  const uint64_t since =
      !waiting_ && (platform::timing_on() || platform::tracing())
          ? platform::now_ns()
          : 0;
  waiting_++;
  for (;;) {
    int flag = 0;
    MPI_Message m;
    MPI_Status st;
    MPI_Improbe(target, tag_reply, comm_, &flag, &m, &st);
    if (flag) {
      int count = 0;
      MPI_Get_count(&st, MPI_BYTE, &count);
      reply.resize(static_cast<size_t>(count));
      MPI_Mrecv(reply.data(), count, MPI_BYTE, &m, MPI_STATUS_IGNORE);
      waiting_--;
      if (since) {
        const uint64_t now = platform::now_ns();
        if (wait_ns_)
          *wait_ns_ += now - since;
        if (platform::tracing())
          platform::trace(platform::trace_kind::wait, since, now, target);
      }
      return;
    }
    // Someone may be waiting on us while we wait: serve them. The target
    // may have ended the job instead of answering.
    poll();
    if (platform::stop_requested())
      platform::stop_at_safe_point();
  }
}

void transport::send_buffered(int target, std::vector<char> &&msg, int tag) {
  send_bufs_.push_back(std::move(msg));
  sends_.emplace_back();
  MPI_Isend(send_bufs_.back().data(),
            static_cast<int>(send_bufs_.back().size()), MPI_BYTE, target, tag,
            comm_, &sends_.back());
}

void transport::post(int target, const void *msg, std::size_t len) {
  platform::own_allocation_scope runtime_buffers;
  send_buffered(target,
                std::vector<char>(static_cast<const char *>(msg),
                                  static_cast<const char *>(msg) + len),
                tag_request);
  posted_to_[static_cast<size_t>(target)]++;
}

void transport::reap_sends(bool all) {
  if (all) {
    MPI_Waitall(static_cast<int>(sends_.size()), sends_.data(),
                MPI_STATUSES_IGNORE);
    sends_.clear();
    send_bufs_.clear();
    return;
  }
  int done = 0;
  MPI_Testall(static_cast<int>(sends_.size()), sends_.data(), &done,
              MPI_STATUSES_IGNORE);
  if (done) {
    sends_.clear();
    send_bufs_.clear();
  }
}

void transport::quiesce() {
  platform::own_allocation_scope runtime_buffers;
  // Every rank stops issuing requests before it gets here, and waits for
  // the replies to its own; so once all have arrived (the barrier), only
  // one-way messages can still be in flight. Count them in.
  MPI_Request barrier;
  MPI_Ibarrier(comm_, &barrier);
  for (int done = 0; !done;) {
    poll();
    if (platform::stop_requested())
      platform::stop_at_safe_point();
    MPI_Test(&barrier, &done, MPI_STATUS_IGNORE);
  }
  std::vector<int64_t> incoming(posted_to_.size());
  MPI_Alltoall(posted_to_.data(), 1, MPI_INT64_T, incoming.data(), 1,
               MPI_INT64_T, comm_);
  int64_t expected = 0;
  for (int64_t n : incoming)
    expected += n;
  while (posted_received_ < expected)
    poll();
  reap_sends(true);
  std::fill(posted_to_.begin(), posted_to_.end(), 0);
  posted_received_ = 0;
  MPI_Barrier(comm_);
}

} // namespace ito::comm
