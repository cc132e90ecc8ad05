#include "comm/endpoint.hpp"

#include "comm/dispatch.hpp"
#include "platform/job.hpp"
#include "platform/process_exit.hpp"

#include <ctime>
#include <string>
#include <unistd.h>

namespace ito::comm {

namespace {

endpoint *current = nullptr;

// Ends the job in the processes of other machines (platform/process_exit).
void send_stop(long long code) {
  endpoint *e = current;
  if (!e || !e->multi_node())
    return;
  for (int r = 0; r < e->topo().n_ranks(); r++)
    if (!platform::on_this_machine(r)) {
      msg_header h{msg_kind::stop, 0, 0, static_cast<uint64_t>(code)};
      e->net().post(r, &h, sizeof h);
    }
}

} // namespace

endpoint &the_endpoint() { return *current; }
endpoint *the_endpoint_or_null() { return current; }

endpoint::endpoint(const platform::topology &topo, platform::stats &counters)
    : topo_(topo) {
  own_segment_ =
      platform::shm_segment(platform::job_segment_name(topo.rank(), "mailbox"),
                            sizeof(node_mailbox), /*create=*/true);
  own_ = new (own_segment_.base()) node_mailbox;
  own_->init();

  MPI_Comm node = topo.node_comm();
  std::vector<int> node_ranks(static_cast<std::size_t>(topo.node_n_ranks()));
  int me = topo.rank();
  MPI_Allgather(&me, 1, MPI_INT, node_ranks.data(), 1, MPI_INT, node);
  MPI_Barrier(node);
  mailbox_of_.assign(static_cast<std::size_t>(topo.n_ranks()), nullptr);
  mailbox_of_[static_cast<std::size_t>(me)] = own_;
  for (int r : node_ranks) {
    if (r == me)
      continue;
    platform::shm_segment s(platform::job_segment_name(r, "mailbox"),
                            sizeof(node_mailbox),
                            /*create=*/false);
    mailbox_of_[static_cast<std::size_t>(r)] =
        static_cast<node_mailbox *>(s.base());
    peer_segments_.push_back(std::move(s));
  }
  MPI_Barrier(node);
  // Everyone has mapped everything: a crash leaves nothing in /dev/shm.
  own_segment_.unlink();

  if (topo.n_nodes() > 1) {
    net_ = std::make_unique<transport>(topo.world(), topo.n_ranks(),
                                       serve_request);
    net_->count_waits_in(&counters.wait_ns);
  }
  current = this;
  platform::set_stop_sender(send_stop);
}

endpoint::~endpoint() {
  if (current == this)
    current = nullptr;
}

} // namespace ito::comm
